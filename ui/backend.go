// Package ui is gclaude's Bubble Tea program: one root Model owns all state, focus and
// routing, and draws the transcript, the prompt editor, the status bar, dialogs and the
// help line. Children are plain structs with methods; anything slow or blocking (session
// calls, files) runs in a tea.Cmd that reports back with a message.
package ui

import (
	"errors"
	"fmt"
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/session"
)

// The session's types live in ui/session; these names keep cmd/ and the root's code
// as they were.
type (
	Backend      = session.Backend
	StartRequest = session.StartRequest
	StartFunc    = session.StartFunc
)

// sendPrompt writes a prompt to the session.
func (m *Model) sendPrompt(p queuedPrompt) tea.Cmd {
	return session.SendPrompt(m.backend, m.gen, p)
}

func (m *Model) interruptCmd() tea.Cmd { return session.Interrupt(m.backend, m.gen) }

func (m *Model) respondPermissionCmd(id string, d protocol.PermissionDecision) tea.Cmd {
	return session.RespondPermission(m.backend, m.gen, id, d)
}

func (m *Model) respondElicitationCmd(id string, r process.ElicitationResponse) tea.Cmd {
	return session.RespondElicitation(m.backend, m.gen, id, r)
}

func (m *Model) setModelCmd(model string) tea.Cmd { return session.SetModel(m.backend, m.gen, model) }

func (m *Model) setModeCmd(mode string) tea.Cmd { return session.SetMode(m.backend, m.gen, mode) }

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
		if msg.Gen == m.gen && msg.Err != nil && !errors.Is(msg.Err, process.ErrCancelled) && !m.mode.recording() {
			m.notice(noticeError, "could not answer the permission request: "+msg.Err.Error())
		}
	case session.ModelSet:
		if m.current(msg.Gen, msg.Err, "the model cannot be switched") {
			m.modelChanged(msg)
		}
	case session.ModeSet:
		if msg.Gen == m.gen && m.sess.modeWant == msg.Asked {
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
	if gen != m.gen {
		return false
	}
	return !m.mode.refuse(m, err, refused)
}

func (m *Model) modelChanged(msg session.ModelSet) {
	if msg.Err != nil {
		var ce *process.ControlError
		if errors.As(msg.Err, &ce) && ce.Code == protocol.ErrCodeNotFound {
			still := ce.Model
			if still == "" {
				still = m.sess.model
			}
			m.notice(noticeError, fmt.Sprintf("model %q not found; still using %s", msg.Asked, still))
			if ce.Model != "" {
				m.sess.model = ce.Model
			}
			return
		}
		m.notice(noticeError, "could not switch the model: "+msg.Err.Error())
		return
	}
	model := msg.Got
	if model == "" {
		model = msg.Asked
	}
	m.sess.model = model
	m.notice(noticeInfo, "model set to "+model)
}

func (m *Model) modeChanged(msg session.ModeSet) {
	if msg.Err != nil {
		var ce *process.ControlError
		switch {
		case errors.As(msg.Err, &ce) && ce.Code == protocol.ErrCodeBypassNotLaunched:
			m.notice(noticeError, "bypass permissions is only available when gclaude is started with --dangerously-skip-permissions")
		case errors.As(msg.Err, &ce) && ce.Code == protocol.ErrCodeInvalidMode:
			m.notice(noticeError, fmt.Sprintf("claude does not know the permission mode %q", msg.Asked))
		default:
			m.notice(noticeError, "could not switch the permission mode: "+msg.Err.Error())
		}
		return
	}
	mode := msg.Got
	if mode == "" {
		mode = msg.Asked
	}
	m.setMode(mode)
}

// modeCycle is the order shift+tab walks: the three everyday modes, auto when the CLI
// accepts it in this session, dontAsk only if this CLI reported it, and
// bypassPermissions only when claude was launched with --dangerously-skip-permissions
// (the CLI refuses it otherwise).
func (m *Model) modeCycle() []string {
	modes := []string{protocol.ModeDefault, protocol.ModeAcceptEdits, protocol.ModePlan}
	if m.autoModeAvailable() {
		modes = append(modes, protocol.ModeAuto)
	}
	if m.sess.seenModes[protocol.ModeDontAsk] {
		modes = append(modes, protocol.ModeDontAsk)
	}
	if m.opts.BypassAllowed {
		modes = append(modes, protocol.ModeBypassPermissions)
	}
	return modes
}

// cycleMode asks for the mode after the current one (or after the one already asked
// for, so quick presses walk on).
func (m *Model) cycleMode() tea.Cmd {
	cur := m.sess.mode
	if m.sess.modeWant != "" {
		cur = m.sess.modeWant
	}
	modes := m.modeCycle()
	next := modes[0]
	for i, md := range modes {
		if md == cur {
			next = modes[(i+1)%len(modes)]
		}
	}
	return m.chooseMode(next)
}

// chooseMode sends set_permission_mode; the bar changes when the CLI confirms.
func (m *Model) chooseMode(mode string) tea.Cmd {
	if m.backend == nil {
		m.notice(noticeWarning, "claude is not running: the mode cannot change now")
		return nil
	}
	m.sess.modeWant = mode
	return m.setModeCmd(mode)
}

// chooseModel sends set_model; the bar shows the model the CLI confirms.
func (m *Model) chooseModel(model string) tea.Cmd {
	if m.backend == nil {
		m.notice(noticeWarning, "claude is not running: the model cannot change now")
		return nil
	}
	return m.setModelCmd(model)
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
// dontAsk is there although shift+tab skips it (Claude Code's cycle has no dontAsk,
// and muscle memory counts the presses).
func (m *Model) pickerModes() []string {
	modes := m.modeCycle()
	if slices.Contains(modes, protocol.ModeDontAsk) {
		return modes
	}
	out := make([]string, 0, len(modes)+1)
	for _, md := range modes {
		if md == protocol.ModeBypassPermissions {
			out = append(out, protocol.ModeDontAsk)
		}
		out = append(out, md)
	}
	if !slices.Contains(out, protocol.ModeDontAsk) {
		out = append(out, protocol.ModeDontAsk)
	}
	return out
}

// autoModeAvailable reports whether the CLI accepts auto mode in this session: it says
// so per model in its initialize answer (CLI 2.1.328 accepts it with an API key), or
// it already reported the mode. A logged-out CLI runs nothing, so it offers none.
func (m *Model) autoModeAvailable() bool {
	if m.sess.seenModes[protocol.ModeAuto] {
		return true
	}
	if m.sess.init == nil || m.sess.init.Account.LoggedOut() {
		return false
	}
	for _, mi := range m.sess.init.Models {
		if mi.SupportsAutoMode {
			return true
		}
	}
	return false
}
