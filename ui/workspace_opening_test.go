package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// submitOpen types /open arg and presses enter, holding back the Cmd that prepares the
// session, as if the folder check or the worktree took a while.
func (h *harness) submitOpen(arg string) tea.Cmd {
	h.typeText("/open " + arg)
	_, cmd := h.m.Update(keyMsg("enter"))
	return cmd
}

// finish lets a held-back Cmd report, and everything that follows.
func (h *harness) finish(cmd tea.Cmd) {
	h.exec(cmd)
	h.drain()
}

// Keys typed while /open prepares its session all go to one place: the new session's
// prompt (before, the first words stayed in the old session's and the rest landed in
// the new one's).
func TestKeysTypedWhileOpeningGoToOnePlace(t *testing.T) {
	h := newHarness(t)
	h.ready()
	first := h.m.tabs.front
	pending := h.submitOpen(t.TempDir())
	h.typeText("fix the login")
	if !strings.Contains(h.screen(), "fix the login") {
		t.Fatalf("the text typed while opening is not shown:\n%s", h.screen())
	}
	h.finish(pending)
	h.typeText(" bug")
	if h.m.tabs.front == first {
		t.Fatal("the new session is not in front")
	}
	if got := h.draft(); got != "fix the login bug" {
		t.Fatalf("the new session's draft is %q", got)
	}
	if got := first.Draft(); got != "" {
		t.Fatalf("the old session kept %q", got)
	}
}

// When opening fails, what was typed meanwhile goes to the session the user is in,
// and an /open typed while another prepares runs after it: none is lost.
func TestKeysTypedWhileOpeningFailsOrOpensAgain(t *testing.T) {
	h := newHarness(t)
	h.ready()
	first := h.m.tabs.front
	pending := h.submitOpen("/no/such/folder")
	h.typeText("still mine")
	h.finish(pending)
	if h.m.tabs.front != first || h.draft() != "still mine" {
		t.Fatalf("after a failed open: front %d, draft %q", h.m.tabs.front.ID(), h.draft())
	}
	h.keys("ctrl+u")
	dirA, dirB := t.TempDir(), t.TempDir()
	pending = h.submitOpen(dirA)
	h.typeText("/open " + dirB)
	h.keys("enter")
	h.typeText("hello")
	h.finish(pending)
	if len(h.m.tabs.all) != 3 || h.m.tabs.front.Place().Dir != dirB || h.draft() != "hello" {
		t.Fatalf("%d sessions, front in %q with %q: want the second /open run too", len(h.m.tabs.all), h.m.tabs.front.Place().Dir, h.draft())
	}
}
