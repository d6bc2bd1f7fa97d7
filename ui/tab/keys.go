package tab

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/input"
)

// The session's keys, below the workspace's: the mode's (a recording's playback
// keys), the open dialog, the task pane, the session's globals, then the transcript or
// the prompt, whichever has the focus.

// handleKey routes a key the workspace passed on.
func (t *Tab) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := t.env.Keys
	if key.Matches(msg, k.Global.Interrupt) {
		return t.ctrlC()
	}
	if cmd, done := t.mode.Key(t.playback(), msg); done {
		return cmd
	}
	if t.dialogs.Len() > 0 {
		return t.updateTopDialog(msg)
	}
	if cmd, done := t.taskKey(msg); done {
		return cmd
	}
	switch {
	case key.Matches(msg, k.Global.CycleMode):
		return t.cycleMode()
	case key.Matches(msg, k.Global.ModelPick):
		return t.openModelPicker()
	case key.Matches(msg, k.Global.PageUp):
		t.transcript.PageUp()
		return nil
	case key.Matches(msg, k.Global.PageDown):
		t.transcript.PageDown()
		return nil
	}
	if t.focus == focusTranscript {
		return t.transcriptKey(msg)
	}
	return t.inputKey(msg)
}

// ctrlC is the session's part of ctrl+c (the workspace quits on a second one): it
// stops a `!` command, interrupts a running turn, else closes a picker or clears the
// draft.
func (t *Tab) ctrlC() tea.Cmd {
	switch {
	case t.shell.Stop():
	case t.turn.Running:
		// Interrupting also withdraws any open permission request (Cancelled follows).
		return t.interrupt()
	case t.topIsPicker():
		t.popDialog(0)
	default:
		t.prompt.Clear()
	}
	return nil
}

// interrupt is esc in the prompt (and ctrl+c over a turn): it stops a `!` command or
// the running turn; a second esc in a row on an empty prompt opens /rewind.
func (t *Tab) interrupt() tea.Cmd {
	if t.shell.Stop() {
		return nil
	}
	if !t.turn.Running && t.prompt.Value() == "" {
		if t.rewind.DoubleEsc(t.now()) {
			return t.runCommand(commands.CmdRewind, "", "/"+commands.CmdRewind, nil)
		}
		return nil
	}
	if !t.turn.Running || !t.link.Running() {
		return nil
	}
	return t.link.Interrupt()
}

// transcriptKey handles a key while the transcript has focus.
func (t *Tab) transcriptKey(msg tea.KeyPressMsg) tea.Cmd {
	handled, cmd := t.transcript.HandleKey(msg)
	if handled {
		return cmd
	}
	if key.Matches(msg, t.env.Keys.Transcript.FocusInput) {
		t.setFocus(focusInput)
		return nil
	}
	if input.IsTypedText(msg) {
		// A letter the transcript has no use for is meant for the prompt.
		t.setFocus(focusInput)
		return t.inputKey(msg)
	}
	return nil
}

// focusArea is where the session's keys go.
type focusArea int

const (
	focusInput focusArea = iota
	focusTranscript
	focusTasks // the task pane (tasks.go)
)

func (t *Tab) setFocus(f focusArea) {
	t.focus = f
	if f == focusInput {
		t.prompt.Focus()
	} else {
		t.prompt.Blur()
	}
	t.transcript.SetFocused(f == focusTranscript)
	t.taskPane.SetFocused(f == focusTasks)
}

// PromptFocused reports whether the prompt has the keyboard (not the transcript or the
// task pane, which inline mode opens full-screen).
func (t *Tab) PromptFocused() bool { return t.focus == focusInput }

// handlePaste puts pasted text into the draft, whatever has focus (unless a dialog is
// open: dialogs with text fields take it).
func (t *Tab) handlePaste(msg tea.PasteMsg) tea.Cmd {
	if t.dialogs.Len() > 0 {
		return t.updateTopDialog(msg)
	}
	if t.ws.HoldTyped(msg) { // an /open prepares its session: the paste goes there
		return nil
	}
	if t.focus != focusInput {
		t.setFocus(focusInput)
	}
	return t.prompt.Paste(msg)
}

// WheelLines is how far one turn of the wheel scrolls.
const WheelLines = 3

// handleWheel scrolls the task pane under the pointer, else the transcript.
func (t *Tab) handleWheel(msg tea.MouseWheelMsg) {
	if t.taskPane.Wheel(msg, t.area.Width, WheelLines) {
		return
	}
	switch msg.Button {
	case tea.MouseWheelUp:
		t.transcript.ScrollLines(-WheelLines)
	case tea.MouseWheelDown:
		t.transcript.ScrollLines(WheelLines)
	}
}
