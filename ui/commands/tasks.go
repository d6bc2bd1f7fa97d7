package commands

import (
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/input"
)

// /tasks (Claude Code's name; /bashes is its older alias) opens the task pane: the
// background shells and subagents with their output, and stop.
func init() {
	register(Command{Command: input.Command{Name: "tasks", Aliases: []string{"bashes"},
		Description: "List background shells and agents (output, stop)"},
		Place: placeScreen + 10, Run: func(s Session, _ string) tea.Cmd {
			s.OpenTasks()
			return nil
		}})
}
