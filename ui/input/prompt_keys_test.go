package input

import (
	"testing"
)

// "\" then enter is a newline, as in Claude Code: the backslash goes, nothing is sent.
func TestBackslashEnterInsertsNewline(t *testing.T) {
	h := newPromptHarness(t)
	h.typeText(`first line\`)
	h.keys("enter")
	if len(h.submits()) != 0 {
		t.Fatalf("backslash+enter sent the prompt: %+v", h.submits())
	}
	h.typeText("second")
	if got, want := h.draft(), "first line\nsecond"; got != want {
		t.Fatalf("draft = %q, want %q", got, want)
	}
	h.keys("enter")
	if s := h.submits(); len(s) != 1 || s[0].Text != "first line\nsecond" {
		t.Fatalf("sent %+v", s)
	}
}

// A backslash elsewhere in the draft is text: enter sends it as typed.
func TestBackslashNotBeforeCursorIsText(t *testing.T) {
	h := newPromptHarness(t)
	h.typeText(`C:\dir x`)
	h.keys("enter")
	if s := h.submits(); len(s) != 1 || s[0].Text != `C:\dir x` {
		t.Fatalf("sent %+v", s)
	}
}
