package commands

import (
	"os/exec"
	"strings"
	"testing"
)

// /logout runs claude's own sign-out, says what it said and restarts claude on this
// conversation; a failure says so and restarts nothing; without the user's own claude
// or while a turn runs it says why not.
func TestLogout(t *testing.T) {
	var ran [][]string
	h := &fakeSession{}
	h.info.Claude = func(args ...string) *exec.Cmd {
		ran = append(ran, args)
		return exec.Command("sh", "-c", "echo Successfully logged out from your Anthropic account.")
	}
	c, ok := Lookup("logout")
	if !ok || !c.Live {
		t.Fatal("/logout is unknown or does not need claude")
	}
	h.run(t, c.Run(h, ""))
	if len(ran) != 1 || strings.Join(ran[0], " ") != "auth logout" {
		t.Errorf("ran %q", ran)
	}
	if len(h.notices) != 1 || !strings.Contains(h.notices[0], "Successfully logged out") || len(h.reloads) != 1 {
		t.Errorf("notices %q, reloads %v", h.notices, h.reloads)
	}

	h = &fakeSession{}
	h.info.Claude = func(...string) *exec.Cmd { return exec.Command("sh", "-c", "echo not signed in >&2; exit 1") }
	h.run(t, c.Run(h, ""))
	if len(h.notices) != 1 || !strings.Contains(h.notices[0], "not signed in") || len(h.reloads) != 0 {
		t.Errorf("failure: notices %q, reloads %v", h.notices, h.reloads)
	}

	for _, h := range []*fakeSession{{}, {info: Info{Running: true, Claude: h.info.Claude}}} {
		if cmd := c.Run(h, ""); cmd != nil || len(h.notices) != 1 {
			t.Errorf("refused: %v %q", cmd != nil, h.notices)
		}
	}
}
