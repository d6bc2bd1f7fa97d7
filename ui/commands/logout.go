package commands

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/input"
)

// /logout signs out of the Anthropic account, as Claude Code's does: claude's own
// `claude auth logout`, then claude restarts on this conversation, so that it no longer
// uses the account (an ANTHROPIC_API_KEY in the environment still counts).
func init() {
	register(Command{Command: input.Command{Name: "logout", Description: "Sign out from your Anthropic account (claude auth logout), then restart claude"},
		Place: placeConversation + 7, Live: true, Run: runLogout})
}

func runLogout(s Session, _ string) tea.Cmd {
	in := s.Info()
	switch {
	case in.Claude == nil:
		s.Notice(noticeInfo, "/logout is not available here: this session does not use your own claude account on this machine")
		return nil
	case in.Running:
		s.Notice(noticeInfo, "/logout restarts claude: wait for the turn to end, or interrupt it first")
		return nil
	}
	c := in.Claude("auth", "logout")
	return s.Later(func() Done {
		out, err := c.CombinedOutput()
		said := strings.TrimSpace(string(out))
		if err != nil {
			return Done{Kind: noticeError, Text: "claude auth logout failed: " + strings.TrimSpace(said+" "+err.Error())}
		}
		return Done{Kind: noticeInfo, Text: "claude auth logout: " + said, Then: func(s Session) tea.Cmd {
			return s.Reload("restarting claude without the account…", ReloadTo{})
		}}
	})
}
