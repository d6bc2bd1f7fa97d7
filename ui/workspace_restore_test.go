package ui

import (
	"strings"
	"testing"
)

// A restored workspace whose front session is not the launch folder's starts no claude
// for the launch session until it is shown: gclaude gives it none (cmd/run.go), and
// Init must not start one either. Before, Init opened the launch session behind the
// front one, starting its claude and loading its history unseen.
func TestRestoredWorkspaceLeavesTheLaunchSessionUnstarted(t *testing.T) {
	dirA, dirB := t.TempDir(), t.TempDir()
	h := newHarness(t, func(o *Options) {
		o.Backend = nil
		o.CWD = dirA
		o.Resume = ResumeOptions{ID: "id-a"}
		o.Workspace = WorkspaceOptions{Launch: 0, Front: 1,
			Restore: []SavedTab{{Dir: dirA, SessionID: "id-a"}, {Dir: dirB, SessionID: "id-b"}}}
	})
	launch := h.m.tabs.all[0]
	if h.m.tabs.front != h.m.tabs.all[1] {
		t.Fatalf("front %d: want the saved front", h.m.tabs.index(h.m.tabs.front))
	}
	if len(h.starts) != 1 || h.starts[0].Resume != "id-b" || launch.Status().Opened || launch.Status().Running {
		t.Fatalf("starts %+v, launch opened %v: want claude started only for the session shown", h.starts, launch.Status().Opened)
	}
	if state, _ := tabState(launch.Status()); !strings.HasPrefix(state, "saved") {
		t.Fatalf("the launch session's state is %q, want saved", state)
	}
	h.send(keyMsg("alt+,"))
	if len(h.starts) != 2 || h.starts[1].Resume != "id-a" || h.starts[1].Dir != dirA || !launch.Status().Opened {
		t.Fatalf("showing the launch session: starts %+v", h.starts)
	}
}
