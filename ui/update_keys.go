package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
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
	if m.showHelp {
		m.helpKey(msg) // scroll keys scroll, any other key closes the help screen
		return nil
	}
	if key.Matches(msg, m.keys.Global.Interrupt) {
		return m.ctrlC()
	}
	if cmd, done := m.mode.key(m, msg); done {
		return cmd
	}
	if len(m.dialogs) > 0 {
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
	case m.turn.running:
		// Interrupting also withdraws any open permission request (Cancelled follows).
		cmd = m.interrupt()
	case m.topIsPicker():
		m.popDialog(0)
	default:
		m.editor.Reset()
		m.history.Reset()
		m.complete.Update("")
		m.mention.Update("")
	}
	return tea.Batch(cmd, m.setHint("press ctrl+c again to quit", quitWindow))
}

// quit closes the session cleanly, then ends the program.
func (m *Model) quit() tea.Cmd {
	if m.quitting {
		return nil
	}
	m.quitting = true
	b := m.backend
	m.backend = nil
	m.gen++ // nothing from the old session matters now
	return closeSession(b, sessionClosedMsg{})
}

func (m *Model) interrupt() tea.Cmd {
	if !m.turn.running || m.backend == nil {
		return nil
	}
	return m.interruptCmd()
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
	if isTypedText(msg) {
		// A letter the transcript has no use for is meant for the prompt.
		m.setFocus(focusInput)
		return m.inputKey(msg)
	}
	return nil
}

// isTypedText reports whether a key press is plain typing (no ctrl or alt).
func isTypedText(msg tea.KeyPressMsg) bool {
	return msg.Text != "" && msg.Mod&(tea.ModCtrl|tea.ModAlt) == 0
}

// inputKey handles a key while the prompt editor has focus.
func (m *Model) inputKey(msg tea.KeyPressMsg) tea.Cmd {
	if m.search != nil {
		if cmd, done := m.searchKey(msg); done {
			return cmd
		}
	}
	if m.complete.Open() {
		if cmd, done := m.completionKey(msg); done {
			return cmd
		}
	}
	if m.mention.Open() {
		if cmd, done := m.mentionKey(msg); done {
			return cmd
		}
	}
	if msg.Code == tea.KeyBackspace && msg.Mod == 0 && m.removeChip() {
		return nil
	}
	draft := m.editor.Value()
	switch {
	case key.Matches(msg, m.keys.Input.Send):
		return m.enter()
	case key.Matches(msg, m.keys.Input.Cancel):
		return m.interrupt()
	case key.Matches(msg, m.keys.Input.FocusTranscript):
		m.setFocus(focusTranscript)
		return nil
	case key.Matches(msg, m.keys.Input.HistorySearch):
		m.startHistorySearch()
		return nil
	case key.Matches(msg, m.keys.Input.ExternalEditor):
		return m.openExternalEditor()
	case key.Matches(msg, m.keys.Global.Quit) && draft == "":
		return m.quit()
	case key.Matches(msg, m.keys.Global.Help) && draft == "":
		m.openHelp()
		return nil
	case key.Matches(msg, m.keys.Input.HistoryPrev) && m.editor.OnFirstLine():
		if text, ok := m.history.Prev(draft); ok {
			m.editor.SetValue(text)
			m.afterEdit()
			return nil
		}
	case key.Matches(msg, m.keys.Input.HistoryNext) && m.editor.OnLastLine() && m.history.Walking():
		if text, ok := m.history.Next(); ok {
			m.editor.SetValue(text)
			m.afterEdit()
			return nil
		}
	}
	cmd := m.editor.Update(msg)
	m.afterEdit()
	return tea.Batch(cmd, m.listFilesIfWanted())
}

// completionKey handles the keys the slash-command popup takes; done is false for
// keys that go on to the editor.
func (m *Model) completionKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	switch {
	case key.Matches(msg, m.keys.Picker.Up):
		m.complete.Up()
	case key.Matches(msg, m.keys.Picker.Down):
		m.complete.Down()
	case key.Matches(msg, m.keys.Input.Complete):
		if c, ok := m.complete.Selected(); ok {
			text := "/" + c.Name
			if c.ArgumentHint != "" {
				text += " "
			}
			m.editor.SetValue(text)
			m.afterEdit()
		}
	case key.Matches(msg, m.keys.Picker.Close):
		m.complete.Dismiss(m.editor.Value())
	case key.Matches(msg, m.keys.Input.Send):
		c, ok := m.complete.Selected()
		if !ok {
			return nil, false
		}
		m.editor.Reset()
		m.afterEdit()
		return m.runCommand(c.Name, "", "/"+c.Name), true
	default:
		return nil, false
	}
	return nil, true
}

// afterEdit keeps the popup in step with the draft and the layout with its height.
func (m *Model) afterEdit() {
	m.complete.Update(m.editor.Value())
	m.mention.Update(m.editor.BeforeCursor())
	m.layout()
}

// enter sends the draft: a slash command runs, text becomes a prompt. After the CLI
// exited, enter restarts it (and sends the draft once it runs).
func (m *Model) enter() tea.Cmd {
	if cmd, done := m.mode.enter(m, m.editor.Value()); done {
		return cmd
	}
	text := m.editor.Value()
	if isBlank(text) {
		if m.sess.phase == phaseExited {
			return m.restart()
		}
		return nil
	}
	m.editor.Reset()
	m.afterEdit()
	m.history.Add(text)
	save := m.saveHistory(text)
	if name, args, ok := parseSlash(text); ok {
		return tea.Batch(save, m.runCommand(name, args, text))
	}
	return tea.Batch(save, m.submit(text))
}

func (m *Model) setFocus(f focusArea) {
	m.focus = f
	if f == focusInput {
		m.editor.Focus()
	} else {
		m.editor.Blur()
	}
	m.transcript.SetFocused(f == focusTranscript)
	m.taskPane.SetFocused(f == focusTasks)
	m.layout()
}

// handlePaste puts pasted text into the draft, whatever has focus (unless a dialog is
// open: dialogs with text fields take it).
func (m *Model) handlePaste(msg tea.PasteMsg) tea.Cmd {
	if len(m.dialogs) > 0 {
		return m.updateTopDialog(msg)
	}
	if m.focus != focusInput {
		m.setFocus(focusInput)
	}
	if cmd, ok := m.pasteImage(msg.Content); ok {
		return cmd
	}
	cmd := m.editor.Update(msg)
	m.afterEdit()
	return tea.Batch(cmd, m.listFilesIfWanted())
}

const wheelLines = 3

func (m *Model) handleWheel(msg tea.MouseWheelMsg) {
	if m.showHelp {
		switch msg.Button {
		case tea.MouseWheelUp:
			m.scrollHelp(-wheelLines)
		case tea.MouseWheelDown:
			m.scrollHelp(wheelLines)
		}
		return
	}
	if m.taskWheel(msg) {
		return
	}
	switch msg.Button {
	case tea.MouseWheelUp:
		m.transcript.ScrollLines(-wheelLines)
	case tea.MouseWheelDown:
		m.transcript.ScrollLines(wheelLines)
	}
}
