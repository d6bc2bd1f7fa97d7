package commands

import (
	"encoding/json"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/input"
)

// /hooks shows the hooks claude runs, read-only as in Claude Code: get_hooks_listing
// gives them by event and matcher, from the settings files, the session and plugins,
// with what keeps any from running.
func init() {
	register(Command{Command: input.Command{Name: "hooks", Description: "View the hooks claude runs, by event and source"},
		Place: placeEveryday + 8, Live: true, Run: runHooks, Answer: answerHooks})
}

func runHooks(s Session, _ string) tea.Cmd {
	return control(s, "hooks", raw("get_hooks_listing", nil), func(body json.RawMessage) Done {
		var l protocol.HooksListing
		if err := json.Unmarshal(body, &l); err != nil {
			return Done{Kind: noticeError, Text: "/hooks: claude's answer could not be read: " + err.Error()}
		}
		return Done{Then: func(s Session) tea.Cmd {
			return s.OpenPicker(func(env dialogs.Env) dialogs.Dialog { return dialogs.NewHooksList(l, env) })
		}}
	})
}

// answerHooks goes between the list and a hook's detail.
func answerHooks(s Session, a dialogs.Action) (tea.Cmd, bool) {
	show, ok := a.(dialogs.HooksShow)
	if !ok {
		return nil, false
	}
	return s.OpenPicker(func(env dialogs.Env) dialogs.Dialog {
		if show.Row < 0 || show.Row >= len(show.Listing.Hooks) {
			return dialogs.NewHooksList(show.Listing, env)
		}
		return dialogs.NewHookDetail(show.Listing, show.Row, env)
	}), true
}
