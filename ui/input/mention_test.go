package input

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/themes"
)

func TestMentionToken(t *testing.T) {
	tests := []struct {
		before string
		query  string
		size   int
		ok     bool
	}{
		{"@", "", 1, true},
		{"@ma", "ma", 3, true},
		{"look at @src/ma", "src/ma", 7, true},
		{"two lines\n@x", "x", 2, true},
		{"tab\t@é", "é", 2, true},
		{"mail me@example", "", 0, false},
		{"@done and more", "", 0, false},
		{"@a @b", "b", 2, true},
		{"no at sign", "", 0, false},
		{"", "", 0, false},
	}
	for _, tt := range tests {
		q, n, ok := MentionToken(tt.before)
		if q != tt.query || n != tt.size || ok != tt.ok {
			t.Errorf("MentionToken(%q) = %q, %d, %v; want %q, %d, %v", tt.before, q, n, ok, tt.query, tt.size, tt.ok)
		}
	}
}

var projectPaths = []string{"README.md", "go.mod", "internal/", "internal/files/", "internal/files/match.go", "main.go", "ui/", "ui/model.go"}

func TestMentionFollowsTheDraft(t *testing.T) {
	var c Mention
	if want := c.Update("see @"); !want || !c.Open() {
		t.Fatalf("open %v, wants paths %v: an @ opens the popup and asks for the paths", c.Open(), want)
	}
	if c.Update("see @m") != true {
		t.Fatal("still no paths: still wants them")
	}
	c.SetPaths(projectPaths, "")
	if c.Update("see @ma") {
		t.Fatal("asks for paths again")
	}
	if got, _ := c.Selected(); got != "main.go" {
		t.Fatalf("selected %q, want main.go (the best match of ma)", got)
	}
	c.Down()
	if got, _ := c.Selected(); got == "main.go" || got == "" {
		t.Fatalf("down did not move: %q", got)
	}
	c.Up()
	if got, _ := c.Selected(); got != "main.go" {
		t.Fatalf("up: %q", got)
	}
	c.Update("see @main.go done")
	if c.Open() {
		t.Fatal("still open after the word ended")
	}
}

func TestMentionDismiss(t *testing.T) {
	var c Mention
	c.SetPaths(projectPaths, "")
	c.Update("@ui")
	c.Dismiss()
	if c.Update("@ui"); c.Open() {
		t.Fatal("reopened on the same token after esc")
	}
	if c.Update("@ui/"); !c.Open() {
		t.Fatal("did not reopen once the token changed")
	}
}

func TestMentionView(t *testing.T) {
	s := themes.New(themes.Dark)
	var c Mention
	c.Update("@")
	if got := ansi.Strip(c.View(40, 5, s)); !strings.Contains(got, "listing the project's files") {
		t.Errorf("before the paths arrive: %q", got)
	}
	c.SetPaths(projectPaths, "")
	c.Update("@zzz")
	if got := ansi.Strip(c.View(40, 5, s)); !strings.Contains(got, "no file matches @zzz") {
		t.Errorf("no match: %q", got)
	}
	c.Update("@fm")
	view := c.View(40, 3, s)
	lines := strings.Split(view, "\n")
	if len(lines) != c.Height(3) {
		t.Fatalf("%d lines, Height says %d", len(lines), c.Height(3))
	}
	for _, l := range lines {
		if w := lipgloss.Width(l); w != 40 {
			t.Errorf("line %q is %d wide", ansi.Strip(l), w)
		}
	}
	plain := ansi.Strip(view)
	if !strings.Contains(plain, "@internal/files/match.go") {
		t.Errorf("view lacks the match:\n%s", plain)
	}
	// The matched runes are drawn in the accent style.
	if !strings.Contains(view, s.Accent.Render("f")) || !strings.Contains(view, s.Accent.Render("m")) {
		t.Errorf("matched runes not highlighted: %q", view)
	}

	c.SetPaths(projectPaths[:2], "only the first 2 paths were listed")
	c.Update("@")
	if got := ansi.Strip(c.View(80, 3, s)); !strings.Contains(got, "only the first 2 paths") {
		t.Errorf("a cut-short list is not noted: %q", got)
	}
}

func TestHighlightRunes(t *testing.T) {
	base, hit := lipgloss.NewStyle(), lipgloss.NewStyle().Bold(true)
	got := highlightRunes("añb/c", []int{1, 2, 4}, base, hit)
	want := "a" + hit.Render("ñb") + "/" + hit.Render("c")
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestEditorReplaceBeforeCursor(t *testing.T) {
	e := newTestEditor(40, 5)
	typeText(&e, "first line")
	e.Update(tea.KeyPressMsg{Code: tea.KeyEnter, Mod: tea.ModShift})
	typeText(&e, "see @ma")
	if got := e.BeforeCursor(); got != "see @ma" {
		t.Fatalf("BeforeCursor = %q", got)
	}
	e.ReplaceBeforeCursor(3, "@main.go ")
	if got := e.Value(); got != "first line\nsee @main.go " {
		t.Fatalf("value = %q", got)
	}
	e.Update(tea.KeyPressMsg{Code: tea.KeyLeft})
	e.Update(tea.KeyPressMsg{Code: tea.KeyLeft})
	if got := e.BeforeCursor(); got != "see @main.g" {
		t.Fatalf("BeforeCursor mid-line = %q", got)
	}
	e.ReplaceBeforeCursor(100, "") // never past the start of the line
	if got := e.Value(); got != "first line\no " {
		t.Fatalf("value = %q", got)
	}
}
