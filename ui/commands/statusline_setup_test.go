package commands

import (
	"strings"
	"testing"
)

// /statusline hands the setup to claude's statusline-setup agent, with what the user
// asked for (the shell prompt's look without), and says when gclaude shows the line.
func TestStatusLineSetup(t *testing.T) {
	c, _ := Lookup("statusline")
	h := &fakeSession{}
	c.Run(h, "")
	c.Run(h, " show the git branch ")
	if len(h.submitted) != 2 || !strings.Contains(h.submitted[0], `subagent_type "statusline-setup"`) ||
		!strings.Contains(h.submitted[0], "PS1") || !strings.HasSuffix(h.submitted[1], ": show the git branch") {
		t.Errorf("submitted %q", h.submitted)
	}
	if len(h.notices) != 2 || !strings.Contains(h.notices[0], "next start of claude") {
		t.Errorf("notices %q", h.notices)
	}
}
