package commands

import (
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/input"
)

// /help opens the full help screen: keys, commands and prompt tips.
func init() {
	register(Command{Command: input.Command{Name: "help", Description: "Show keys and commands"},
		Place: placeScreen + 1, Run: func(s Session, _ string) tea.Cmd {
			return s.Workspace().Do(OpenHelp{})
		}})
}
