package input

import (
	"strconv"
	"strings"
	"testing"
)

// A 1 MB paste is sent whole, byte for byte, where it was pasted. Before, the editor
// kept 819,931 of its bytes and said nothing.
func TestBigPasteIsSentWhole(t *testing.T) {
	text := bigPaste(1 << 20)
	lines := strings.Count(text, "\n")
	h := newPromptHarness(t)
	h.typeText("review this: ")
	h.paste(text)
	h.typeText(" thanks")
	chip := pasteChip(1, text)
	if want := "review this: " + chip + " thanks"; h.draft() != want {
		t.Fatalf("draft = %.200q, want %q", h.draft(), want)
	}
	if !strings.Contains(chip, "+"+itoa(lines)+" lines") {
		t.Errorf("chip %q does not count the %d lines", chip, lines)
	}
	h.keys("enter")
	got := h.submits()[0].Text
	if want := "review this: " + text + " thanks"; got != want {
		t.Fatalf("sent %d bytes, want %d (the paste whole)", len(got), len(want))
	}
}

// Backspace after the chip removes it and its text: nothing of it is sent.
func TestBackspaceRemovesPasteChip(t *testing.T) {
	h := newPromptHarness(t)
	h.typeText("a ")
	h.paste(bigPaste(100 << 10))
	h.keys("backspace")
	if h.draft() != "a " {
		t.Fatalf("draft = %q", h.draft())
	}
	h.typeText("b")
	h.keys("enter")
	if got := h.submits()[0].Text; got != "a b" {
		t.Errorf("sent %.100q", got)
	}
}

// A small paste still goes into the editor as text.
func TestSmallPasteIsText(t *testing.T) {
	h := newPromptHarness(t)
	h.paste("two\nlines")
	if h.draft() != "two\nlines" {
		t.Errorf("draft = %q", h.draft())
	}
}

// A paste past the limit is refused, with a notice that says why and what to do.
func TestHugePasteIsRefusedWithANotice(t *testing.T) {
	h := newPromptHarness(t)
	h.typeText("keep me")
	h.paste(strings.Repeat("x", maxPasteBytes+1))
	if h.draft() != "keep me" {
		t.Errorf("draft = %.100q", h.draft())
	}
	if n := h.notices(); !strings.Contains(n, "was not taken") || !strings.Contains(n, "10 MB") {
		t.Errorf("notices = %q", n)
	}
}

// A big prompt given back (claude could not take it) comes back whole, as a chip.
func TestRestoreBigPromptAsChip(t *testing.T) {
	text := bigPaste(200 << 10)
	h := newPromptHarness(t)
	h.p.Restore(text, nil)
	if h.draft() != pasteChip(1, text) {
		t.Fatalf("draft = %.100q", h.draft())
	}
	h.keys("enter")
	if got := h.submits()[0].Text; got != text {
		t.Errorf("sent %d bytes, want %d", len(got), len(text))
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// Pastes that are small one by one but add up past what the editor holds become
// chips too: the draft is never cut.
func TestPastesAddUpToAChip(t *testing.T) {
	small := bigPaste(editorPasteBytes / 2)
	tests := []struct {
		draft string
		want  bool
	}{
		{"", false},
		{strings.Repeat("x", editorDraftBytes-len(small)), false},
		{strings.Repeat("x", editorDraftBytes-len(small)+1), true},
		{strings.Repeat("\n", editorDraftLines-strings.Count(small, "\n")-1), false},
		{strings.Repeat("\n", editorDraftLines-strings.Count(small, "\n")), true},
	}
	for _, tt := range tests {
		if got := tooBigForEditor(tt.draft, small); got != tt.want {
			t.Errorf("draft of %d bytes, %d lines: tooBigForEditor = %v", len(tt.draft), strings.Count(tt.draft, "\n"), got)
		}
	}
}

// A terminal pastes line ends as CR (tmux and xterm do): a kept paste gets LF, as
// the editor gives typed and smaller pasted text.
func TestPasteLineEndsBecomeNewlines(t *testing.T) {
	text := bigPaste(100 << 10)
	h := newPromptHarness(t)
	h.paste(strings.ReplaceAll(text, "\n", "\r"))
	if want := pasteChip(1, text); h.draft() != want {
		t.Fatalf("draft = %q, want %q", h.draft(), want)
	}
	h.keys("enter")
	if got := h.submits()[0].Text; got != text {
		t.Errorf("sent %.80q…, want the text with LF line ends", got)
	}
}
