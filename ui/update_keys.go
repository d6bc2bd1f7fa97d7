package ui

import (
	"sync"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/input"
)

// handleKey routes a key: help overlay, the global interrupt, the open dialog, global
// bindings, then the focused pane.
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
		m.helpKey(msg) // scroll keys scroll, any other key closes the help screen
		return nil
	}
	if cmd, done := m.workspaceKey(msg); done {
		return cmd
	}
	if m.inbox.open && !key.Matches(msg, m.keys.Global.Interrupt) {
		return m.inboxKey(msg)
	}
	if key.Matches(msg, m.keys.Global.Interrupt) {
		return m.ctrlC()
	}
	if cmd, done := m.mode.Key(m.host(), msg); done {
		return cmd
	}
	if m.dialogs.Len() > 0 {
		return m.updateTopDialog(msg)
	}
	if cmd, done := m.taskKey(msg); done {
		return cmd
	}
	switch {
	case key.Matches(msg, m.keys.Global.CycleMode):
		return m.cycleMode()
	case key.Matches(msg, m.keys.Global.ModelPick):
		return m.openModelPicker()
	case key.Matches(msg, m.keys.Global.PageUp):
		m.transcript.PageUp()
		return nil
	case key.Matches(msg, m.keys.Global.PageDown):
		m.transcript.PageDown()
		return nil
	}
	if m.focus == focusTranscript {
		return m.transcriptKey(msg)
	}
	return m.inputKey(msg)
}

// ctrlC interrupts a running turn, else clears the draft (or closes a picker); a second
// ctrl+c within quitWindow quits.
func (m *Model) ctrlC() tea.Cmd {
	now := m.now()
	if !m.lastCtrlC.IsZero() && now.Sub(m.lastCtrlC) < quitWindow {
		return m.quit()
	}
	m.lastCtrlC = now
	var cmd tea.Cmd
	switch {
	case m.shell.Stop():
	case m.turn.Running:
		// Interrupting also withdraws any open permission request (Cancelled follows).
		cmd = m.interrupt()
	case m.topIsPicker():
		m.popDialog(0)
	default:
		m.prompt.Clear()
	}
	return tea.Batch(cmd, m.setHint("press ctrl+c again to quit", quitWindow))
}

// quit closes the session cleanly, then ends the program.
func (m *Model) quit() tea.Cmd {
	if m.quitting {
		return nil
	}
	m.quitting = true
	// Nothing any session says from now on matters; every claude closes at once.
	closes := make([]tea.Cmd, 0, len(m.tabs.all))
	for _, t := range m.tabs.all {
		closes = append(closes, t.link.Detach(nil))
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

func (m *Model) interrupt() tea.Cmd {
	if m.shell.Stop() {
		return nil
	}
	if !m.turn.Running && m.prompt.Value() == "" {
		// A second esc in a row on an empty prompt opens /rewind.
		if m.rewind.DoubleEsc(m.now()) {
			return m.runCommand(commands.CmdRewind, "", "/"+commands.CmdRewind, nil)
		}
		return nil
	}
	if !m.turn.Running || !m.link.Running() {
		return nil
	}
	return m.link.Interrupt()
}

// transcriptKey handles a key while the transcript has focus.
func (m *Model) transcriptKey(msg tea.KeyPressMsg) tea.Cmd {
	handled, cmd := m.transcript.HandleKey(msg)
	if handled {
		return cmd
	}
	if key.Matches(msg, m.keys.Transcript.FocusInput) {
		m.setFocus(focusInput)
		return nil
	}
	if input.IsTypedText(msg) {
		// A letter the transcript has no use for is meant for the prompt.
		m.setFocus(focusInput)
		return m.inputKey(msg)
	}
	return nil
}

func (m *Model) setFocus(f focusArea) {
	m.focus = f
	if f == focusInput {
		m.prompt.Focus()
	} else {
		m.prompt.Blur()
	}
	m.transcript.SetFocused(f == focusTranscript)
	m.taskPane.SetFocused(f == focusTasks)
	m.layout()
}

// handlePaste puts pasted text into the draft, whatever has focus (unless a dialog is
// open: dialogs with text fields take it).
func (m *Model) handlePaste(msg tea.PasteMsg) tea.Cmd {
	if m.inbox.open {
		return m.inboxKey(msg)
	}
	if m.dialogs.Len() > 0 {
		return m.updateTopDialog(msg)
	}
	if m.holdTyped(msg) { // an /open prepares its session: the paste goes there
		return nil
	}
	if m.focus != focusInput {
		m.setFocus(focusInput)
	}
	return m.prompt.Paste(msg)
}

const wheelLines = 3

func (m *Model) handleWheel(msg tea.MouseWheelMsg) {
	if m.help.IsOpen() {
		switch msg.Button {
		case tea.MouseWheelUp:
			m.scrollHelp(-wheelLines)
		case tea.MouseWheelDown:
			m.scrollHelp(wheelLines)
		}
		return
	}
	if m.taskPane.Wheel(msg, m.width, wheelLines) {
		return
	}
	switch msg.Button {
	case tea.MouseWheelUp:
		m.transcript.ScrollLines(-wheelLines)
	case tea.MouseWheelDown:
		m.transcript.ScrollLines(wheelLines)
	}
}
