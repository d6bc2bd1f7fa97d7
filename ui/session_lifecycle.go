package ui

import (
	"errors"
	"fmt"
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/transcript"
)

// The session's life as the root lives it: starting and replacing claude (through
// its session.Link), its events into the transcript, dialogs and session.State, the
// outcomes of Backend calls, and its end.

// The session's types live in ui/session; these names keep cmd/ as it was.
type (
	Backend      = session.Backend
	StartRequest = session.StartRequest
	StartFunc    = session.StartFunc
)

// Messages of the session (see also ui/session's).
type (
	eventsMsg     = session.Events     // one frame's worth of events
	cliStartedMsg = session.CLIStarted // a (re)started claude
	cliClosedMsg  struct{}             // Backend.Close returned (on quit)
)

// startCLI starts claude in a new generation; until it reports, there is no claude
// to talk to.
func (m *Model) startCLI(req StartRequest) tea.Cmd {
	m.sess.Phase = session.PhaseRestarting
	m.gate.req, m.gate.asking = req, false  // asked again as it was, if the folder waits for answers
	req.AddDirs = slices.Clone(m.addedDirs) // /add-dir's folders outlive the process
	req.Dir, req.Host, req.Trusted = m.place.dir, m.place.host, m.place.trusted
	return m.link.Start(req)
}

// replaceCLI closes the claude in use (in the background) and starts another.
func (m *Model) replaceCLI(req StartRequest) tea.Cmd {
	return tea.Batch(session.Close(m.link.Backend(), nil), m.startCLI(req))
}

// handleCLIStarted adopts a new claude, or reports why it did not start.
func (m *Model) handleCLIStarted(msg cliStartedMsg) tea.Cmd {
	if m.quitting {
		return session.Close(msg.Backend, nil)
	}
	if current, cleanup := m.link.Adopt(msg); !current {
		return cleanup // superseded: do not leak the process
	}
	if u, ok := undecided(msg.Err); ok {
		return m.askBeforeStart(u.Verdict) // prompts typed meanwhile stay held
	}
	if msg.Err != nil {
		if cmd, retried := m.retryFailed(msg.Err, nil); retried {
			return cmd
		}
		m.sess.Phase = session.PhaseExited
		m.ended = "failed · could not start claude: " + msg.Err.Error()
		m.notice(noticeError, "could not start claude: "+msg.Err.Error())
		m.undeliveredAll(m.turn.Prompts.Held, errors.New("claude did not start"))
		return nil
	}
	m.sess.Phase = session.PhaseStarting
	if init := m.link.Backend().Init(); init != nil {
		m.ready(init)
	}
	return tea.Batch(m.link.Wait(), m.sendHeld(), m.startTicking())
}

// handleEvents applies one frame's batch of session events, then re-arms the reader.
func (m *Model) handleEvents(msg eventsMsg) tea.Cmd {
	if !m.link.Current(msg.Gen) {
		return nil // a session we have moved on from
	}
	var cmds []tea.Cmd
	for _, ev := range msg.Events {
		cmd, done := m.mode.Event(m.host(), ev) // a recording's own handling (playback_mode.go)
		cmds = append(cmds, cmd)
		if !done {
			cmds = append(cmds, m.handleEvent(ev))
		}
	}
	if msg.Closed {
		if m.sess.Phase != session.PhaseExited {
			m.exited("claude's output ended")
		}
		m.layout()
		return tea.Batch(cmds...)
	}
	m.layout()
	return tea.Batch(append(cmds, m.link.Wait(), m.startTicking())...)
}

func (m *Model) handleEvent(ev process.Event) tea.Cmd {
	switch ev := ev.(type) {
	case process.Ready:
		m.ready(ev.Init)
	case process.InitFailed:
		m.sess.Phase = session.PhaseReady
		m.notice(noticeWarning, "claude did not answer initialize ("+ev.Err.Error()+"); slash commands and models are not listed")
	case process.Message:
		return m.applyMessage(ev.Msg)
	case process.PermissionRequest:
		return m.permissionRequest(ev.Req)
	case process.ElicitationRequest:
		m.say(session.DeclinedElicitation(ev.Req.MCPServerName, ev.Req.Message))
		return m.link.RespondElicitation(ev.Req.RequestID, process.ElicitationResponse{Action: "decline"})
	case process.Cancelled:
		m.cancelRequest(ev.RequestID)
	case process.DecodeError:
		m.notice(noticeWarning, ev.Err.Error())
	case process.Exited:
		headline, details := session.ExitSummary(ev)
		if m.turn.Running && !ev.GotResult {
			details = append(details, "the turn in progress did not finish")
		}
		if ev.Disconnected && !m.quitting {
			// Not "claude exited · press enter": gclaude reconnects on its own.
			m.sessionEnded("disconnected")
			return m.disconnected(ev, details)
		}
		if cmd, retried := m.retryFailed(ev.Err, details); retried {
			return cmd // a reconnect's try that could not reach the host
		}
		m.exited(headline, details...)
	}
	return nil
}

