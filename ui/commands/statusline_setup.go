package commands

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/input"
)

// /statusline [what to show] sets up the settings' statusLine as Claude Code does: a
// prompt that hands the work to claude's statusline-setup agent (it reads the shell's
// prompt and edits ~/.claude/settings.json). gclaude draws that status line (README:
// "Your status line"), read when claude starts.
func init() {
	register(Command{Command: input.Command{Name: "statusline", Description: "Set up the status line (claude's statusline-setup agent)", ArgumentHint: "[what to show]"},
		Place: placeEveryday + 10, Live: true, Run: runStatusLine})
}

func runStatusLine(s Session, args string) tea.Cmd {
	what := strings.TrimSpace(args)
	if what == "" {
		what = "base it on my shell's PS1 prompt"
	}
	s.Notice(noticeInfo, "/statusline: Claude sets up the statusLine in your settings; gclaude shows it from the next start of claude (/clear, or gclaude again).")
	return s.Submit(`Use the Agent tool with subagent_type "statusline-setup" to set up my Claude Code status line: ` + what)
}
