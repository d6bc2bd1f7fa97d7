package commands

import (
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/input"
)

// /login runs the CLI's sign-in on the terminal, then restarts claude; the session does
// it (ui/tab/login.go), since it replaces claude.
func init() {
	register(Command{Command: input.Command{Name: "login", Description: "Sign in to your Anthropic account (claude auth login), then restart claude"},
		Place: placeConversation + 6, Live: true, Run: func(s Session, _ string) tea.Cmd { return s.Login() }})
}
