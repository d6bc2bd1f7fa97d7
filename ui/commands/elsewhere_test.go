package commands

import (
	"slices"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/ui/input"
)

// A Claude Code command with no meaning in gclaude answers, by name and alias, with one
// line that names it and says what to do instead; it stays out of the / menu.
func TestElsewhereCommandsAnswerInOneLine(t *testing.T) {
	for _, name := range []string{"mobile", "ios", "android", "radio", "stickers", "powerup", "tui", "bg", "share",
		"feedback", "terminal-setup", "ide", "release-notes", "scroll-speed", "subtask", "workflows", "cd"} {
		c, ok := Lookup(name)
		if !ok {
			t.Fatalf("/%s is unknown", name)
		}
		h := &fakeSession{}
		if cmd := c.Run(h, "anything"); cmd != nil {
			t.Errorf("/%s returned a Cmd", name)
		}
		if len(h.notices) != 1 || strings.Contains(h.notices[0], "\n") || !strings.Contains(h.notices[0], "/"+c.Name) {
			t.Errorf("/%s said %q, want one line naming /%s", name, h.notices, c.Name)
		}
		if slices.ContainsFunc(Builtin(), func(b input.Command) bool { return b.Name == c.Name }) {
			t.Errorf("/%s is in the / menu", c.Name)
		}
	}
}
