package ui

import (
	"testing"

	"github.com/gclaude/gclaude/process"
)

// runningCLIs is how many tabs have a claude.
func (h *harness) runningCLIs() int {
	n := 0
	for _, t := range h.m.tabs.all {
		if t.Status().Running {
			n++
		}
	}
	return n
}

// withMaxRunning sets --max-running.
func withMaxRunning(n int) func(*Options) {
	return func(o *Options) { o.Workspace.MaxRunning = n }
}

// The session just opened counts against the limit: opening a third session with a
// limit of two stops the oldest idle one (before, its claude was not counted while it
// started, and three ran).
func TestRunningLimitCountsTheSessionJustOpened(t *testing.T) {
	h := newHarness(t, withMaxRunning(2))
	h.ready()
	first := h.m.tabs.front
	h.openTab(t.TempDir())
	h.openTab(t.TempDir())
	if n := h.runningCLIs(); n != 2 {
		t.Fatalf("%d claude processes run with --max-running 2", n)
	}
	if first.Status().Running {
		t.Fatal("the least recently used idle session kept its claude")
	}
}

// A session that was busy when the limit was last applied is stopped once its turn
// ends: the limit holds whenever a session goes idle, not only on the next switch.
func TestRunningLimitAppliesWhenATurnEnds(t *testing.T) {
	h := newHarness(t, withMaxRunning(2))
	h.ready()
	first := h.m.tabs.front
	h.typeText("a long job")
	h.keys("enter")
	h.msgs(systemInit())
	second := h.openTab(t.TempDir())
	h.typeText("another long job")
	h.keys("enter")
	h.msgs(systemInit())
	h.openTab(t.TempDir())
	if n := h.runningCLIs(); n != 3 {
		t.Fatalf("%d running: two busy sessions and the one in front should all run", n)
	}
	h.eventsFor(first, process.Message{Msg: result()})
	if n := h.runningCLIs(); n != 2 || first.Status().Running {
		t.Fatalf("after the first session's turn ended: %d running, first running %v", n, first.Status().Running)
	}
	if !second.Status().Running {
		t.Fatal("the session still working was stopped")
	}
}

// A restored workspace keeps to the limit as the user goes through its sessions: each
// shown one starts, and those left behind are stopped once they are ready (before, 4
// ran with a limit of 2 until the next switch).
func TestRunningLimitHoldsAcrossARestore(t *testing.T) {
	dirs := []string{t.TempDir(), t.TempDir(), t.TempDir(), t.TempDir()}
	var saved []SavedTab
	for i, d := range dirs {
		saved = append(saved, SavedTab{Dir: d, SessionID: "id-" + string(rune('a'+i))})
	}
	h := newHarness(t, func(o *Options) {
		o.Backend = nil
		o.CWD = dirs[0]
		o.Workspace = WorkspaceOptions{Launch: 0, Front: 0, Restore: saved, MaxRunning: 2}
	})
	for range 3 {
		h.send(keyMsg("alt+."))
	}
	for _, t := range h.m.tabs.all {
		h.eventsFor(t, process.Ready{})
	}
	if n := h.runningCLIs(); n > 2 {
		t.Fatalf("%d claude processes run after a restore with --max-running 2", n)
	}
	if !h.m.tabs.front.Status().Running {
		t.Fatal("the session in front was stopped")
	}
}

// A session with a background task still running is not stopped: its task would die
// with its claude.
func TestRunningLimitSparesBackgroundTasks(t *testing.T) {
	h := newHarness(t, withMaxRunning(1))
	h.ready()
	first := h.m.tabs.front
	h.typeText("start the dev server")
	h.keys("enter")
	h.msgs(systemInit(), toolUse("toolu_1"), bgStarted(), result())
	if first.StatusBar().TasksRunning != 1 {
		t.Fatal("the background task is not running")
	}
	h.openTab(t.TempDir())
	if !first.Status().Running {
		t.Fatal("a session whose background task runs was stopped")
	}
}
