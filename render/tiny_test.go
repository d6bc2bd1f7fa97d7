package render

import (
	"testing"

	"github.com/gclaude/gclaude/themes"
)

// TestTinyWidths: a terminal being resized can be a few cells wide; no
// renderer may then write wider lines (or panic).
func TestTinyWidths(t *testing.T) {
	st := themes.New(themes.Dark)
	for _, name := range fixtureNames() {
		for w := 1; w <= 12; w++ {
			assertWidth(t, name, fixtures[name](w, st), w)
		}
	}
}
