package input

import (
	"testing"

	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/themes"
)

// The empty editor's cached drawing always equals a fresh one: across focus, size,
// theme and a draft typed and cleared.
func TestEmptyEditorViewMatchesAFreshDrawing(t *testing.T) {
	dark, light := themes.New(themes.Dark), themes.New(themes.Light)
	keys := keymap.Default()
	e := NewEditor(dark, keys)
	e.SetSize(80, 5)
	fresh := func(st *themes.Styles, width int, focused bool) string {
		f := NewEditor(st, keys)
		f.SetSize(width, 5)
		if !focused {
			f.Blur()
		}
		return f.View()
	}
	check := func(step string, st *themes.Styles, width int, focused bool) {
		t.Helper()
		if got, want := e.View(), fresh(st, width, focused); got != want {
			t.Fatalf("%s: the empty editor draws\n%s\nwant\n%s", step, got, want)
		}
	}
	check("first", dark, 80, true)
	check("again", dark, 80, true)
	e.Blur()
	check("blurred", dark, 80, false)
	e.Focus()
	e.SetSize(60, 5)
	check("resized", dark, 60, true)
	e.SetStyles(light)
	check("light theme", light, 60, true)
	e.InsertString("draft")
	if v := e.View(); v == fresh(light, 60, true) {
		t.Fatal("a draft must not draw as the empty editor")
	}
	e.Reset()
	check("cleared", light, 60, true)
}
