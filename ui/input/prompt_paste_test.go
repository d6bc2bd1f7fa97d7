package input

import (
	"fmt"
	"strings"
	"testing"
)

func numberedLines(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "line %d\n", i)
	}
	return b.String()
}

// A 60-line paste is a chip in the draft and is sent in full, where the chip was.
func TestLongPasteBecomesChipSentInFull(t *testing.T) {
	h := newPromptHarness(t)
	h.typeText("look: ")
	pasted := numberedLines(60)
	h.paste(pasted)
	if got, want := h.draft(), "look: [Pasted text #1 +60 lines]"; got != want {
		t.Fatalf("draft = %q, want %q", got, want)
	}
	h.typeText(" thanks")
	h.keys("enter")
	s := h.submits()
	if len(s) != 1 || s[0].Text != "look: "+pasted+" thanks" || s[0].Shown != "look: [Pasted text #1 +60 lines] thanks" {
		t.Fatalf("sent %q", s)
	}
	h.keys("up")
	if got := h.draft(); got != "look: "+pasted+" thanks" {
		t.Fatalf("the history has %q, not the text sent", got)
	}
}

// A short paste lands in the draft as text; a long single line is a chip too.
func TestShortPasteStaysInline(t *testing.T) {
	h := newPromptHarness(t)
	h.paste("one\ntwo\nthree")
	if got := h.draft(); got != "one\ntwo\nthree" {
		t.Fatalf("draft = %q", got)
	}
	h = newPromptHarness(t)
	long := strings.Repeat("x", 5000)
	h.paste(long)
	if got := h.draft(); got != "[Pasted text #1]" {
		t.Fatalf("draft = %q", got)
	}
	h.keys("enter")
	if s := h.submits(); len(s) != 1 || s[0].Text != long {
		t.Fatalf("sent %d prompts, first %d chars", len(s), len(s[0].Text))
	}
}

// Backspace after a chip removes it with its text; chips number from 1 again once
// none is left.
func TestBackspaceRemovesPasteChip(t *testing.T) {
	h := newPromptHarness(t)
	h.paste(numberedLines(20))
	h.paste(numberedLines(30))
	if got := h.draft(); got != "[Pasted text #1 +20 lines][Pasted text #2 +30 lines]" {
		t.Fatalf("draft = %q", got)
	}
	h.keys("backspace")
	if got := h.draft(); got != "[Pasted text #1 +20 lines]" {
		t.Fatalf("after backspace: %q", got)
	}
	h.keys("backspace")
	if got := h.draft(); got != "" {
		t.Fatalf("after two backspaces: %q", got)
	}
	h.paste(numberedLines(12))
	if got := h.draft(); got != "[Pasted text #1 +12 lines]" {
		t.Fatalf("numbering did not start again: %q", got)
	}
}

// ctrl+o puts the pasted text into the draft for editing; a chip typed by hand is
// only text.
func TestExpandPasteIntoDraft(t *testing.T) {
	h := newPromptHarness(t)
	pasted := numberedLines(15)
	h.paste(pasted)
	h.typeText(" [Pasted text #9 +3 lines]")
	h.keys("ctrl+o")
	if got, want := h.draft(), pasted+" [Pasted text #9 +3 lines]"; got != want {
		t.Fatalf("draft = %q, want %q", got, want)
	}
	h.keys("enter")
	if s := h.submits(); len(s) != 1 || s[0].Text != pasted+" [Pasted text #9 +3 lines]" {
		t.Fatalf("sent %q", s)
	}
}

// A paste too big for the editor stays a chip on ctrl+o, with a notice, and is still
// sent whole (a megabyte, CR line ends made LF).
func TestHugePasteStaysChip(t *testing.T) {
	h := newPromptHarness(t)
	huge := strings.Repeat(strings.Repeat("y", 99)+"\r\n", 10_000)
	h.paste(huge)
	if got := h.draft(); got != "[Pasted text #1 +10000 lines]" {
		t.Fatalf("draft = %q", got)
	}
	h.keys("ctrl+o")
	if got := h.draft(); got != "[Pasted text #1 +10000 lines]" {
		t.Fatalf("ctrl+o put a megabyte in the editor: %d chars", len(got))
	}
	if !strings.Contains(h.notices(), "too long to edit") {
		t.Fatalf("no notice: %q", h.notices())
	}
	h.keys("enter")
	want := strings.ReplaceAll(huge, "\r\n", "\n")
	if s := h.submits(); len(s) != 1 || s[0].Text != want {
		t.Fatalf("the paste was not sent whole")
	}
}

// A megabyte paste costs one chip in the editor, not a layout of its lines.
func BenchmarkPasteMegabyte(b *testing.B) {
	huge := strings.Repeat(strings.Repeat("z", 99)+"\n", 10_000)
	for b.Loop() {
		h := newPromptHarness(b)
		h.paste(huge)
	}
}

// After ctrl+o the editor shows the end of the text, where the cursor is.
func TestExpandedPasteShowsCursorLine(t *testing.T) {
	h := newPromptHarness(t)
	h.paste(numberedLines(60))
	h.keys("ctrl+o")
	if v := h.p.View(); !strings.Contains(v, "line 60") {
		t.Fatalf("the editor does not show the cursor's line:\n%s", v)
	}
}
