package transcript

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
)

// OpenTaskMsg asks the root to open the task pane of an Agent call (the
// OpenTask key on a selected Agent/Task tool call).
type OpenTaskMsg struct{ ToolUseID string }

// HandleKey handles a key while the transcript has focus. It reports
// whether the key was used; keys it leaves (esc, tab, i to go back to the
// input, and anything unbound) are the root's.
func (v *View) HandleKey(msg tea.KeyPressMsg) (handled bool, cmd tea.Cmd) {
	if v.search.prompting {
		return true, v.searchKey(msg)
	}
	k := v.keys.Transcript
	g := v.keys.Global
	switch {
	case key.Matches(msg, k.Up):
		v.moveCursor(-1)
	case key.Matches(msg, k.Down):
		v.moveCursor(1)
	case key.Matches(msg, k.Top):
		v.GotoTop()
		v.cursor = v.nextShown(-1, 1)
	case key.Matches(msg, k.Bottom):
		v.GotoBottom()
		v.cursor = v.nextShown(len(v.c.items), -1)
	case key.Matches(msg, g.PageUp):
		v.PageUp()
	case key.Matches(msg, g.PageDown):
		v.PageDown()
	case key.Matches(msg, k.Toggle):
		v.toggle(v.cursor)
	case key.Matches(msg, k.ToggleAll):
		v.toggleAll()
	case key.Matches(msg, k.Search):
		v.openSearch()
	case key.Matches(msg, k.NextMatch) && v.search.active():
		v.nextMatch(1)
	case key.Matches(msg, k.PrevMatch) && v.search.active():
		v.nextMatch(-1)
	case key.Matches(msg, k.Copy):
		return true, v.copySelected()
	case key.Matches(msg, k.CopyTurn):
		return true, v.copyTurn()
	case key.Matches(msg, k.OpenTask):
		id := v.selectedAgent()
		if id == "" {
			return false, nil
		}
		return true, func() tea.Msg { return OpenTaskMsg{ToolUseID: id} }
	case msg.String() == "esc" && v.search.active():
		// The first esc clears search highlights; the next one is the
		// root's (back to the input).
		v.clearSearch()
	default:
		return false, nil
	}
	return true, nil
}

// shown reports whether item i takes any lines.
func (v *View) shown(i int) bool {
	return i >= 0 && i < len(v.c.items) && !v.c.items[i].base().hidden && len(v.itemLines(i)) > 0
}

// selectable reports whether the cursor can be on item i: one that takes lines
// and is not a turn footer (a footer is the figures of the turn above it; tab
// and y would otherwise land on "3.7s · $0.0001").
func (v *View) selectable(i int) bool {
	if !v.shown(i) {
		return false
	}
	_, footer := v.c.items[i].(*footerItem)
	return !footer
}

// nextShown is the first item from `from` (exclusive) in direction dir
// that the cursor can be on, or -1.
func (v *View) nextShown(from, dir int) int {
	for i := from + dir; i >= 0 && i < len(v.c.items); i += dir {
		if v.selectable(i) {
			return i
		}
	}
	return -1
}

// moveCursor selects the next or previous item and keeps it on screen. A
// cursor that was scrolled off screen first comes back to the edge of the
// view it would move through.
func (v *View) moveCursor(dir int) {
	if len(v.c.items) == 0 {
		return
	}
	var next int
	switch {
	case !v.cursorOnScreen() && v.vp.first >= 0:
		next = v.vp.last
		if dir > 0 {
			next = v.vp.first
		}
		if !v.selectable(next) {
			next = v.nextShown(next, dir)
		}
	default:
		next = v.nextShown(v.cursor, dir)
	}
	if next < 0 {
		// Nothing further: at the ends, still make the item whole.
		v.ensureVisible(v.cursor)
		return
	}
	v.cursor = next
	v.ensureVisible(next)
}

// cursorOnScreen reports whether the cursor item was in the last View.
func (v *View) cursorOnScreen() bool {
	return v.cursor >= 0 && v.vp.first >= 0 && v.cursor >= v.vp.first && v.cursor <= v.vp.last
}

// lastVisibleItem is the last item the view shows that the cursor can be on,
// or the last such item.
func (v *View) lastVisibleItem() int {
	if v.vp.last >= 0 {
		if v.selectable(v.vp.last) {
			return v.vp.last
		}
		if i := v.nextShown(v.vp.last, -1); i >= 0 && i >= v.vp.first {
			return i
		}
		return v.vp.last
	}
	return v.nextShown(len(v.c.items), -1)
}

// Cursor is the id of the selected item (0 for none).
func (v *View) Cursor() ID {
	if v.cursor < 0 || v.cursor >= len(v.c.items) {
		return 0
	}
	return v.c.items[v.cursor].base().id
}

// toggle expands or collapses item i.
func (v *View) toggle(i int) {
	if i < 0 || i >= len(v.c.items) || !expandable(v.c.items[i]) {
		return
	}
	v.resolveAll() // measured as they were
	b := v.c.items[i].base()
	b.expanded = !b.expanded
	v.clampTop()
	v.ensureVisible(i)
}

// toggleAll expands every expandable item if any is collapsed, else
// collapses them all; later items follow suit. Items re-render lazily.
func (v *View) toggleAll() {
	v.resolveAll() // measured as they were
	expand := false
	for _, it := range v.c.items {
		if expandable(it) && !it.base().expanded {
			expand = true
			break
		}
	}
	for _, it := range v.c.items {
		if expandable(it) {
			it.base().expanded = expand
		}
	}
	v.c.expandAll = expand
	v.clampTop()
	if v.cursorOnScreen() {
		v.ensureVisible(v.cursor)
	}
}

// selectedAgent is the tool_use_id of the selected Agent/Task call.
func (v *View) selectedAgent() string {
	if v.cursor < 0 || v.cursor >= len(v.c.items) {
		return ""
	}
	t, ok := v.c.items[v.cursor].(*toolItem)
	if !ok || (t.call.Name != protocol.ToolAgent && t.call.Name != protocol.ToolTask) {
		return ""
	}
	return t.call.ID
}
