package commands

import (
	"encoding/json"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/input"
)

func init() {
	register(Command{Command: input.Command{Name: "rename", Description: "Give this conversation a title", ArgumentHint: "<title>", Aliases: []string{"name"}},
		Place: placeConversation + 2, Live: true, Run: runRename})
}

// runRename sets the conversation's title.
func runRename(s Session, title string) tea.Cmd {
	title = strings.Join(strings.Fields(title), " ")
	if title == "" {
		s.Notice(noticeWarning, "usage: /rename <title>")
		return nil
	}
	return control(s, "rename", protocol.RenameSession{Title: title}, func(json.RawMessage) Done {
		// The bar changes with system/session_title_changed, which follows.
		return Done{Kind: noticeInfo, Text: "conversation renamed to " + title}
	})
}
