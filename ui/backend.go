// Package ui is gclaude's Bubble Tea program: one root Model owns all state, focus and
// routing, and draws the transcript, the prompt editor, the status bar, dialogs and the
// help line. Children are plain structs with methods; anything slow or blocking (session
// calls, files) runs in a tea.Cmd that reports back with a message.
package ui

import (
	"context"
	"errors"
	"fmt"
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
)

// Backend is the session the UI drives. *process.Session satisfies it; `gclaude replay`
// implements it from a capture file, and tests use a fake that records calls. Every
// method but Events and Init may block, so the root calls them from tea.Cmds only.
type Backend interface {
	// Events delivers the session's events in order; Exited is last, then it closes.
	Events() <-chan process.Event
	// Init is the CLI's initialize response, or nil until the Ready event.
	Init() *protocol.InitializeResponse
	// Send writes a user prompt.
	Send(in protocol.UserInput) error
	// Interrupt stops the running turn.
	Interrupt(ctx context.Context) error
	// SetModel switches the model and returns the one the CLI resolved.
	SetModel(ctx context.Context, model string) (string, error)
	// SetPermissionMode switches the mode and returns the one now in effect.
	SetPermissionMode(ctx context.Context, mode string) (string, error)
	// RespondPermission answers a can_use_tool request.
	RespondPermission(requestID string, d protocol.PermissionDecision) error
	// RespondElicitation answers an MCP elicitation.
	RespondElicitation(requestID string, r process.ElicitationResponse) error
	// RespondError answers a CLI request with an error.
	RespondError(requestID, message string) error
	// Request sends any other host→CLI control request.
	Request(ctx context.Context, req protocol.HostRequest) (protocol.ControlResponseBody, error)
	// Close shuts the CLI down and waits until it is gone.
	Close() error
}

var _ Backend = (*process.Session)(nil)

// StartRequest says what kind of session to start.
type StartRequest struct {
	// Resume continues the conversation with this session id (a restart after the CLI
	// exited); "" starts a new conversation (/clear).
	Resume string
	// ForkSession continues the resumed conversation under a new session id.
	ForkSession bool
	// Model and PermissionMode carry the user's current choices into the new session;
	// "" means the launch flags' values.
	Model          string
	PermissionMode string
	// AddDirs are the folders added with /add-dir, passed as --add-dir.
	AddDirs []string
	// ResumeAt keeps the resumed conversation only up to this message uuid
	// (--resume-session-at: /rewind).
	ResumeAt string
}

// StartFunc starts a session. It may block (spawning a process), so the root calls it
// from a tea.Cmd. The root passes context.Background(): how long a session lives is
// the implementation's business (gclaude ties it to the program's own context).
type StartFunc func(ctx context.Context, req StartRequest) (Backend, error)

// Each Backend call the root makes runs in a tea.Cmd and reports back with its own
// message type; gen says which session generation made the call, so a late answer from
// a session that was replaced is dropped.

// promptSentMsg reports Backend.Send of prompt p.
type promptSentMsg struct {
	gen int
	p   queuedPrompt
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
		text := p.text
		if p.context != "" {
			text = p.context + "\n\n" + text
		}
		err := b.Send(protocol.UserInput{Text: text, Images: p.images, UUID: p.uuid})
		return promptSentMsg{gen: gen, p: p, err: err}
	}
}

// backendCmd runs call on the current session's Backend in a Cmd; gen tags the
// message it reports with so that a late answer from an old session is ignored. With
// no session there is nothing to call.
func (m *Model) backendCmd(call func(b Backend, gen int) tea.Msg) tea.Cmd {
	b, gen := m.backend, m.gen
	if b == nil {
		return nil
	}
	return func() tea.Msg { return call(b, gen) }
}

func (m *Model) interruptCmd() tea.Cmd {
	return m.backendCmd(func(b Backend, gen int) tea.Msg {
		return interruptedMsg{gen: gen, err: b.Interrupt(context.Background())}
	})
}

// answerCmd runs one of the Backend's Respond methods for request id.
func (m *Model) answerCmd(id string, respond func(b Backend) error) tea.Cmd {
	return m.backendCmd(func(b Backend, gen int) tea.Msg {
		return answeredMsg{gen: gen, requestID: id, err: respond(b)}
	})
}

func (m *Model) respondPermissionCmd(id string, d protocol.PermissionDecision) tea.Cmd {
	return m.answerCmd(id, func(b Backend) error { return b.RespondPermission(id, d) })
}

func (m *Model) respondElicitationCmd(id string, r process.ElicitationResponse) tea.Cmd {
	return m.answerCmd(id, func(b Backend) error { return b.RespondElicitation(id, r) })
}

func (m *Model) setModelCmd(model string) tea.Cmd {
	return m.backendCmd(func(b Backend, gen int) tea.Msg {
		got, err := b.SetModel(context.Background(), model)
		return modelSetMsg{gen: gen, asked: model, got: got, err: err}
	})
}

func (m *Model) setModeCmd(mode string) tea.Cmd {
	return m.backendCmd(func(b Backend, gen int) tea.Msg {
		got, err := b.SetPermissionMode(context.Background(), mode)
		return modeSetMsg{gen: gen, asked: mode, got: got, err: err}
	})
}

// handleCallDone reports the outcome of a Backend call of the current session.
func (m *Model) handleCallDone(msg tea.Msg) {
	switch msg := msg.(type) {
	case promptSentMsg:
		if msg.err != nil && !m.mode.refuse(m, msg.err, "prompts are not sent") {
			// Whatever session it was meant for, it did not get it (undelivered.go).
			m.undelivered(msg.p, msg.err)
		}
	case interruptedMsg:
		if m.current(msg.gen, msg.err, "it cannot be interrupted") && msg.err != nil {
			m.notice(noticeWarning, "could not interrupt: "+msg.err.Error())
		}
	case answeredMsg:
		if msg.gen == m.gen && msg.err != nil && !errors.Is(msg.err, process.ErrCancelled) && !m.mode.recording() {
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
	return !m.mode.refuse(m, err, refused)
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
