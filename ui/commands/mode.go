package commands

import (
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/input"
)

// /mode switches to the permission mode named, or opens the mode picker.
func init() {
	register(Command{Command: input.Command{Name: "mode", Description: "Switch the permission mode", ArgumentHint: "[mode]"},
		Place: placeScreen + 4, Run: func(s Session, args string) tea.Cmd {
			if args != "" {
				return s.ChooseMode(args)
			}
			return s.PickMode()
		}})
}
