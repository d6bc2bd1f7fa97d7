package input

import (
	"strings"
	"testing"

	"github.com/gclaude/gclaude/protocol"
)

// A restored prompt goes above the draft typed since; its image chips get their
// images back and are sent with them.
func TestRestoreKeepsImagesAndDraft(t *testing.T) {
	h := newPromptHarness(t)
	img := protocol.ImageSource{Type: "base64", MediaType: "image/png", Data: "iVBO"}
	h.typeText("typed since")
	if lost := h.p.Restore("what is [image 1]", []protocol.ImageSource{img}); lost != 0 {
		t.Fatalf("%d images lost", lost)
	}
	if got := h.draft(); got != "what is [image 1]\ntyped since" {
		t.Fatalf("draft = %q", got)
	}
	h.keys("enter")
	s := h.submits()
	if len(s) != 1 || len(s[0].Images) != 1 || s[0].Images[0] != img {
		t.Fatalf("sent %+v", s)
	}
}

// A prompt too long for the editor comes back as a paste chip and is sent whole.
func TestRestoreHugePromptAsChip(t *testing.T) {
	h := newPromptHarness(t)
	huge := strings.Repeat("row\n", 5000)
	h.p.Restore(huge, nil)
	if got := h.draft(); got != "[Pasted text #1 +5000 lines]" {
		t.Fatalf("draft = %q", got)
	}
	h.keys("enter")
	if s := h.submits(); len(s) != 1 || s[0].Text != huge {
		t.Fatal("not sent whole")
	}
}
