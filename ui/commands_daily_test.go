package ui

import (
	"slices"
	"testing"
)

// A typo of a command is refused here, with the closest name, and never sent.
func TestUnknownCommandRefused(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.typeText("/stauts")
	h.keys("esc") // close the popup (it offers nothing)
	h.keys("enter")
	if got := h.b.sentTexts(); len(got) != 0 {
		t.Fatalf("sent %q", got)
	}
	h.transcriptHas(t, "Did you mean /status?")

	// The CLI's own commands still go to the CLI.
	h.typeText("/review")
	h.keys("enter")
	if got := h.b.sentTexts(); !slices.Equal(got, []string{"/review"}) {
		t.Fatalf("sent %q", got)
	}
}