// ready takes in the initialize response: commands, models, current mode.
func (m *Model) ready(init *protocol.InitializeResponse) {
	m.sess.Ready(init)
	m.reconnected()
	m.turn.Unanswered = nil // claude has them now
	if init != nil {
		m.setCLICommands(init.Commands)
		m.checkLogin(init)
	}
}

// applyMessage feeds a stdout message to the transcript, the task store and the
// session state, and does what they ask.
func (m *Model) applyMessage(msg protocol.Message) tea.Cmd {
	m.rewind.Message(msg)
	if init, ok := msg.(*protocol.SystemInit); ok {
		m.setSkills(init.Skills)
		m.turn.Unanswered = nil // a turn started: claude has the prompts
	}
	o := m.sess.Observe(&m.turn, msg, m.now())
	m.unqueue(o.Taken)
	if o.CommandsChanged { // a plugin or skill just reloaded is a command at once
		m.setCLICommands(m.sess.Init.Commands)
	}
	var cmd tea.Cmd
	if o.TurnEnded {
		cmd = m.turnEnded(o.Started)
		if m.tab != m.tabs.front {
			cmd = tea.Batch(cmd, m.scheduleWarm())
		}
	}
	m.tasks.Apply(msg) // first: the transcript asks the store for Agent calls' status
	m.conversation.Apply(msg)
	m.checklist.Apply(msg)
	switch msg := msg.(type) {
	case *protocol.TaskNotification: // which background task finished: now, or after the turn
		m.say(session.Notice{Kind: noticeInfo, Text: m.tasks.Announce(msg, m.turn.Running)})
	case *protocol.Result:
		for _, text := range m.tasks.TurnEnded(m.turn.Running) {
			m.notice(noticeInfo, text)
		}
	}
	m.unqueue(m.turn.Settled(msg))
	return tea.Batch(cmd, m.tasks.PollOutput(m.after))
}

// exited ends the session: the turn stops, open requests close with a note, and the
// draft stays; enter restarts claude.
func (m *Model) exited(headline string, details ...string) {
	if !m.sessionEnded("exited · " + headline) {
		return
	}
	m.notice(noticeError, session.ExitText(headline+" · press enter to restart it, /clear for a new conversation", details))
}

// sessionEnded stops what ran with claude (state is the session list's word for it);
// false while quitting, when nothing is to be done.
func (m *Model) sessionEnded(state string) bool {
	if m.quitting {
		return false
	}
	m.sess.Phase = session.PhaseExited
	m.ended = state
	m.turn.Running = false
	m.taskPane.SessionEnded()
	if unanswered := m.turn.Unanswered; len(unanswered) > 0 {
		m.turn.Unanswered = nil
		m.undeliveredAll(unanswered, errors.New("claude exited before it answered"))
	}
	if m.turn.Lifecycle {
		// claude said which prompts its turns took: the rest never got an answer.
		m.undeliveredAll(m.turn.Prompts.Queued, errors.New("claude exited before its turn came"))
	}
	m.unqueue(m.turn.Prompts.Release(""))
	if n := m.dropRequestDialogs(); n > 0 {
		m.notice(noticeWarning, fmt.Sprintf("%d permission request(s) closed: claude exited", n))
	}
	return true
}

// restart starts claude again after it exited, resuming the conversation.
func (m *Model) restart() tea.Cmd {
	m.notice(noticeInfo, "restarting claude…")
	return m.resumeCLI()
}

// resumeCLI starts claude on the conversation, without a notice: a reconnect's tries,
// every 30 s for as long as a host is away, would fill the transcript.
func (m *Model) resumeCLI() tea.Cmd {
	m.sess.Usage.Restarted()
	return tea.Batch(m.startCLI(StartRequest{Resume: m.sess.SessionID, ForkSession: m.sess.Forking, Model: m.sess.Model, PermissionMode: m.sess.Mode}), m.startTicking())
}

