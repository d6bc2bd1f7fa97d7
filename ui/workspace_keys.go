package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// workspaceKey handles the workspace's keys, which work over dialogs too: a session
// waiting for a decision must not trap the user in it.
func (m *Model) workspaceKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	w := m.keys.Workspace
	switch {
	case key.Matches(msg, w.Inbox):
		return m.toggleInbox(), true
	case key.Matches(msg, w.Sessions):
		m.closeInbox()
		m.openSessionPicker(m.tabs.front)
		return nil, true
	case key.Matches(msg, w.Next):
		m.closeInbox()
		return m.cycleTab(1), true
	case key.Matches(msg, w.Prev):
		m.closeInbox()
		return m.cycleTab(-1), true
	}
	return nil, false
}
