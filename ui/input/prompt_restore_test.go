package input

import (
	"path/filepath"
	"testing"

	"github.com/gclaude/gclaude/protocol"
)

// A prompt given back keeps its images: its chips are renumbered after the draft's
// own, and sending again sends every image, in order.
func TestRestoreKeepsImages(t *testing.T) {
	dir := t.TempDir()
	shot := writeFile(t, filepath.Join(dir, "a.png"), pngBytes)
	h := newPromptHarness(t)
	h.ws.Dir = dir
	h.paste(shot) // the draft typed since already has an image 1
	h.typeText("new")
	first := protocol.ImageSource{Type: "base64", MediaType: "image/gif", Data: "R0lG"}
	second := protocol.ImageSource{Type: "base64", MediaType: "image/webp", Data: "UklG"}
	h.p.Restore("look [image 1] and [image 2]", []protocol.ImageSource{first, second})
	if want := "look [image 2] and [image 3]\n[image 1] new"; h.draft() != want {
		t.Fatalf("draft %q, want %q", h.draft(), want)
	}
	h.keys("enter")
	in := h.submits()[0]
	if len(in.Images) != 3 || in.Images[0] != first || in.Images[1] != second || in.Images[2].MediaType != "image/png" {
		t.Errorf("sent %d images: %+v", len(in.Images), in.Images)
	}
}

// A text whose chips do not match its images comes back as text only.
func TestRestoreTextOnlyWhenChipsDoNotMatch(t *testing.T) {
	h := newPromptHarness(t)
	h.p.Restore("typed [image 7] by hand", nil)
	if h.draft() != "typed [image 7] by hand" {
		t.Fatalf("draft %q", h.draft())
	}
	h.keys("enter")
	if in := h.submits()[0]; len(in.Images) != 0 {
		t.Errorf("sent %d images", len(in.Images))
	}
}
