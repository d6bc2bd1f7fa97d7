package ui

import (
	"github.com/gclaude/gclaude/themes"
	"github.com/gclaude/gclaude/ui/status"
)

// statusMemo is the status bar as last drawn and what it was drawn from. The bar is
// the same from one frame to the next unless a turn's clock moves, yet styling it was
// the biggest cost of a frame that only scrolls the transcript.
type statusMemo struct {
	state  status.State
	width  int
	styles *themes.Styles
	line   string
	ok     bool
}

// statusLine draws the status bar, reusing the last drawing when its inputs are equal.
func (m *Model) statusLine() string {
	st, c := m.statusState(), &m.statusMemo
	if !c.ok || c.state != st || c.width != m.width || c.styles != m.styles() {
		*c = statusMemo{state: st, width: m.width, styles: m.styles(), line: status.Render(st, m.width, m.styles()), ok: true}
	}
	return c.line
}
