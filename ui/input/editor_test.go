package input

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/themes"
)

func newTestEditor(width, maxH int) Editor {
	e := NewEditor(themes.New(themes.Dark), keymap.Default())
	e.SetSize(width, maxH)
	return e
}

func typeText(e *Editor, s string) {
	for _, r := range s {
		e.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

func TestEditorNewlineKeys(t *testing.T) {
	keys := []tea.KeyPressMsg{
		{Code: tea.KeyEnter, Mod: tea.ModShift},
		{Code: tea.KeyEnter, Mod: tea.ModAlt},
		{Code: 'j', Mod: tea.ModCtrl},
	}
	for _, k := range keys {
		t.Run(k.String(), func(t *testing.T) {
			e := newTestEditor(40, 5)
			typeText(&e, "a")
			e.Update(k)
			typeText(&e, "b")
			if got := e.Value(); got != "a\nb" {
				t.Fatalf("value = %q, want a\\nb", got)
			}
		})
	}
	t.Run("plain enter inserts nothing", func(t *testing.T) {
		e := newTestEditor(40, 5)
		typeText(&e, "a")
		e.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
		if got := e.Value(); got != "a" {
			t.Fatalf("value = %q", got)
		}
	})
}

func TestEditorGrowsAndReportsLines(t *testing.T) {
	e := newTestEditor(40, 3)
	if e.Height() != 3 { // one row + border
		t.Fatalf("empty height = %d, want 3", e.Height())
	}
	e.SetValue("one\ntwo\nthree\nfour")
	if e.Height() != 5 { // capped at 3 rows + border
		t.Fatalf("height = %d, want 5", e.Height())
	}
	if !e.OnLastLine() || e.OnFirstLine() {
		t.Fatal("cursor should be on the last line after SetValue")
	}
	e.Update(tea.KeyPressMsg{Code: tea.KeyUp})
	e.Update(tea.KeyPressMsg{Code: tea.KeyUp})
	e.Update(tea.KeyPressMsg{Code: tea.KeyUp})
	if !e.OnFirstLine() {
		t.Fatal("cursor should be on the first line")
	}
	e.Reset()
	if e.Height() != 3 || e.Value() != "" {
		t.Fatalf("after reset: height %d value %q", e.Height(), e.Value())
	}
}

func TestEditorPasteAndLongDraft(t *testing.T) {
	e := newTestEditor(30, 4)
	long := strings.Repeat("line\n", 50) + "end"
	e.Update(tea.PasteMsg{Content: long})
	if e.Value() != long {
		t.Fatalf("paste lost text: %d chars, want %d", len(e.Value()), len(long))
	}
}

func TestEditorViewSize(t *testing.T) {
	for _, w := range []int{20, 60, 100} {
		e := newTestEditor(w, 4)
		e.SetValue("hello\nworld")
		out := e.View()
		lines := strings.Split(out, "\n")
		if len(lines) != e.Height() {
			t.Fatalf("width %d: %d lines, Height() %d", w, len(lines), e.Height())
		}
		for _, l := range lines {
			if lipgloss.Width(l) != w {
				t.Fatalf("width %d: line %q is %d wide", w, l, lipgloss.Width(l))
			}
		}
		if c := e.Cursor(); c == nil || c.Position.Y != 2 || c.Position.X != 1+2+5 {
			t.Fatalf("cursor = %+v, want (8,2)", c)
		}
	}
}
