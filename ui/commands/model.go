package commands

import (
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/input"
)

// /model switches to the model named, or opens the model picker.
func init() {
	register(Command{Command: input.Command{Name: "model", Description: "Switch the model", ArgumentHint: "[model]"},
		Place: placeScreen + 3, Run: func(s Session, args string) tea.Cmd {
			if args != "" {
				return s.ChooseModel(args)
			}
			return s.PickModel()
		}})
}
