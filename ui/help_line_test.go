package ui

import (
	"strings"
	"testing"
)

// At 80 columns the help line still names the way into the transcript and the help
// screen (items name no keys, since enter sends from the prompt), and, in the
// transcript, the way back.
func TestHelpLineNamesTheWayAround(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.msgs(systemInit(), result())
	line := h.m.helpLine()
	for _, want := range []string{"enter send", "tab focus transcript", "? help"} {
		if !strings.Contains(stripANSI(line), want) {
			t.Errorf("prompt focus: help line %q lacks %q", stripANSI(line), want)
		}
	}
	h.keys("tab")
	if line := stripANSI(h.m.helpLine()); !strings.Contains(line, "esc back to input") || !strings.Contains(line, "enter expand") {
		t.Errorf("transcript focus: help line %q", line)
	}
}
