package tab

import (
	"strings"
	"testing"

	"github.com/gclaude/gclaude/process"
)

// At 80 columns the help line still names the way into the transcript and the help
// screen (items name no keys, since enter sends from the prompt), and, in the
// transcript, the way back.
func TestHelpLineNamesTheWayAround(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.msgs(systemInit(), result())
	line := h.keyLine()
	for _, want := range []string{"enter send", "tab focus transcript", "? help"} {
		if !strings.Contains(stripANSI(line), want) {
			t.Errorf("prompt focus: help line %q lacks %q", stripANSI(line), want)
		}
	}
	h.keys("tab")
	if line := stripANSI(h.keyLine()); !strings.Contains(line, "esc back to input") || !strings.Contains(line, "enter expand") {
		t.Errorf("transcript focus: help line %q", line)
	}
}

// The status bar's interrupt hint names a key that interrupts where the focus is: esc
// in the prompt, but in the transcript esc goes back to the prompt, so ctrl+c.
func TestInterruptHintFollowsFocus(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.msgs(systemInit())
	if got := h.tab.StatusBar().InterruptHint; got != "esc to interrupt" {
		t.Errorf("prompt focus: %q", got)
	}
	h.keys("tab")
	if got := h.tab.StatusBar().InterruptHint; got != "ctrl+c to interrupt" {
		t.Errorf("transcript focus: %q", got)
	}
	h.keys("esc") // back to the prompt; the turn goes on
	if !h.tab.turn.Running || h.tab.focus != focusInput {
		t.Fatalf("esc in the transcript: running %v, focus %v", h.tab.turn.Running, h.tab.focus)
	}
}

// "enter restarts it" is said plainly only where enter does: in the prompt.
func TestRestartHintFollowsFocus(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.msgs(systemInit(), result())
	h.events(process.Exited{Code: 1})
	if got := h.tab.StatusBar().Phase; got != "claude is not running · enter restarts it" {
		t.Errorf("prompt focus: %q", got)
	}
	h.keys("tab")
	if got := h.tab.StatusBar().Phase; got != "claude is not running · enter in the prompt restarts it" {
		t.Errorf("transcript focus: %q", got)
	}
}
