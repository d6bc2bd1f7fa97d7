package transcript

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
)

// OpenTaskMsg asks the root to open the task pane of an Agent call (the
// OpenTask key on a selected Agent/Task tool call).
type OpenTaskMsg struct{ ToolUseID string }

// HandleKey handles a key while the transcript has focus. It reports
// whether the key was used; keys it leaves (esc, tab, i to go back to the
// input, and anything unbound) are the root's.
func (m *Model) HandleKey(msg tea.KeyPressMsg) (handled bool, cmd tea.Cmd) {
	if m.search.prompting {
		return true, m.searchKey(msg)
	}
	k := m.keys.Transcript
	g := m.keys.Global
	switch {
	case key.Matches(msg, k.Up):
		m.moveCursor(-1)
	case key.Matches(msg, k.Down):
		m.moveCursor(1)
	case key.Matches(msg, k.Top):
		m.GotoTop()
		m.cursor = m.nextShown(-1, 1)
	case key.Matches(msg, k.Bottom):
		m.GotoBottom()
		m.cursor = m.nextShown(len(m.items), -1)
	case key.Matches(msg, g.PageUp):
		m.PageUp()
	case key.Matches(msg, g.PageDown):
		m.PageDown()
	case key.Matches(msg, k.Toggle):
		m.toggle(m.cursor)
	case key.Matches(msg, k.ToggleAll):
		m.toggleAll()
	case key.Matches(msg, k.Search):
		m.openSearch()
	case key.Matches(msg, k.NextMatch) && m.search.active():
		m.nextMatch(1)
	case key.Matches(msg, k.PrevMatch) && m.search.active():
		m.nextMatch(-1)
	case key.Matches(msg, k.Copy):
		return true, m.copySelected()
	case key.Matches(msg, k.CopyTurn):
		return true, m.copyTurn()
	case key.Matches(msg, k.OpenTask):
		id := m.selectedAgent()
		if id == "" {
			return false, nil
		}
		return true, func() tea.Msg { return OpenTaskMsg{ToolUseID: id} }
	case msg.String() == "esc" && m.search.active():
		// The first esc clears search highlights; the next one is the
		// root's (back to the input).
		m.clearSearch()
	default:
		return false, nil
	}
	return true, nil
}

// shown reports whether item i takes any lines.
func (m *Model) shown(i int) bool {
	return i >= 0 && i < len(m.items) && !m.items[i].base().hidden && len(m.itemLines(i)) > 0
}

// selectable reports whether the cursor can be on item i: one that takes lines
// and is not a turn footer (a footer is the figures of the turn above it; tab
// and y would otherwise land on "3.7s · $0.0001").
func (m *Model) selectable(i int) bool {
	if !m.shown(i) {
		return false
	}
	_, footer := m.items[i].(*footerItem)
	return !footer
}

// nextShown is the first item from `from` (exclusive) in direction dir
// that the cursor can be on, or -1.
func (m *Model) nextShown(from, dir int) int {
	for i := from + dir; i >= 0 && i < len(m.items); i += dir {
		if m.selectable(i) {
			return i
		}
	}
	return -1
}

// moveCursor selects the next or previous item and keeps it on screen. A
// cursor that was scrolled off screen first comes back to the edge of the
// view it would move through.
func (m *Model) moveCursor(dir int) {
	if len(m.items) == 0 {
		return
	}
	var next int
	switch {
	case !m.cursorOnScreen() && m.vp.first >= 0:
		next = m.vp.last
		if dir > 0 {
			next = m.vp.first
		}
		if !m.selectable(next) {
			next = m.nextShown(next, dir)
		}
	default:
		next = m.nextShown(m.cursor, dir)
	}
	if next < 0 {
		// Nothing further: at the ends, still make the item whole.
		m.ensureVisible(m.cursor)
		return
	}
	m.cursor = next
	m.ensureVisible(next)
}

// cursorOnScreen reports whether the cursor item was in the last View.
func (m *Model) cursorOnScreen() bool {
	return m.cursor >= 0 && m.vp.first >= 0 && m.cursor >= m.vp.first && m.cursor <= m.vp.last
}

// lastVisibleItem is the last item the view shows that the cursor can be on,
// or the last such item.
func (m *Model) lastVisibleItem() int {
	if m.vp.last >= 0 {
		if m.selectable(m.vp.last) {
			return m.vp.last
		}
		if i := m.nextShown(m.vp.last, -1); i >= 0 && i >= m.vp.first {
			return i
		}
		return m.vp.last
	}
	return m.nextShown(len(m.items), -1)
}

// Cursor is the id of the selected item (0 for none).
func (m *Model) Cursor() ID {
	if m.cursor < 0 || m.cursor >= len(m.items) {
		return 0
	}
	return m.items[m.cursor].base().id
}

// toggle expands or collapses item i.
func (m *Model) toggle(i int) {
	if i < 0 || i >= len(m.items) || !expandable(m.items[i]) {
		return
	}
	m.resolveAll() // measured as they were
	b := m.items[i].base()
	b.expanded = !b.expanded
	m.clampTop()
	m.ensureVisible(i)
}

// toggleAll expands every expandable item if any is collapsed, else
// collapses them all; later items follow suit. Items re-render lazily.
func (m *Model) toggleAll() {
	m.resolveAll() // measured as they were
	expand := false
	for _, it := range m.items {
		if expandable(it) && !it.base().expanded {
			expand = true
			break
		}
	}
	for _, it := range m.items {
		if expandable(it) {
			it.base().expanded = expand
		}
	}
	m.expandAll = expand
	m.clampTop()
	if m.cursorOnScreen() {
		m.ensureVisible(m.cursor)
	}
}

// selectedAgent is the tool_use_id of the selected Agent/Task call.
func (m *Model) selectedAgent() string {
	if m.cursor < 0 || m.cursor >= len(m.items) {
		return ""
	}
	t, ok := m.items[m.cursor].(*toolItem)
	if !ok || (t.call.Name != protocol.ToolAgent && t.call.Name != protocol.ToolTask) {
		return ""
	}
	return t.call.ID
}

// ToolState is the state of a tool call shown in this transcript or a
// subagent's, and whether it is known.
func (m *Model) ToolState(toolUseID string) (render.ToolState, bool) {
	ref, ok := m.shared.tools[toolUseID]
	if !ok {
		return 0, false
	}
	return ref.tool.call.State, true
}
