package ui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// ctrl+c twice and ctrl+d on an empty prompt leave gclaude: the workspace's keys (the
// session's part of ctrl+c is tested in ui/tab).

func TestCtrlC(t *testing.T) {
	t.Run("interrupts a running turn", func(t *testing.T) {
		h := newHarness(t)
		h.typeText("go")
		h.keys("enter")
		h.typeText("draft")
		h.keys("ctrl+c")
		if h.b.interrupts != 1 || h.draft() != "draft" || h.quit {
			t.Fatalf("interrupts %d draft %q quit %v", h.b.interrupts, h.draft(), h.quit)
		}
	})
	t.Run("clears the draft when idle", func(t *testing.T) {
		h := newHarness(t)
		h.typeText("draft")
		h.keys("ctrl+c")
		if h.draft() != "" || h.b.interrupts != 0 || h.quit {
			t.Fatalf("draft %q interrupts %d quit %v", h.draft(), h.b.interrupts, h.quit)
		}
		if !strings.Contains(h.screen(), "press ctrl+c again to quit") {
			t.Fatalf("no quit hint:\n%s", h.screen())
		}
	})
	t.Run("twice within 2s quits and closes the CLI", func(t *testing.T) {
		h := newHarness(t)
		h.keys("ctrl+c")
		h.now = h.now.Add(1500 * time.Millisecond)
		h.keys("ctrl+c")
		if !h.quit || h.b.closed != 1 {
			t.Fatalf("quit %v closed %d", h.quit, h.b.closed)
		}
	})
	t.Run("twice 3s apart does not quit", func(t *testing.T) {
		h := newHarness(t)
		h.keys("ctrl+c")
		h.advance(3 * time.Second) // the hint expires too
		if strings.Contains(h.screen(), "again to quit") {
			t.Fatal("hint did not expire")
		}
		h.keys("ctrl+c")
		if h.quit {
			t.Fatal("quit after 3 s")
		}
		h.now = h.now.Add(time.Second)
		h.keys("ctrl+c")
		if !h.quit {
			t.Fatal("did not quit on the second press within 2 s")
		}
	})
}

func TestCtrlD(t *testing.T) {
	h := newHarness(t)
	h.typeText("ab")
	h.keys("left", "ctrl+d") // not empty: deletes forward
	if h.quit || h.draft() != "a" {
		t.Fatalf("quit %v draft %q", h.quit, h.draft())
	}
	h.keys("ctrl+u", "ctrl+d")
	if h.draft() != "" || !h.quit || h.b.closed != 1 {
		t.Fatalf("draft %q quit %v closed %d", h.draft(), h.quit, h.b.closed)
	}
}

func TestCtrlCWhileClosingLeavesAtOnce(t *testing.T) {
	h := newHarness(t)
	// Quit, but do not let the close command report back (as if Close hung).
	h.m.Update(keyMsg("ctrl+d"))
	if !h.m.quitting {
		t.Fatal("ctrl+d did not start quitting")
	}
	_, cmd := h.m.Update(keyMsg("ctrl+c"))
	if cmd == nil {
		t.Fatal("no command")
	}
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Fatal("ctrl+c while closing does not quit")
	}
}