// clear starts a new conversation in a new session; the old one is closed.
func (m *Model) clear() tea.Cmd {
	req := StartRequest{Model: m.sess.Model, PermissionMode: m.sess.Mode}
	m.newConversation()
	return tea.Batch(m.replaceCLI(req), m.startTicking())
}

// newConversation puts away the one on screen: its requests, turn, transcript and
// session state (clear, switching to a resumed one).
func (m *Model) newConversation() {
	m.dropRequestDialogs()
	m.turn = session.Turn{}
	m.resetTranscript()
	m.sess = m.sess.NewConversation()
}

// handleCallDone reports the outcome of a Backend call of the current session.
func (m *Model) handleCallDone(msg tea.Msg) {
	switch msg := msg.(type) {
	case session.PromptSent:
		if msg.Err != nil && !m.mode.Refuse(m.host(), msg.Err, "prompts are not sent") {
			// Whatever session it was meant for, it did not get it (prompt.go).
			m.undelivered(msg.Prompt, msg.Err)
		}
	case session.Interrupted:
		if m.current(msg.Gen, msg.Err, "it cannot be interrupted") && msg.Err != nil {
			m.notice(noticeWarning, "could not interrupt: "+msg.Err.Error())
		}
	case session.Answered:
		if m.link.Current(msg.Gen) && msg.Err != nil && !errors.Is(msg.Err, process.ErrCancelled) && !m.mode.Recording() {
			m.notice(noticeError, "could not answer the permission request: "+msg.Err.Error())
		}
	case session.ModelSet:
		if m.current(msg.Gen, msg.Err, "the model cannot be switched") {
			m.say(m.sess.ModelAnswered(msg))
		}
	case session.ModeSet:
		if m.link.Current(msg.Gen) {
			m.sess.ModeAnswered(msg)
		}
		if m.current(msg.Gen, msg.Err, "the permission mode cannot be switched") {
			m.say(m.sess.ModeSettled(msg))
		}
	}
}

// current reports whether a call's outcome belongs to the session shown and still needs
// handling: a recording refuses every call, and that is said as what it is.
func (m *Model) current(gen int, err error, refused string) bool {
	return m.link.Current(gen) && !m.mode.Refuse(m.host(), err, refused)
}

// cycleMode asks for the mode after the current one (shift+tab).
func (m *Model) cycleMode() tea.Cmd { return m.chooseMode(m.sess.NextMode(m.opts.BypassAllowed)) }

// chooseMode sends set_permission_mode; the bar changes when the CLI confirms.
func (m *Model) chooseMode(mode string) tea.Cmd {
	if !m.link.Running() {
		m.notice(noticeWarning, "claude is not running: the mode cannot change now")
		return nil
	}
	m.sess.ModeWant = mode
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

// Notice kinds, as the transcript names them.
const (
	noticeInfo    = transcript.NoticeInfo
	noticeWarning = transcript.NoticeWarn
	noticeError   = transcript.NoticeError
)

// notice adds a line to the transcript: errors are shown, never swallowed.
func (m *Model) notice(kind, text string) {
	m.conversation.AddNotice(kind, text)
}

// say shows the notices a child returned (none is "").
func (m *Model) say(ns ...session.Notice) {
	for _, n := range ns {
		if n.Text != "" {
			m.notice(n.Kind, n.Text)
		}
	}
}

// resetTranscript starts an empty transcript (a new conversation).
func (m *Model) resetTranscript() {
	m.conversation = transcript.NewConversation()
	m.transcript.Show(m.conversation)
	m.shell.Forget() // `!` output of the old conversation
	m.rewind = commands.RewindLog{}
	m.transcript.SetFocused(m.focus == focusTranscript)
	// The new conversation opens with the banner; what the old one still prints goes
	// first.
	m.printer.NewTranscript()
	m.resetTasks()
	m.showIntro()
	m.layout()
}

// showIntro puts Options.Intro (gclaude demo's welcome) at the top of a new
// transcript: at launch and again after /clear, so the tour's menu is never lost.
func (m *Model) showIntro() {
	if m.opts.Intro != "" {
		m.notice(noticeInfo, m.opts.Intro)
	}
}
