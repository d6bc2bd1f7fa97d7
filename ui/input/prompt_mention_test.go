package input

import (
	"os"
	"path/filepath"
	"testing"
)

// projectDir makes a small project folder (not a git work tree: files.List walks it).
func projectDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range []string{"main.go", "README.md", "internal/files/match.go", "my docs/notes.md"} {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func newMentionHarness(t *testing.T) *promptHarness {
	h := newPromptHarness(t)
	h.proj.Dir = projectDir(t)
	return h
}

func TestMentionCompletes(t *testing.T) {
	tests := []struct {
		name  string
		typed string
		keys  []string
		draft string
		open  bool
	}{
		{"tab inserts the best match", "look at @ma", []string{"tab"}, "look at @main.go ", false},
		{"enter inserts, not sends", "@match", []string{"enter"}, "@internal/files/match.go ", false},
		{"down picks the next", "@ma", []string{"down", "tab"}, "@internal/files/match.go ", false},
		{"a folder keeps going", "@intfil", []string{"tab"}, "@internal/files/", true},
		{"paths with spaces are quoted", "@notes", []string{"tab"}, `@"my docs/notes.md" `, false},
		{"esc closes, the draft stays", "@ma", []string{"esc"}, "@ma", false},
		{"an e-mail address is no mention", "me@ma", nil, "me@ma", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newMentionHarness(t)
			h.typeText(tt.typed)
			h.keys(tt.keys...)
			if h.draft() != tt.draft || h.p.mention.Open() != tt.open {
				t.Fatalf("draft %q open %v, want %q %v", h.draft(), h.p.mention.Open(), tt.draft, tt.open)
			}
			if len(h.actions) != 0 {
				t.Fatalf("asked for %v", h.actions)
			}
		})
	}
}

func TestMentionListsOncePerSession(t *testing.T) {
	h := newMentionHarness(t)
	h.typeText("@")
	if !h.p.mention.Listed() || h.p.files.gen != h.proj.Gen {
		t.Fatal("typing @ did not list the project")
	}
	// A file made now is not seen in this session…
	if err := os.WriteFile(filepath.Join(h.proj.Dir, "later.go"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	h.keys("backspace")
	h.typeText("@later")
	if h.p.mention.Open() {
		if p, ok := h.p.mention.Selected(); ok && p == "later.go" {
			t.Fatal("listed again within one session")
		}
	}
	// …but is in the next one.
	h.p.Clear()
	h.proj.Gen++
	h.typeText("@later")
	if p, ok := h.p.mention.Selected(); !ok || p != "later.go" {
		t.Fatalf("new session: selected %q %v", p, ok)
	}
}

func TestMentionSentAsText(t *testing.T) {
	h := newMentionHarness(t)
	h.typeText("explain @main")
	h.keys("tab")
	h.typeText("please")
	h.keys("enter")
	got := h.submits()
	if len(got) != 1 || got[0].Text != "explain @main.go please" || len(got[0].Images) != 0 {
		t.Fatalf("sent %+v", got)
	}
}
