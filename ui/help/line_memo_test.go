package help

import (
	"testing"

	"github.com/gclaude/gclaude/themes"
)

// The memo must draw what KeyLine draws whenever an input changed, including keys
// changed in place in the caller's slice (the root reuses its slices).
func TestLineMemoRedrawsOnAnyChange(t *testing.T) {
	dark, light := themes.New(themes.Dark), themes.New(themes.Light)
	keys := [][2]string{{"enter", "send"}, {"tab", "focus transcript"}, {"?", "help"}}
	var c LineMemo
	check := func(what string, width int, s *themes.Styles) {
		t.Helper()
		if got, want := c.KeyLine(keys, width, s), KeyLine(keys, width, s); got != want {
			t.Errorf("%s: memo drew %q, want %q", what, got, want)
		}
	}
	check("first", 80, dark)
	check("same again", 80, dark)
	keys[1][1] = "focus the transcript" // changed in place
	check("key changed in place", 80, dark)
	check("narrower", 30, dark)
	check("other theme", 30, light)
	keys = keys[:1]
	check("fewer keys", 30, light)
}
