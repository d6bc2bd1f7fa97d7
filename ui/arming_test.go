package ui

import (
	"testing"
	"time"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/ui/tab"
)

// twoDecisions is a workspace of two sessions, each waiting on a decision: the first's
// asked first (so the inbox shows it first), the second's is on screen in front and
// armed long ago.
func twoDecisions(t *testing.T) (h *harness, first, second *tab.Tab, firstB, secondB *fakeBackend) {
	h = newHarness(t)
	h.ready()
	first, firstB = h.m.tabs.front, h.b
	second = h.openTab(t.TempDir())
	secondB = h.b
	h.eventsFor(first, process.PermissionRequest{Req: bashRequest("req-a", "toolu_a")})
	h.now = h.now.Add(time.Second)
	h.eventsFor(second, process.PermissionRequest{Req: bashRequest("req-b", "toolu_b")})
	h.now = h.now.Add(time.Second)
	h.advance(0)
	return h, first, second, firstB, secondB
}

// In the inbox, a second key right after the first answered one decision does not
// answer the next: a dialog that was on screen once before is armed afresh when it
// comes back in front (before, only its first showing armed it).
func TestInboxRearmsADialogThatComesBack(t *testing.T) {
	h, _, _, firstB, secondB := twoDecisions(t)
	h.send(keyMsg("alt+i"))
	h.now = h.now.Add(time.Second)
	h.advance(0)
	h.keys("1")
	if len(firstB.responds) != 1 || len(secondB.responds) != 0 {
		t.Fatalf("the first key: first %+v, second %+v", firstB.responds, secondB.responds)
	}
	h.now = h.now.Add(150 * time.Millisecond)
	h.keys("1")
	if len(secondB.responds) != 0 {
		t.Fatalf("a key 0.15 s after the first answered the next decision: %+v", secondB.responds)
	}
	h.now = h.now.Add(time.Second)
	h.advance(0)
	h.keys("1")
	if len(secondB.responds) != 1 || secondB.responds[0].id != "req-b" {
		t.Fatalf("once armed again, the key answers it: %+v", secondB.responds)
	}
}

// A decision that leaves the inbox on its own (its session's claude ended while the
// user was about to answer) gives way to the next, which re-arms: a key meant for the
// first answers nothing.
func TestInboxRearmsWhenTheDecisionShownVanishes(t *testing.T) {
	h, first, _, _, secondB := twoDecisions(t)
	h.send(keyMsg("alt+i"))
	h.now = h.now.Add(time.Second)
	h.advance(0)
	h.eventsFor(first, process.Exited{Code: 1})
	if !h.m.inbox.open || h.m.inbox.tab == first {
		t.Fatalf("the inbox did not move on: open %v", h.m.inbox.open)
	}
	h.now = h.now.Add(50 * time.Millisecond)
	h.keys("1")
	if len(secondB.responds) != 0 {
		t.Fatalf("the key meant for the vanished decision answered the next: %+v", secondB.responds)
	}
}

// Switching sessions brings the other's dialog in front: it re-arms too, and so does
// the first one's when the user comes back.
func TestSwitchingRearmsTheDialogInFront(t *testing.T) {
	h, first, second, firstB, secondB := twoDecisions(t)
	h.send(keyMsg("alt+,"))
	if h.m.tabs.front != first {
		t.Fatal("not in the first session")
	}
	h.now = h.now.Add(time.Second)
	h.advance(0)
	h.send(keyMsg("alt+."))
	if h.m.tabs.front != second {
		t.Fatal("not back in the second session")
	}
	h.now = h.now.Add(100 * time.Millisecond)
	h.keys("1")
	if len(secondB.responds) != 0 || len(firstB.responds) != 0 {
		t.Fatalf("a key right after switching answered: first %+v, second %+v", firstB.responds, secondB.responds)
	}
}
