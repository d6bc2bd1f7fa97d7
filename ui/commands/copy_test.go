package commands

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// copySession is a session whose answers /copy reads, with a state folder of its own.
func copySession(t *testing.T, answers ...string) (*fakeSession, string) {
	state := t.TempDir()
	h := &fakeSession{answers: answers}
	h.info.Getenv = func(k string) string {
		if k == "XDG_STATE_HOME" {
			return state
		}
		return ""
	}
	return h, filepath.Join(state, "gclaude", "response.md")
}

// runCopyCmd runs /copy args and returns the text its Cmd sent to the clipboard.
func runCopyCmd(t *testing.T, h *fakeSession, args string) string {
	t.Helper()
	c, _ := Lookup("copy")
	cmd := c.Run(h, args)
	if cmd == nil {
		return ""
	}
	next := cmd().(Result).Apply(h)
	if next == nil {
		t.Fatal("/copy sent nothing to the clipboard")
	}
	msg := next()
	if fmt.Sprintf("%T", msg) != "tea.setClipboardMsg" {
		t.Fatalf("/copy's last Cmd gave a %T, not the clipboard", msg)
	}
	return fmt.Sprint(msg)
}

// /copy copies the last answer to the clipboard and into a file; /copy 2 the one
// before; a number out of range or not a number says so and copies nothing.
func TestCopyNthLastAnswer(t *testing.T) {
	h, file := copySession(t, "the newest\nanswer", "an older one")
	if got := runCopyCmd(t, h, ""); got != "the newest\nanswer" {
		t.Errorf("clipboard = %q", got)
	}
	if b, err := os.ReadFile(file); err != nil || string(b) != "the newest\nanswer" {
		t.Errorf("file = %q, %v", b, err)
	}
	if len(h.notices) != 1 || !strings.Contains(h.notices[0], "the last answer (17 characters, 2 lines) sent to your terminal's clipboard") ||
		!strings.Contains(h.notices[0], file) {
		t.Errorf("notice = %q", h.notices)
	}
	if got := runCopyCmd(t, h, " 2 "); got != "an older one" {
		t.Errorf("/copy 2 copied %q", got)
	}
	if b, _ := os.ReadFile(file); string(b) != "an older one" {
		t.Errorf("the file was not replaced: %q", b)
	}
	for args, want := range map[string]string{"3": "only 2 answers to copy", "0": "usage: /copy [N]", "x": "usage: /copy [N]"} {
		h.notices = nil
		if got := runCopyCmd(t, h, args); got != "" || len(h.notices) != 1 || !strings.Contains(h.notices[0], want) {
			t.Errorf("/copy %s: copied %q, said %q; want %q", args, got, h.notices, want)
		}
	}
	h, _ = copySession(t)
	if got := runCopyCmd(t, h, ""); got != "" || len(h.notices) != 1 || !strings.Contains(h.notices[0], "no answer to copy yet") {
		t.Errorf("with no answer: copied %q, said %q", got, h.notices)
	}
}
