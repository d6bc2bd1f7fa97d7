package commands

import (
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/input"
)

// /clear starts a new conversation in a new claude; the old one is closed.
func init() {
	register(Command{Command: input.Command{Name: "clear", Description: "Start a new conversation", Aliases: []string{"reset", "new"}},
		Place: placeScreen + 2, Run: func(s Session, _ string) tea.Cmd { return s.Clear() }})
}
