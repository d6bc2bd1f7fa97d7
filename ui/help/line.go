package help

import (
	"slices"

	"charm.land/lipgloss/v2"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// KeyLine is the bottom help line at width: each entry is {key, what it does} (no key:
// just the text). Entries come in order of importance: one that does not fit is left
// out, and a shorter one after it may still fit.
func KeyLine(keys [][2]string, width int, s *themes.Styles) string {
	sep := s.Help.Separator.Render(" · ")
	line, n := " ", 0
	for _, k := range keys {
		item := s.Help.Desc.Render(k[1])
		if k[0] != "" {
			item = s.Help.Key.Render(k[0]) + " " + item
		}
		next := line
		if n > 0 {
			next += sep
		}
		next += item
		if lipgloss.Width(next) > width {
			continue
		}
		line, n = next, n+1
	}
	return render.Pad(line, width)
}

// LineMemo is the help line as last drawn and what it was drawn from: the root draws
// the line on every frame (every page-up, every streamed frame), and styling its keys
// cost more than the rest of such a frame's bottom rows; it changes only with the keys
// shown, the width or the theme.
type LineMemo struct {
	keys   [][2]string
	width  int
	styles *themes.Styles
	line   string
	ok     bool
}

// KeyLine draws the line like the package's KeyLine, reusing the last drawing when its
// inputs are equal.
func (c *LineMemo) KeyLine(keys [][2]string, width int, s *themes.Styles) string {
	if !c.ok || c.width != width || c.styles != s || !slices.Equal(c.keys, keys) {
		*c = LineMemo{keys: slices.Clone(keys), width: width, styles: s, line: KeyLine(keys, width, s), ok: true}
	}
	return c.line
}
