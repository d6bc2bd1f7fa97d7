package ui

import (
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
)

// modeCycle is the order shift+tab walks: the three everyday modes, then auto and
// dontAsk only if this CLI reported them, and bypassPermissions only when claude was
// launched with --dangerously-skip-permissions (the CLI refuses it otherwise).
func (m *Model) modeCycle() []string {
	modes := []string{protocol.ModeDefault, protocol.ModeAcceptEdits, protocol.ModePlan}
	for _, extra := range []string{protocol.ModeAuto, protocol.ModeDontAsk} {
		if m.sess.seenModes[extra] {
			modes = append(modes, extra)
		}
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

// handleCallDone reports the outcome of a Backend call.
func (m *Model) handleCallDone(msg callDoneMsg) tea.Cmd {
	if msg.gen != m.gen || m.readOnlyCall(msg) {
		return nil
	}
	switch msg.call {
	case "send":
		if msg.err != nil {
			m.notice(noticeError, "could not send the prompt: "+msg.err.Error())
		}
	case "interrupt":
		if msg.err != nil {
			m.notice(noticeWarning, "could not interrupt: "+msg.err.Error())
		}
	case "respond":
		if msg.err != nil && !errors.Is(msg.err, process.ErrCancelled) {
			m.notice(noticeError, "could not answer the permission request: "+msg.err.Error())
		}
	case "set_model":
		m.modelChanged(msg)
	case "set_permission_mode":
		m.modeChanged(msg)
	}
	return nil
}

func (m *Model) modelChanged(msg callDoneMsg) {
	if msg.err != nil {
		var ce *process.ControlError
		if errors.As(msg.err, &ce) && ce.Code == protocol.ErrCodeNotFound {
			still := ce.Model
			if still == "" {
				still = m.sess.model
			}
			m.notice(noticeError, fmt.Sprintf("model %q not found; still using %s", msg.arg, still))
			if ce.Model != "" {
				m.sess.model = ce.Model
			}
			return
		}
		m.notice(noticeError, "could not switch the model: "+msg.err.Error())
		return
	}
	model := msg.result
	if model == "" {
		model = msg.arg
	}
	m.sess.model = model
	m.notice(noticeInfo, "model set to "+model)
}

func (m *Model) modeChanged(msg callDoneMsg) {
	if m.sess.modeWant == msg.arg {
		m.sess.modeWant = ""
	}
	if msg.err != nil {
		var ce *process.ControlError
		switch {
		case errors.As(msg.err, &ce) && ce.Code == protocol.ErrCodeBypassNotLaunched:
			m.notice(noticeError, "bypass permissions is only available when gclaude is started with --dangerously-skip-permissions")
		case errors.As(msg.err, &ce) && ce.Code == protocol.ErrCodeInvalidMode:
			m.notice(noticeError, fmt.Sprintf("claude does not know the permission mode %q", msg.arg))
		default:
			m.notice(noticeError, "could not switch the permission mode: "+msg.err.Error())
		}
		return
	}
	mode := msg.result
	if mode == "" {
		mode = msg.arg
	}
	m.setMode(mode)
}

// setMode records the mode the CLI reports.
func (m *Model) setMode(mode string) {
	if mode == "" {
		return
	}
	m.sess.mode = mode
	m.sess.seenModes[mode] = true
}
