package ui

import (
	"sync"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/tab"
)

// handleKey routes a key: the workspace's first (suspending, the help screen, moving
// between sessions, the inbox, ctrl+c twice), then the session in front's.
func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	if m.quitting {
		// claude is being shut down; if that hangs, ctrl+c leaves without waiting (the
		// program still closes every session it started on its way out).
		if key.Matches(msg, m.keys.Global.Interrupt) {
			return tea.Quit
		}
		return nil
	}
	if key.Matches(msg, m.keys.Global.Suspend) {
		// As any terminal program: the terminal is restored and gclaude stops (SIGTSTP to
		// its own process group); claude, in a group of its own, keeps running. fg returns
		// to the same screen, draft and dialogs included.
		return tea.Suspend
	}
	if m.help.IsOpen() {
		m.help.Key(msg, m.keys.HelpScreen, len(m.helpLines(m.width)), m.tabs.front.TopRows()) // scroll keys scroll, any other key closes the help screen
		return nil
	}
	if cmd, done := m.workspaceKey(msg); done {
		return cmd
	}
	interrupt := key.Matches(msg, m.keys.Global.Interrupt)
	if m.inbox.open && !interrupt {
		return m.inboxKey(msg)
	}
	var hint tea.Cmd
	if interrupt {
		// A second ctrl+c within quitWindow quits; the first is the session's (it
		// interrupts, closes a picker or clears the draft).
		now := m.now()
		if !m.lastCtrlC.IsZero() && now.Sub(m.lastCtrlC) < quitWindow {
			return m.quit()
		}
		m.lastCtrlC = now
		hint = m.setHint("press ctrl+c again to quit", quitWindow)
	}
	return tea.Batch(m.updateTab(m.tabs.front, msg), hint)
}

// quit closes every session cleanly, then ends the program.
func (m *Model) quit() tea.Cmd {
	if m.quitting {
		return nil
	}
	m.quitting = true
	// Nothing any session says from now on matters; every claude closes at once.
	closes := make([]tea.Cmd, 0, len(m.tabs.all))
	for _, t := range m.tabs.all {
		closes = append(closes, t.Close())
	}
	return func() tea.Msg {
		var wg sync.WaitGroup
		for _, c := range closes {
			wg.Go(func() { c() })
		}
		wg.Wait()
		return cliClosedMsg{}
	}
}

// handlePaste gives pasted text to the inbox's dialog, else to the session in front.
func (m *Model) handlePaste(msg tea.PasteMsg) tea.Cmd {
	if m.inbox.open {
		return m.inboxKey(msg)
	}
	return m.updateTab(m.tabs.front, msg)
}

// handleWheel scrolls the help screen, else the session in front.
func (m *Model) handleWheel(msg tea.MouseWheelMsg) tea.Cmd {
	if m.help.IsOpen() {
		switch msg.Button {
		case tea.MouseWheelUp:
			m.help.Scroll(-tab.WheelLines, len(m.helpLines(m.width)), m.tabs.front.TopRows())
		case tea.MouseWheelDown:
			m.help.Scroll(tab.WheelLines, len(m.helpLines(m.width)), m.tabs.front.TopRows())
		}
		return nil
	}
	return m.updateTab(m.tabs.front, msg)
}

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
