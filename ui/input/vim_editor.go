package input

import "strings"

// The editor as vim mode sees it: the draft and the cursor as a rune offset.

// vimBuffer is the draft and the cursor's offset in it.
func (e *Editor) vimBuffer() VimBuffer {
	text := e.ta.Value()
	lines := strings.Split(text, "\n")
	off := 0
	for i := 0; i < e.ta.Line() && i < len(lines); i++ {
		off += len([]rune(lines[i])) + 1
	}
	return VimBuffer{Text: text, Cursor: off + e.ta.Column()}
}

// setVimBuffer writes back what a vim command made of the draft.
func (e *Editor) setVimBuffer(b VimBuffer) {
	if b.Text != e.ta.Value() {
		e.ta.SetValue(b.Text)
		_ = e.ta.View() // see SetValue: the textarea scrolls within what it last drew
	}
	r := []rune(b.Text)
	cur := min(max(b.Cursor, 0), len(r))
	row := strings.Count(string(r[:cur]), "\n")
	col := cur - lineStart(r, cur)
	// The textarea moves by wrapped rows: walk to the cursor's line, then its column.
	// Each step moves at least one wrapped row; the bound guards against one that
	// does not.
	for steps := len(r) + 1; e.ta.Line() < row && steps > 0; steps-- {
		e.ta.CursorDown()
	}
	for steps := len(r) + 1; e.ta.Line() > row && steps > 0; steps-- {
		e.ta.CursorUp()
	}
	e.ta.SetCursorColumn(col)
}

// showSelection highlights the runes [from, to) with the textarea's selection (which
// it takes in screen cells: the cursor's cell at each end), then puts the cursor at cur.
func (e *Editor) showSelection(from, to, cur int) {
	e.ta.ClearSelection()
	text := e.ta.Value()
	cellAt := func(i int) (x, y int, ok bool) {
		e.setVimBuffer(VimBuffer{Text: text, Cursor: i})
		c := e.ta.Cursor()
		if c == nil {
			return 0, 0, false
		}
		return c.X, c.Y, true
	}
	if x, y, ok := cellAt(from); ok && from < to {
		e.ta.BeginSelection(x, y)
		if x, y, ok := cellAt(to); ok {
			e.ta.ExtendSelection(x, y)
		}
		e.ta.EndSelection()
	}
	e.setVimBuffer(VimBuffer{Text: text, Cursor: cur})
}

// clearSelection drops the VISUAL highlight.
func (e *Editor) clearSelection() { e.ta.ClearSelection() }
