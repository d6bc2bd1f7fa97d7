package ui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// An idle workspace measures its claudes' memory every few seconds: the timer and a
// measurement that changes no figure the session list shows must leave the last frame
// in place; one that changes a figure must draw it.
func TestMemoryMeasureRedrawsOnlyWhatChanged(t *testing.T) {
	h := newHarness(t)
	h.ready()
	second := h.openTab(t.TempDir())
	h.send(tea.WindowSizeMsg{Width: 140, Height: 30})
	first := h.m.tabs.all[0]
	h.send(rssMeasured{first.ID(): 300 << 20, second.ID(): 200 << 20})
	if got := stripANSI(h.m.View().Content); !strings.Contains(got, "300 MB") || !strings.Contains(got, "200 MB") {
		t.Fatalf("the list lacks the measured memory:\n%s", got)
	}

	h.m.noteFrame(rssDue{}, nil)
	h.send(rssMeasured{first.ID(): 300<<20 + 4096, second.ID(): 200 << 20})
	if _, ok := h.m.frame.Cached(time.Now()); !ok {
		t.Fatal("a measurement that changes no shown figure redrew the screen")
	}

	h.send(rssMeasured{first.ID(): 301 << 20, second.ID(): 200 << 20})
	if _, ok := h.m.frame.Cached(time.Now()); ok {
		t.Fatal("a changed figure must be drawn on the next frame")
	}
	if got := stripANSI(h.m.View().Content); !strings.Contains(got, "301 MB") {
		t.Fatalf("the list lacks the new figure:\n%s", got)
	}
}
