package ui

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// A save of the workspace that fails is said at once, in the session in front, and
// once only; the workspace is written again a while later, and its success is said.
func TestFailedSaveIsSaidAtOnce(t *testing.T) {
	fail := true
	saves := 0
	h := newHarness(t, func(o *Options) {
		o.Workspace.Save = func(w SavedWorkspace) <-chan error {
			saves++
			done := make(chan error, 1)
			if fail && len(w.Tabs) > 0 { // one session alone only removes the file
				done <- errors.New("mkdir /state/gclaude: read-only file system")
			} else {
				done <- nil
			}
			return done
		}
	})
	h.ready()
	second := h.openTab(t.TempDir())
	if got := flat(h.screen()); !strings.Contains(got, "the workspace cannot be saved (mkdir /state/gclaude: read-only file system)") {
		t.Fatalf("a failed save is not said:\n%s", h.screen())
	}
	h.openTab(t.TempDir())
	secondMD, _ := second.Conversation()
	frontMD, _ := h.front().Conversation()
	if n := strings.Count(secondMD+frontMD, "cannot be saved"); n != 1 {
		t.Fatalf("the failure was said %d times", n)
	}
	fail = false
	before := saves
	h.advance(saveRetryAfter)
	if saves != before+1 || !strings.Contains(flat(h.screen()), "the workspace is saved again") {
		t.Fatalf("after the retry: %d saves (want %d)\n%s", saves, before+1, h.screen())
	}
	h.now = h.now.Add(time.Minute)
	h.advance(saveRetryAfter)
	if saves != before+1 {
		t.Fatalf("a saved workspace was written again unchanged: %d saves", saves)
	}
}
