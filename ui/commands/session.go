package commands

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/localcmd"
	"github.com/gclaude/gclaude/ui/status"
)

// Commands about the conversation that are one control request to claude.

// Rename sets the conversation's title.
func Rename(h Host, title string) tea.Cmd {
	title = strings.Join(strings.Fields(title), " ")
	if title == "" {
		h.Notice(noticeWarning, "usage: /rename <title>")
		return nil
	}
	return control(h, "rename", protocol.RenameSession{Title: title}, func(json.RawMessage) Done {
		// The bar changes with system/session_title_changed, which follows.
		return Done{Kind: noticeInfo, Text: "conversation renamed to " + title}
	})
}

// Context asks for the full breakdown of the context window. The full form counts
// tokens with the API (a second or so).
func Context(h Host) tea.Cmd {
	return control(h, "context", protocol.GetContextUsage{}, func(body json.RawMessage) Done {
		var u protocol.ContextUsage
		if err := json.Unmarshal(body, &u); err != nil {
			return Done{Kind: noticeError, Text: "/context: claude's answer could not be read: " + err.Error()}
		}
		return Done{Kind: noticeInfo, Text: render.ContextReport(&u), Then: func(h Host) tea.Cmd {
			h.SetContextUsage(&u)
			return nil
		}}
	})
}

// Cost shows the CLI's account of this process's cost, and the whole conversation's
// when earlier runs of claude took part in it.
func Cost(h Host) tea.Cmd {
	return control(h, "cost", protocol.GetSessionCost{}, func(body json.RawMessage) Done {
		var c protocol.SessionCost
		if err := json.Unmarshal(body, &c); err != nil {
			return Done{Kind: noticeError, Text: "/cost: claude's answer could not be read: " + err.Error()}
		}
		return Done{Then: func(h Host) tea.Cmd {
			// The total is read on the update loop, as it is when the answer arrives.
			text := "Cost of this claude session\n" + strings.TrimRight(c.Text, "\n")
			if s := h.Session(); s.EarlierRuns {
				text += fmt.Sprintf("\nWith the earlier runs of claude in this conversation: %s in all", status.FormatCost(s.CostUSD))
			}
			h.Notice(noticeInfo, text)
			return nil
		}}
	})
}

// control sends req for /command and reads the answer with done; a failed request
// says so.
func control(h Host, command string, req protocol.HostRequest, done func(body json.RawMessage) Done) tea.Cmd {
	return h.Ask(command, func(ctx context.Context, ask localcmd.Ask) Done {
		body, err := ask(ctx, req)
		if err != nil {
			return Done{Kind: noticeError, Text: fmt.Sprintf("/%s failed: %v", command, err)}
		}
		return done(body)
	})
}
