package input

import (
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pngBytes is enough of a PNG for content sniffing.
var pngBytes = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02\x00\x00\x00")

func writeFile(t *testing.T, path string, data []byte) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestImagePath(t *testing.T) {
	tests := []struct {
		paste string
		want  string
	}{
		{"/tmp/shot.png", "/tmp/shot.png"},
		{"  /tmp/shot.PNG\n", "/tmp/shot.PNG"},
		{"'/tmp/my shot.jpg'", "/tmp/my shot.jpg"},
		{`"/tmp/my shot.jpeg"`, "/tmp/my shot.jpeg"},
		{`/tmp/my\ shot.gif`, "/tmp/my shot.gif"},
		{"file:///tmp/my%20shot.webp", "/tmp/my shot.webp"},
		{"~/Pictures/a.png", "/home/dev/Pictures/a.png"},
		{"shots/a.png", "/home/dev/project/shots/a.png"},
		{"/tmp/notes.txt", ""},
		{"/tmp/a.png\n/tmp/b.png", ""},
		{"look at /tmp/a.png", "/home/dev/project/look at /tmp/a.png"},
		{"file://otherhost/a.png", ""},
		{"", ""},
	}
	for _, tt := range tests {
		got, ok := imagePath(tt.paste, "/home/dev/project", "/home/dev")
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("imagePath(%q) = %q, %v; want %q", tt.paste, got, ok, tt.want)
		}
	}
}

func TestPasteImage(t *testing.T) {
	dir := t.TempDir()
	shot := writeFile(t, filepath.Join(dir, "my shot.png"), pngBytes)
	h := newPromptHarness(t)
	h.proj.Dir = dir
	h.typeText("what is")
	h.paste("'" + shot + "'")
	if h.draft() != "what is [image 1] " {
		t.Fatalf("draft %q", h.draft())
	}
	h.paste(strings.ReplaceAll(shot, " ", `\ `))
	h.typeText("and this?")
	if h.draft() != "what is [image 1] [image 2] and this?" {
		t.Fatalf("draft %q", h.draft())
	}
	h.keys("enter")
	if len(h.submits()) != 1 {
		t.Fatalf("%d sends", len(h.submits()))
	}
	in := h.submits()[0]
	if in.Text != "what is [image 1] [image 2] and this?" || len(in.Images) != 2 {
		t.Fatalf("sent %q with %d images", in.Text, len(in.Images))
	}
	want := base64.StdEncoding.EncodeToString(pngBytes)
	for _, img := range in.Images {
		if img.Type != "base64" || img.MediaType != "image/png" || img.Data != want {
			t.Fatalf("image %+v", img)
		}
	}
	// The next prompt starts without images, numbered from 1 again.
	h.paste(shot)
	if h.draft() != "[image 1] " {
		t.Fatalf("draft %q", h.draft())
	}
}

func TestBackspaceRemovesChip(t *testing.T) {
	dir := t.TempDir()
	shot := writeFile(t, filepath.Join(dir, "a.png"), pngBytes)
	h := newPromptHarness(t)
	h.proj.Dir = dir
	h.paste(shot)
	h.paste(shot)
	if h.draft() != "[image 1] [image 2] " {
		t.Fatalf("draft %q", h.draft())
	}
	h.keys("backspace") // the space
	h.keys("backspace") // the whole chip
	if h.draft() != "[image 1] " || len(h.p.attach.items) != 1 || h.p.attach.items[0].n != 1 {
		t.Fatalf("draft %q, %d images", h.draft(), len(h.p.attach.items))
	}
	h.typeText("x")
	h.keys("enter")
	if in := h.submits()[0]; len(in.Images) != 1 {
		t.Fatalf("sent %d images", len(in.Images))
	}

	t.Run("typed text that looks like a chip", func(t *testing.T) {
		h := newPromptHarness(t)
		h.typeText("[image 3]")
		h.keys("backspace")
		if h.draft() != "[image 3" {
			t.Fatalf("draft %q", h.draft())
		}
	})
	t.Run("a chip deleted by hand sends no image", func(t *testing.T) {
		h := newPromptHarness(t)
		h.proj.Dir = dir
		h.paste(shot)
		h.p.Clear() // ctrl+c
		h.typeText("no picture")
		h.keys("enter")
		if in := h.submits()[0]; len(in.Images) != 0 {
			t.Fatalf("sent %d images", len(in.Images))
		}
	})
}

func TestPasteNotAnImage(t *testing.T) {
	dir := t.TempDir()
	fake := writeFile(t, filepath.Join(dir, "fake.png"), []byte("just text"))
	big := writeFile(t, filepath.Join(dir, "big.png"), append(pngBytes, make([]byte, maxImageBytes)...))
	tests := []struct {
		name, paste, notice string
	}{
		{"no such file", filepath.Join(dir, "missing.png"), ""},
		{"a text path", "/etc/hosts", ""},
		{"not an image inside", fake, "fake.png was not attached: it is not a PNG, JPEG, GIF or WebP image"},
		{"too big", big, "big.png was not attached: it is 3.8 MB; images can be at most 3.8 MB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newPromptHarness(t)
			h.proj.Dir = dir
			h.paste(tt.paste)
			if h.draft() != tt.paste {
				t.Fatalf("draft %q: the paste must stay as text", h.draft())
			}
			if len(h.p.attach.items) != 0 {
				t.Fatal("attached")
			}
			if got := h.notices(); tt.notice != "" && !strings.Contains(got, tt.notice) {
				t.Errorf("no notice %q:\n%s", tt.notice, got)
			}
		})
	}
}
