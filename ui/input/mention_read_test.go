package input

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// An @mention of a file says "Read notes.md (3 lines)", counting lines as Claude Code
// does (not the empty one after the last newline); other @words say nothing.
func TestMentionReads(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("notes.md", "one\ntwo\nthree\n")
	write("src/a.go", "package a")
	write("empty.txt", "")
	got := MentionReads(dir, "look at @notes.md and @src/a.go, @empty.txt @missing.md @src me@example.com @notes.md")
	want := []string{"Read notes.md (3 lines)", "Read empty.txt (0 lines)"}
	// "@src/a.go," carries the comma: no such file.
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("MentionReads = %q, want %q", got, want)
	}
	if got := MentionReads(dir, "@src/a.go"); !reflect.DeepEqual(got, []string{"Read src/a.go (1 line)"}) {
		t.Fatalf("a file without a final newline: %q", got)
	}
}
