package commands

import (
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/input"
)

// /resume switches to an earlier conversation of this folder: the one the argument
// names (id, id prefix or title), else the one picked from the list. The session does
// the switch (ui/tab/resume.go): it replaces claude and shows the history.
func init() {
	register(Command{Command: input.Command{Name: "resume", Description: "Resume an earlier conversation of this folder",
		ArgumentHint: "[session id or title]", Aliases: []string{"continue"}},
		Place: placeConversation + 1, Live: true, Run: func(s Session, args string) tea.Cmd { return s.Resume(args) }})
}
