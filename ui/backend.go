// Package ui is gclaude's Bubble Tea program: one root Model owns all state, focus and
// routing, and draws the transcript, the prompt editor, the status bar, dialogs and the
// help line. Children are plain structs with methods; anything slow or blocking (session
// calls, files) runs in a tea.Cmd that reports back with a message.
package ui

import (
	"errors"
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/ui/session"
)

// The session's types live in ui/session; these names keep cmd/ and the root's code
// as they were.
type (
	Backend      = session.Backend
	StartRequest = session.StartRequest
	StartFunc    = session.StartFunc
)

// startSession starts claude in a new session generation; until it reports, there is
// no session to talk to.
func (m *Model) startSession(req StartRequest) tea.Cmd {
	m.sess.phase = phaseRestarting
	req.AddDirs = slices.Clone(m.addedDirs) // /add-dir's folders outlive the process
	return m.link.Start(req)
}

// replaceSession closes the session in use (in the background) and starts another.
func (m *Model) replaceSession(req StartRequest) tea.Cmd {
	return tea.Batch(session.Close(m.link.Backend(), nil), m.startSession(req))
}

// handleCallDone reports the outcome of a Backend call of the current session.
func (m *Model) handleCallDone(msg tea.Msg) {
	switch msg := msg.(type) {
	case session.PromptSent:
		if msg.Err != nil && !m.mode.refuse(m, msg.Err, "prompts are not sent") {
			// Whatever session it was meant for, it did not get it (undelivered.go).
			m.undelivered(msg.Prompt, msg.Err)
		}
	case session.Interrupted:
		if m.current(msg.Gen, msg.Err, "it cannot be interrupted") && msg.Err != nil {
			m.notice(noticeWarning, "could not interrupt: "+msg.Err.Error())
		}
	case session.Answered:
		if m.link.Current(msg.Gen) && msg.Err != nil && !errors.Is(msg.Err, process.ErrCancelled) && !m.mode.recording() {
			m.notice(noticeError, "could not answer the permission request: "+msg.Err.Error())
		}
	case session.ModelSet:
		if m.current(msg.Gen, msg.Err, "the model cannot be switched") {
			m.modelChanged(msg)
		}
	case session.ModeSet:
		if m.link.Current(msg.Gen) && m.sess.modeWant == msg.Asked {
			m.sess.modeWant = ""
		}
		if m.current(msg.Gen, msg.Err, "the permission mode cannot be switched") {
			m.modeChanged(msg)
		}
	}
}

// current reports whether a call's outcome belongs to the session shown and still needs
// handling: a recording refuses every call, and that is said as what it is.
func (m *Model) current(gen int, err error, refused string) bool {
	if !m.link.Current(gen) {
		return false
	}
	return !m.mode.refuse(m, err, refused)
}

func (m *Model) modelChanged(msg session.ModelSet) {
	model, n := msg.Outcome(m.sess.model)
	if model != "" {
		m.sess.model = model
	}
	m.notice(n.Kind, n.Text)
}

func (m *Model) modeChanged(msg session.ModeSet) {
	mode, n := msg.Outcome()
	if n.Text != "" {
		m.notice(n.Kind, n.Text)
	}
	m.setMode(mode) // "" leaves the mode as it was
}

// modeCycle is the order shift+tab walks (session.ModeCycle).
func (m *Model) modeCycle() []string {
	return session.ModeCycle(m.sess.seenModes, m.sess.init, m.opts.BypassAllowed)
}

// cycleMode asks for the mode after the current one (or after the one already asked
// for, so quick presses walk on).
func (m *Model) cycleMode() tea.Cmd {
	cur := m.sess.mode
	if m.sess.modeWant != "" {
		cur = m.sess.modeWant
	}
	return m.chooseMode(session.NextMode(m.modeCycle(), cur))
}

// chooseMode sends set_permission_mode; the bar changes when the CLI confirms.
func (m *Model) chooseMode(mode string) tea.Cmd {
	if !m.link.Running() {
		m.notice(noticeWarning, "claude is not running: the mode cannot change now")
		return nil
	}
	m.sess.modeWant = mode
	return m.link.SetMode(mode)
}

// chooseModel sends set_model; the bar shows the model the CLI confirms.
func (m *Model) chooseModel(model string) tea.Cmd {
	if !m.link.Running() {
		m.notice(noticeWarning, "claude is not running: the model cannot change now")
		return nil
	}
	return m.link.SetModel(model)
}

// setMode records the mode the CLI reports.
func (m *Model) setMode(mode string) {
	if mode == "" {
		return
	}
	m.sess.mode = mode
	m.sess.seenModes[mode] = true
}

// pickerModes are the modes /mode lists: every mode the CLI accepts in this session.
func (m *Model) pickerModes() []string { return session.PickerModes(m.modeCycle()) }

// autoModeAvailable reports whether the CLI accepts auto mode in this session.
func (m *Model) autoModeAvailable() bool {
	return session.AutoModeAvailable(m.sess.seenModes, m.sess.init)
}
