package tab

import (
	"strings"
	"testing"
)

func TestIntroOpensEveryTranscript(t *testing.T) {
	h := newHarness(t, func(o *launchOptions) { o.Intro = "Welcome to the tour.\nType 1 to start." })
	if s := h.screen(); !strings.Contains(s, "Welcome to the tour.") || !strings.Contains(s, "Type 1 to start.") {
		t.Fatalf("intro not shown:\n%s", s)
	}
	h.typeText("/clear")
	h.keys("enter")
	if len(h.starts) != 1 {
		t.Fatalf("starts = %v", h.starts)
	}
	if s := h.screen(); !strings.Contains(s, "Welcome to the tour.") {
		t.Fatalf("intro gone after /clear:\n%s", s)
	}
}

func TestNoIntroShowsTheWelcome(t *testing.T) {
	h := newHarness(t)
	if s := h.screen(); !strings.Contains(s, "✻ gclaude") {
		t.Fatalf("welcome not shown:\n%s", s)
	}
}
