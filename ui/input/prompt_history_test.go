package input

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestHistoryWalkKeepsDraft(t *testing.T) {
	h := NewPromptHistory(10)
	h.Load([]string{"one", "two"})
	h.Add("three")

	steps := []struct {
		op       string
		want     string
		wantOK   bool
		wantWalk bool
	}{
		{"prev", "three", true, true},
		{"prev", "two", true, true},
		{"prev", "one", true, true},
		{"prev", "", false, true}, // oldest: stays
		{"next", "two", true, true},
		{"next", "three", true, true},
		{"next", "my draft", true, false}, // back to the draft
		{"next", "", false, false},
	}
	for i, st := range steps {
		var got string
		var ok bool
		if st.op == "prev" {
			got, ok = h.Prev("my draft")
		} else {
			got, ok = h.Next()
		}
		if got != st.want || ok != st.wantOK || h.Walking() != st.wantWalk {
			t.Fatalf("step %d %s = (%q, %v, walking %v), want (%q, %v, %v)", i, st.op, got, ok, h.Walking(), st.want, st.wantOK, st.wantWalk)
		}
	}
}

func TestHistoryAddSkipsRepeatsAndCaps(t *testing.T) {
	h := NewPromptHistory(3)
	for _, s := range []string{"a", "b", "b", "c", "d", ""} {
		h.Add(s)
	}
	if h.Len() != 3 {
		t.Fatalf("len = %d, want 3", h.Len())
	}
	var got []string
	for {
		s, ok := h.Prev("")
		if !ok {
			break
		}
		got = append(got, s)
	}
	if strings.Join(got, ",") != "d,c,b" {
		t.Fatalf("entries newest first = %v, want d,c,b", got)
	}
}

func TestHistoryLoadKeepsEarlierAdds(t *testing.T) {
	h := NewPromptHistory(10)
	h.Add("typed before load")
	h.Load([]string{"old"})
	if s, _ := h.Prev(""); s != "typed before load" {
		t.Fatalf("newest = %q", s)
	}
	if s, _ := h.Prev(""); s != "old" {
		t.Fatalf("second = %q", s)
	}
}

func TestHistoryPath(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	tests := []struct {
		name    string
		env     map[string]string
		prefix  string
		wantErr bool
	}{
		{"xdg", map[string]string{"XDG_STATE_HOME": "/state", "HOME": "/home/u"}, "/state/gclaude/history/", false},
		{"home default", map[string]string{"HOME": "/home/u"}, "/home/u/.local/state/gclaude/history/", false},
		{"relative xdg ignored", map[string]string{"XDG_STATE_HOME": "rel", "HOME": "/home/u"}, "/home/u/.local/state/gclaude/history/", false},
		{"nothing", map[string]string{}, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := PromptHistoryPath("/work/project", env(tt.env))
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v", err)
			}
			if tt.wantErr {
				return
			}
			if !strings.HasPrefix(p, tt.prefix) || !strings.HasSuffix(p, ".jsonl") {
				t.Fatalf("path = %q, want prefix %q and .jsonl", p, tt.prefix)
			}
		})
	}
	a, _ := PromptHistoryPath("/a", env(map[string]string{"HOME": "/h"}))
	b, _ := PromptHistoryPath("/b", env(map[string]string{"HOME": "/h"}))
	if a == b {
		t.Fatal("two projects share one history file")
	}
}

func TestHistoryFileRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "deep", "h.jsonl")
	if got, err := ReadPromptHistory(path, 10); err != nil || got != nil {
		t.Fatalf("missing file: %v, %v", got, err)
	}
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, s := range []string{"first", "multi\nline", "third"} {
		if err := AppendPromptHistory(path, "/p", s, now); err != nil {
			t.Fatal(err)
		}
	}
	// A torn line (crash mid-write) is skipped.
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"text":"tor`)
	f.Close()

	got, err := ReadPromptHistory(path, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0] != "multi\nline" || got[1] != "third" {
		t.Fatalf("got %q", got)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if perm := info.Mode().Perm(); perm != 0o600 {
		t.Fatalf("history file mode %v, want 0600", perm)
	}
}

func TestHistoryFind(t *testing.T) {
	h := NewPromptHistory(10)
	h.Load([]string{"git status", "make test", "git push", "Go build"})
	tests := []struct {
		query  string
		before int
		idx    int
		ok     bool
	}{
		{"git", 99, 2, true},
		{"git", 2, 0, true},
		{"git", 0, -1, false},
		{"go", 99, 3, true}, // case-insensitive
		{"", 99, 3, true},
		{"nope", 99, -1, false},
	}
	for _, tt := range tests {
		idx, _, ok := h.Find(tt.query, tt.before)
		if idx != tt.idx || ok != tt.ok {
			t.Errorf("Find(%q, %d) = %d, %v; want %d, %v", tt.query, tt.before, idx, ok, tt.idx, tt.ok)
		}
	}
}

// A symbolic link planted at the history file's name is not followed: the prompt is
// not appended to whatever it points at.
func TestHistoryAppendRefusesASymlink(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "history")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(t.TempDir(), "theirs")
	if err := os.WriteFile(target, nil, 0o666); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "h.jsonl")
	if err := os.Symlink(target, path); err != nil {
		t.Fatal(err)
	}
	if err := AppendPromptHistory(path, "/p", "my secret prompt", time.Now()); err == nil {
		t.Fatal("appended through a symbolic link")
	}
	if b, _ := os.ReadFile(target); len(b) != 0 {
		t.Fatalf("the link's target got %q", b)
	}
}
