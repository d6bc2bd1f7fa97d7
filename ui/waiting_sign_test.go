package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/ui/tab"
)

// barLine is the status bar of the current frame, plain.
func (h *harness) barLine() string {
	lines := strings.Split(h.screen(), "\n")
	return lines[len(lines)-2]
}

// threeSessions is a workspace of three sessions, wt1 and wt2 opened after the launch
// one, with the launch session in front.
func threeSessions(t *testing.T) (h *harness, launch, wt1, wt2 *tab.Tab) {
	h = newHarness(t)
	h.ready()
	launch = h.m.tabs.front
	base := t.TempDir()
	wt1 = h.openTab(mkdir(t, filepath.Join(base, "wt1")))
	wt2 = h.openTab(mkdir(t, filepath.Join(base, "wt2")))
	h.send(keyMsg("alt+."))
	if h.m.tabs.front != launch {
		t.Fatal("the launch session is not in front")
	}
	return h, launch, wt1, wt2
}

// The session in front says, in its status bar, that others wait on a decision: how
// many, which, and the key that answers them, at every width down to 60 columns. The
// workspace sets it from every session's queue, so it is never stale and never names a
// session that no longer waits.
func TestWaitingSignInTheSessionInFront(t *testing.T) {
	h, _, wt1, wt2 := threeSessions(t)
	if bar := h.barLine(); strings.Contains(bar, "waiting") {
		t.Fatalf("a sign with nothing waiting: %q", bar)
	}
	h.eventsFor(wt1, process.PermissionRequest{Req: bashRequest("r1", "t1")})
	if bar := h.barLine(); !strings.Contains(bar, "⧗ 1 waiting: wt1 · alt+i") {
		t.Fatalf("80 columns, one waiting: %q", bar)
	}
	h.eventsFor(wt2, process.PermissionRequest{Req: bashRequest("r2", "t2")})
	if bar := h.barLine(); !strings.Contains(bar, "⧗ 2 waiting: wt1, wt2 · alt+i") {
		t.Fatalf("80 columns, two waiting: %q", bar)
	}
	h.send(tea.WindowSizeMsg{Width: 60, Height: 24})
	if bar := h.barLine(); !strings.Contains(bar, "⧗ 2 waiting") || !strings.Contains(bar, "alt+i") {
		t.Fatalf("60 columns: %q", bar)
	}
	h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	h.eventsFor(wt1, process.Cancelled{RequestID: "r1"})
	if bar := h.barLine(); !strings.Contains(bar, "⧗ 1 waiting: wt2 · alt+i") || strings.Contains(bar, "wt1") {
		t.Fatalf("after wt1's request was withdrawn: %q", bar)
	}
	// In the waiting session itself its own dialog is on screen: the sign counts the
	// others only.
	h.send(keyMsg("alt+."))
	h.send(keyMsg("alt+."))
	if h.m.tabs.front != wt2 {
		t.Fatal("not in wt2")
	}
	if bar := h.barLine(); strings.Contains(bar, "waiting") {
		t.Fatalf("the session whose dialog is on screen signs itself: %q", bar)
	}
	if strings.Contains(flat(h.screen()), "waits for your decision") {
		t.Fatalf("a background session's hint reached the screen:\n%s", h.screen())
	}
}

// The sign at 80 and 60 columns, as drawn.
func TestGoldenWaitingSign(t *testing.T) {
	for _, width := range []int{80, 60} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			h, _, wt1, wt2 := threeSessions(t)
			h.eventsFor(wt1, process.PermissionRequest{Req: bashRequest("r1", "t1")})
			h.eventsFor(wt2, process.PermissionRequest{Req: bashRequest("r2", "t2")})
			h.send(tea.WindowSizeMsg{Width: width, Height: 24})
			requireGolden(t, fmt.Sprintf("waiting_sign_%dx24_dark", width), h.m.render())
		})
	}
}

// mkdir makes dir (and its parents) and returns it.
func mkdir(t *testing.T, dir string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}
