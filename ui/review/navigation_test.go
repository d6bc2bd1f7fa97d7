package review

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	gitreview "github.com/gclaude/gclaude/internal/review"
	"github.com/gclaude/gclaude/themes"
)

// press sends keys (by their names) and returns the last action.
func press(s *Screen, keys ...string) Action {
	var last Action
	for _, k := range keys {
		a, _ := s.Update(keyMsg(k))
		if a != nil {
			last = a
		}
	}
	return last
}

func keyMsg(k string) tea.KeyPressMsg {
	switch k {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "pgdown":
		return tea.KeyPressMsg{Code: tea.KeyPgDown}
	case "ctrl+n":
		return tea.KeyPressMsg{Code: 'n', Mod: tea.ModCtrl}
	case "ctrl+p":
		return tea.KeyPressMsg{Code: 'p', Mod: tea.ModCtrl}
	}
	r := []rune(k)[0]
	return tea.KeyPressMsg{Code: r, Text: k}
}

// typeText types s into whatever field is open.
func typeText(s *Screen, text string) {
	for _, r := range text {
		s.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// at says where the cursor is: the file's path, and the hunk (-1 on the header).
func at(s *Screen) (string, int) {
	r := s.rows[s.cursor]
	if r.kind == rowFile {
		return s.diff.Files[r.file].Path(), -1
	}
	return s.diff.Files[r.file].Path(), int(r.hunk)
}

func loaded(t *testing.T) *Screen {
	t.Helper()
	s := newScreen(themes.Dark, 100, 30)
	s.SetDiff(sampleDiff(), sampleOrigins())
	return s
}

// n and N walk the hunks, stopping at files that show none (collapsed, binary, only
// their mode changed); ] and [ walk the files; the selection is the hunk the cursor is
// in.
func TestHunkSelection(t *testing.T) {
	s := loaded(t)
	type stop struct {
		path string
		hunk int
	}
	var walk []stop
	for range 10 {
		press(s, "n")
		p, h := at(s)
		walk = append(walk, stop{p, h})
	}
	want := []stop{
		{"internal/auth/login.go", 0}, {"internal/auth/login.go", 1}, {"docs/guide.md", 0},
		{"scripts/deploy.sh", -1}, {"assets/logo.png", -1}, {"legacy.txt", 0}, {"api/schema.pb.go", -1},
		{"notes/todo.txt", 0}, {"notes/todo.txt", 0}, {"notes/todo.txt", 0},
	}
	for i := range want {
		if walk[i] != want[i] {
			t.Fatalf("n walk %v, want %v", walk, want)
		}
	}
	press(s, "N", "N", "N")
	if p, h := at(s); p != "assets/logo.png" || h != -1 {
		t.Fatalf("N N: %s %d", p, h)
	}
	press(s, "g", "]", "]")
	if p, h := at(s); p != "scripts/deploy.sh" || h != -1 {
		t.Fatalf("g ] ]: %s %d", p, h)
	}
	press(s, "[")
	if p, _ := at(s); p != "docs/guide.md" {
		t.Fatalf("[: %s", p)
	}
	// Inside a file, [ goes to its own header first.
	press(s, "j", "j", "[")
	if p, h := at(s); p != "docs/guide.md" || h != -1 {
		t.Fatalf("j j [: %s %d", p, h)
	}
	press(s, "g", "j", "j", "j")
	if ref, ok := s.selected(); !ok || ref != (gitreview.HunkRef{File: 0, Hunk: 0}) {
		t.Fatalf("selected %v %v", ref, ok)
	}
	press(s, "k", "k", "k")
	if _, ok := s.selected(); ok {
		t.Fatal("a hunk is selected on a file's header")
	}
}

// The generated 20,000-line file opens collapsed, as one row; enter expands and
// collapses it; a binary file does not expand.
func TestCollapsedFiles(t *testing.T) {
	s := loaded(t)
	rowsBefore := len(s.rows)
	if rowsBefore > 100 {
		t.Fatalf("%d rows: the generated file is not collapsed", rowsBefore)
	}
	press(s, "G", "[", "[")
	if p, _ := at(s); p != "api/schema.pb.go" {
		t.Fatalf("G [: %s", p)
	}
	press(s, "enter")
	if len(s.rows) != rowsBefore+20001 {
		t.Fatalf("%d rows after expanding, want %d", len(s.rows), rowsBefore+20001)
	}
	if v := s.View(100, 30); v == "" {
		t.Fatal("no view")
	}
	press(s, "j", "enter")
	if len(s.rows) != rowsBefore {
		t.Fatalf("%d rows after collapsing again", len(s.rows))
	}
	if p, h := at(s); p != "api/schema.pb.go" || h != -1 {
		t.Fatalf("collapsing left the cursor at %s %d", p, h)
	}
	press(s, "g", "]", "]", "]", "enter")
	if p, _ := at(s); p != "assets/logo.png" || s.msg.text == "" {
		t.Fatalf("enter on a binary file: %s %q", p, s.msg.text)
	}
}

// A reload keeps the cursor on its file and hunk.
func TestReloadKeepsThePlace(t *testing.T) {
	s := loaded(t)
	press(s, "n", "n", "n", "j")
	d := sampleDiff()
	d.Files = d.Files[1:] // the first file was reverted meanwhile
	s.SetDiff(d, nil)
	if p, h := at(s); p != "docs/guide.md" || h != 0 {
		t.Fatalf("after reload: %s %d", p, h)
	}
}

func refOf(f, h int) gitreview.HunkRef { return gitreview.HunkRef{File: f, Hunk: h} }
