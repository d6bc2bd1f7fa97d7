package status

import "github.com/gclaude/gclaude/themes"

// Memo is the bar as last drawn and what it was drawn from. The bar is the same from
// one frame to the next unless a turn's clock moves, yet styling it was the biggest
// cost of a frame that only scrolls the transcript.
type Memo struct {
	state  State
	width  int
	styles *themes.Styles
	line   string
	ok     bool
}

// Render draws the bar like the package's Render, reusing the last drawing when its
// inputs are equal.
func (c *Memo) Render(st State, width int, s *themes.Styles) string {
	if !c.ok || c.state != st || c.width != width || c.styles != s {
		*c = Memo{state: st, width: width, styles: s, line: Render(st, width, s), ok: true}
	}
	return c.line
}
