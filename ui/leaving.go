package ui

import (
	"regexp"
	"strings"
)

// What gclaude prints on its way out: like Claude Code's "claude --resume <id>", the
// command that comes back to this conversation.

// plainArg is what a shell takes as one word without quotes.
var plainArg = regexp.MustCompile(`^[A-Za-z0-9._:/@%+=-]+$`)

// ResumeLine is the line to print once the screen is restored, or "" when nothing
// was said: no turn ran in this conversation and none was resumed (after /clear
// the new conversation has no id until its first turn).
func (m *Model) ResumeLine() string {
	id := m.sess.sessionID
	if id == "" {
		return ""
	}
	return "Resume this conversation with: gclaude --resume " + shellWord(id)
}

// shellWord quotes s for a POSIX shell when it needs it.
func shellWord(s string) string {
	if plainArg.MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
