package editor

import (
	"errors"
	"os"
	"slices"
	"testing"
)

func TestCommandLookup(t *testing.T) {
	tests := []struct {
		visual, editor string
		want           []string
	}{
		{"code -w", "nano", []string{"code", "-w", "/tmp/f"}},
		{"  ", "nano", []string{"nano", "/tmp/f"}},
		{"", "my-editor --wait", []string{"my-editor", "--wait", "/tmp/f"}},
		{"", "", []string{"vi", "/tmp/f"}},
	}
	for _, tt := range tests {
		env := map[string]string{"VISUAL": tt.visual, "EDITOR": tt.editor}
		c := Command(func(k string) string { return env[k] }, "/tmp/f")
		if !slices.Equal(c.Args, tt.want) {
			t.Errorf("VISUAL=%q EDITOR=%q: %q, want %q", tt.visual, tt.editor, c.Args, tt.want)
		}
	}
}

func TestWriteTempAndCollect(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	path, err := WriteTemp("gclaude-*.md", "draft")
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "draft" {
		t.Fatalf("temp file holds %q", b)
	}
	if err := os.WriteFile(path, []byte("edited\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	text, err := Collect(path, nil)
	if err != nil || text != "edited\n" {
		t.Fatalf("Collect = %q, %v", text, err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatal("temp file left behind")
	}
}

func TestCollectAfterAFailedEditor(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	path, err := WriteTemp("gclaude-*.md", "draft")
	if err != nil {
		t.Fatal(err)
	}
	failed := errors.New("exit status 1")
	if _, err := Collect(path, failed); !errors.Is(err, failed) {
		t.Fatalf("err = %v", err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatal("temp file left behind")
	}
}
