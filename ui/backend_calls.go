package ui

import (
	"context"
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
)

// Each Backend call the root makes runs in a tea.Cmd and reports back with its own
// message type; gen says which session generation made the call, so a late answer from
// a session that was replaced is dropped.

// promptSentMsg reports Backend.Send.
type promptSentMsg struct {
	gen int
	p   queuedPrompt // given back to the input if it could not be sent
	err error
}

// interruptedMsg reports Backend.Interrupt.
type interruptedMsg struct {
	gen int
	err error
}

// answeredMsg reports an answer to a CLI request (permission or elicitation).
type answeredMsg struct {
	gen       int
	requestID string
	err       error
}

// modelSetMsg reports Backend.SetModel: the model asked for and the one confirmed.
type modelSetMsg struct {
	gen        int
	asked, got string
	err        error
}

// modeSetMsg reports Backend.SetPermissionMode: the mode asked for and the one in effect.
type modeSetMsg struct {
	gen        int
	asked, got string
	err        error
}

// sendPrompt writes a prompt to the session.
func (m *Model) sendPrompt(p queuedPrompt) tea.Cmd {
	b, gen := m.backend, m.gen
	return func() tea.Msg {
		err := b.Send(protocol.UserInput{Text: p.text, Images: p.images, UUID: p.uuid})
		return promptSentMsg{gen: gen, p: p, err: err}
	}
}

func (m *Model) interruptCmd() tea.Cmd {
	b, gen := m.backend, m.gen
	if b == nil {
		return nil
	}
	return func() tea.Msg {
		return interruptedMsg{gen: gen, err: b.Interrupt(context.Background())}
	}
}

// answerCmd runs one of the Backend's Respond methods for request id.
func (m *Model) answerCmd(id string, respond func(b Backend) error) tea.Cmd {
	b, gen := m.backend, m.gen
	if b == nil {
		return nil
	}
	return func() tea.Msg {
		return answeredMsg{gen: gen, requestID: id, err: respond(b)}
	}
}

func (m *Model) respondPermissionCmd(id string, d protocol.PermissionDecision) tea.Cmd {
	return m.answerCmd(id, func(b Backend) error { return b.RespondPermission(id, d) })
}

func (m *Model) respondElicitationCmd(id string, r process.ElicitationResponse) tea.Cmd {
	return m.answerCmd(id, func(b Backend) error { return b.RespondElicitation(id, r) })
}

func (m *Model) setModelCmd(model string) tea.Cmd {
	b, gen := m.backend, m.gen
	if b == nil {
		return nil
	}
	return func() tea.Msg {
		got, err := b.SetModel(context.Background(), model)
		return modelSetMsg{gen: gen, asked: model, got: got, err: err}
	}
}

func (m *Model) setModeCmd(mode string) tea.Cmd {
	b, gen := m.backend, m.gen
	if b == nil {
		return nil
	}
	return func() tea.Msg {
		got, err := b.SetPermissionMode(context.Background(), mode)
		return modeSetMsg{gen: gen, asked: mode, got: got, err: err}
	}
}

// handleCallDone reports the outcome of a Backend call of the current session.
func (m *Model) handleCallDone(msg tea.Msg) {
	switch msg := msg.(type) {
	case promptSentMsg:
		if m.current(msg.gen, msg.err, "prompts are not sent") && msg.err != nil {
			m.giveBack("could not send the prompt ("+msg.err.Error()+")", msg.p)
		}
	case interruptedMsg:
		if m.current(msg.gen, msg.err, "it cannot be interrupted") && msg.err != nil {
			m.notice(noticeWarning, "could not interrupt: "+msg.err.Error())
		}
	case answeredMsg:
		if msg.gen == m.gen && msg.err != nil && !errors.Is(msg.err, process.ErrCancelled) && m.playback() == nil {
			m.notice(noticeError, "could not answer the permission request: "+msg.err.Error())
		}
	case modelSetMsg:
		if m.current(msg.gen, msg.err, "the model cannot be switched") {
			m.modelChanged(msg)
		}
	case modeSetMsg:
		if msg.gen == m.gen && m.sess.modeWant == msg.asked {
			m.sess.modeWant = ""
		}
		if m.current(msg.gen, msg.err, "the permission mode cannot be switched") {
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
	if err != nil && m.playback() != nil {
		m.notice(noticeInfo, "This is a recording: "+refused+".")
		return false
	}
	return true
}

func (m *Model) modelChanged(msg modelSetMsg) {
	if msg.err != nil {
		var ce *process.ControlError
		if errors.As(msg.err, &ce) && ce.Code == protocol.ErrCodeNotFound {
			still := ce.Model
			if still == "" {
				still = m.sess.model
			}
			m.notice(noticeError, fmt.Sprintf("model %q not found; still using %s", msg.asked, still))
			if ce.Model != "" {
				m.sess.model = ce.Model
			}
			return
		}
		m.notice(noticeError, "could not switch the model: "+msg.err.Error())
		return
	}
	model := msg.got
	if model == "" {
		model = msg.asked
	}
	m.sess.model = model
	m.notice(noticeInfo, "model set to "+model)
}

func (m *Model) modeChanged(msg modeSetMsg) {
	if msg.err != nil {
		var ce *process.ControlError
		switch {
		case errors.As(msg.err, &ce) && ce.Code == protocol.ErrCodeBypassNotLaunched:
			m.notice(noticeError, "bypass permissions is only available when gclaude is started with --dangerously-skip-permissions")
		case errors.As(msg.err, &ce) && ce.Code == protocol.ErrCodeInvalidMode:
			m.notice(noticeError, fmt.Sprintf("claude does not know the permission mode %q", msg.asked))
		default:
			m.notice(noticeError, "could not switch the permission mode: "+msg.err.Error())
		}
		return
	}
	mode := msg.got
	if mode == "" {
		mode = msg.asked
	}
	m.setMode(mode)
}
