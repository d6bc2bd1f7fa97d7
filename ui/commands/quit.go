package commands

import (
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/input"
)

// /quit ends gclaude (and claude with it).
func init() {
	register(Command{Command: input.Command{Name: "quit", Description: "Quit gclaude", Aliases: []string{"exit"}},
		Place: placeScreen + 5, Run: func(s Session, _ string) tea.Cmd { return s.Workspace().Do(Quit{}) }})
}
