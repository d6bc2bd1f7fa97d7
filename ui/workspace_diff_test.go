package ui

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/tab"
)

// changedRepo is a git repository with one commit and an uncommitted change to it.
func changedRepo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	git := func(args ...string) {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	file := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(file, []byte("first line\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git("init", "-q", "-b", "main")
	git("add", "notes.txt")
	git("-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-q", "-m", "first")
	if err := os.WriteFile(file, []byte("first line\nthe line the session added\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// d in the session list shows that session's diff where the list was, in the session
// the user is in; no transcript gets it, however often d is pressed (before, the list
// closed, nothing showed, and each press wrote the diff into the other session's
// transcript).
func TestSessionPickerDiffShowsInThePickersPlace(t *testing.T) {
	h := newHarness(t)
	h.ready()
	first := h.m.tabs.front
	second := h.openTab(changedRepo(t))
	h.send(keyMsg("alt+,"))
	for range 2 {
		h.send(keyMsg("alt+s"))
		h.keys("down", "d")
		top, _ := h.front().TopDialog()
		if h.m.tabs.front != first {
			t.Fatalf("front %d: want the first session", h.m.tabs.front.ID())
		}
		if _, ok := top.(*dialogs.DiffView); !ok {
			t.Fatalf("on top: %T, want the diff\n%s", top, h.screen())
		}
		screen := h.screen()
		for _, want := range []string{"Changes in " + h.m.tabs.name(second), "+the line the session added", "+1 −0"} {
			if !strings.Contains(screen, want) {
				t.Fatalf("the diff view lacks %q:\n%s", want, screen)
			}
		}
		h.keys("esc")
		if top, ok := h.front().TopDialog(); ok {
			t.Fatalf("esc left %T on screen: the diff must replace the picker, not stack on it", top)
		}
	}
	for _, tb := range []*tab.Tab{first, second} {
		if md, _ := tb.Conversation(); strings.Contains(md, "git diff") || strings.Contains(md, "the line the session added") {
			t.Fatalf("the diff went into a transcript:\n%s", md)
		}
	}
}
