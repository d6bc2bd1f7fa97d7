package help

import (
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
