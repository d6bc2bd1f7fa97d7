package input

import (
	"strings"

	tea "charm.land/bubbletea/v2"
)

// BeforeCursor is the text of the cursor's line up to the cursor: what @-mentions
// and image chips look at.
func (e *Editor) BeforeCursor() string {
	lines := strings.Split(e.ta.Value(), "\n")
	row := e.ta.Line()
	if row < 0 || row >= len(lines) {
		return ""
	}
	line := []rune(lines[row])
	return string(line[:min(e.ta.Column(), len(line))])
}

// ReplaceBeforeCursor deletes the n runes before the cursor (on its line) and
// inserts s in their place.
func (e *Editor) ReplaceBeforeCursor(n int, s string) {
	n = min(n, len([]rune(e.BeforeCursor())))
	for range n {
		e.ta, _ = e.ta.Update(tea.KeyPressMsg{Code: tea.KeyBackspace})
	}
	if s != "" {
		e.ta.InsertString(s)
	}
}
