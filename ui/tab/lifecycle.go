package tab

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

// The session's life as its tab lives it: starting and replacing claude (through
// its session.Link), its events into the transcript, dialogs and session.State, the
// outcomes of Backend calls, and its end.

// Messages of the session (see also ui/session's).
type (
	eventsMsg     = session.Events     // one frame's worth of events
	cliStartedMsg = session.CLIStarted // a (re)started claude
)

// startCLI starts claude in a new generation; until it reports, there is no claude
// to talk to.
func (t *Tab) startCLI(req session.StartRequest) tea.Cmd {
	t.sess.Phase = session.PhaseRestarting
	t.gate.req, t.gate.asking = req, false       // asked again as it was, if the folder waits for answers
	req.AddDirs = slices.Clone(t.sess.AddedDirs) // /add-dir's folders outlive the process
	req.Dir, req.Host, req.Trusted = t.place.Dir, t.place.Host, t.place.Trusted
	return t.link.Start(req)
}

// replaceCLI closes the claude in use (in the background) and starts another.
func (t *Tab) replaceCLI(req session.StartRequest) tea.Cmd {
	return tea.Batch(session.Close(t.link.Backend(), nil), t.startCLI(req))
}

// handleCLIStarted adopts a new claude, or reports why it did not start.
func (t *Tab) handleCLIStarted(msg cliStartedMsg) tea.Cmd {
	if t.closing {
		return session.Close(msg.Backend, nil)
	}
	if current, cleanup := t.link.Adopt(msg); !current {
		return cleanup // superseded: do not leak the process
	}
	if u, ok := undecided(msg.Err); ok {
		return t.askBeforeStart(u.Verdict) // prompts typed meanwhile stay held
	}
	if msg.Err != nil {
		if cmd, retried := t.retryFailed(msg.Err, nil); retried {
			return cmd
		}
		t.sess.End("failed · could not start claude: " + msg.Err.Error())
		t.notice(noticeError, "could not start claude: "+msg.Err.Error())
		t.undeliveredAll(t.turn.Prompts.Held, errors.New("claude did not start"))
		return nil
	}
	t.sess.Phase = session.PhaseStarting
	if init := t.link.Backend().Init(); init != nil {
		t.ready(init)
	}
	return tea.Batch(t.link.Wait(), t.sendHeld())
}

// handleEvents applies one frame's batch of session events, then re-arms the reader.
func (t *Tab) handleEvents(msg eventsMsg) tea.Cmd {
	if !t.link.Current(msg.Gen) {
		return nil // a session we have moved on from
	}
	var cmds []tea.Cmd
	for _, ev := range msg.Events {
		cmd, done := t.mode.Event(t.playback(), ev) // a recording's own handling (playback.go)
		cmds = append(cmds, cmd)
		if !done {
			cmds = append(cmds, t.handleEvent(ev))
		}
	}
	if msg.Closed {
		if t.sess.Phase != session.PhaseExited {
			t.exited("claude's output ended")
		}
		return tea.Batch(cmds...)
	}
	return tea.Batch(append(cmds, t.link.Wait())...)
}

func (t *Tab) handleEvent(ev process.Event) tea.Cmd {
	switch ev := ev.(type) {
	case process.Ready:
		t.ready(ev.Init)
	case process.InitFailed:
		t.sess.Phase = session.PhaseReady
		t.notice(noticeWarning, "claude did not answer initialize ("+ev.Err.Error()+"); slash commands and models are not listed")
	case process.Message:
		return t.applyMessage(ev.Msg)
	case process.PermissionRequest:
		return t.permissionRequest(ev.Req)
	case process.ElicitationRequest:
		t.say(session.DeclinedElicitation(ev.Req.MCPServerName, ev.Req.Message))
		return t.link.RespondElicitation(ev.Req.RequestID, process.ElicitationResponse{Action: "decline"})
	case process.Cancelled:
		t.cancelRequest(ev.RequestID)
	case process.DecodeError:
		t.notice(noticeWarning, ev.Err.Error())
	case process.Exited:
		headline, details := session.ExitSummary(ev)
		if t.turn.Running && !ev.GotResult {
			details = append(details, "the turn in progress did not finish")
		}
		if ev.Disconnected && !t.closing {
			// Not "claude exited · press enter": gclaude reconnects on its own.
			t.sessionEnded("disconnected")
			return t.disconnected(ev, details)
		}
		if cmd, retried := t.retryFailed(ev.Err, details); retried {
			return cmd // a reconnect's try that could not reach the host
		}
		t.exited(headline, details...)
	}
	return nil
}

// ready takes in the initialize response: commands, models, current mode.
func (t *Tab) ready(init *protocol.InitializeResponse) {
	t.sess.Ready(init)
	t.reconnected()
	t.turn.Unanswered = nil // claude has them now
	if init != nil {
		t.setCLICommands(init.Commands)
		t.checkLogin(init)
	}
}

// applyMessage feeds a stdout message to the transcript, the task store and the
// session state, and does what they ask.
func (t *Tab) applyMessage(msg protocol.Message) tea.Cmd {
	t.rewind.Message(msg)
	if init, ok := msg.(*protocol.SystemInit); ok {
		t.setSkills(init.Skills)
		t.turn.Unanswered = nil // a turn started: claude has the prompts
	}
	o := t.sess.Observe(&t.turn, msg, t.now())
	t.unqueue(o.Taken)
	if o.CommandsChanged { // a plugin or skill just reloaded is a command at once
		t.setCLICommands(t.sess.Init.Commands)
	}
	if o.TurnEnded && (t.out.TurnEnded.IsZero() || o.Started.Before(t.out.TurnEnded)) {
		t.out.TurnEnded = o.Started // the workspace notifies, when it ran long enough
	}
	t.tasks.Apply(msg) // first: the transcript asks the store for Agent calls' status
	t.conversation.Apply(msg)
	t.checklist.Apply(msg)
	switch msg := msg.(type) {
	case *protocol.TaskNotification: // which background task finished: now, or after the turn
		t.say(session.Notice{Kind: noticeInfo, Text: t.tasks.Announce(msg, t.turn.Running)})
	case *protocol.Result:
		for _, text := range t.tasks.TurnEnded(t.turn.Running) {
			t.notice(noticeInfo, text)
		}
	}
	t.unqueue(t.turn.Settled(msg))
	return t.tasks.PollOutput(t.after)
}

// exited ends the session: the turn stops, open requests close with a note, and the
// draft stays; enter restarts claude.
func (t *Tab) exited(headline string, details ...string) {
	if !t.sessionEnded("exited · " + headline) {
		return
	}
	t.notice(noticeError, session.ExitText(headline+" · press enter to restart it, /clear for a new conversation", details))
}

// sessionEnded stops what ran with claude (state is the session list's word for it);
// false while closing, when nothing is to be done.
func (t *Tab) sessionEnded(state string) bool {
	if t.closing {
		return false
	}
	t.sess.End(state)
	t.turn.Running = false
	t.taskPane.SessionEnded()
	if unanswered := t.turn.Unanswered; len(unanswered) > 0 {
		t.turn.Unanswered = nil
		t.undeliveredAll(unanswered, errors.New("claude exited before it answered"))
	}
	if t.turn.Lifecycle {
		// claude said which prompts its turns took: the rest never got an answer.
		t.undeliveredAll(t.turn.Prompts.Queued, errors.New("claude exited before its turn came"))
	}
	t.unqueue(t.turn.Prompts.Release(""))
	if n := t.dropRequestDialogs(); n > 0 {
		t.notice(noticeWarning, fmt.Sprintf("%d permission request(s) closed: claude exited", n))
	}
	return true
}

// restart starts claude again after it exited, resuming the conversation.
func (t *Tab) restart() tea.Cmd {
	t.notice(noticeInfo, "restarting claude…")
	return t.resumeCLI()
}

// resumeCLI starts claude on the conversation, without a notice: a reconnect's tries,
// every 30 s for as long as a host is away, would fill the transcript.
func (t *Tab) resumeCLI() tea.Cmd {
	t.sess.Usage.Restarted()
	return t.startCLI(session.StartRequest{Resume: t.sess.SessionID, ForkSession: t.sess.Forking, Model: t.sess.Model, PermissionMode: t.sess.Mode})
}

// clear starts a new conversation in a new session; the old one is closed.
func (t *Tab) clear() tea.Cmd {
	req := session.StartRequest{Model: t.sess.Model, PermissionMode: t.sess.Mode}
	t.newConversation()
	return t.replaceCLI(req)
}

// newConversation puts away the one on screen: its requests, turn, transcript and
// session state (clear, switching to a resumed one).
func (t *Tab) newConversation() {
	t.dropRequestDialogs()
	t.turn = session.Turn{}
	t.resetTranscript()
	t.sess = t.sess.NewConversation()
}

// handleCallDone reports the outcome of a Backend call of the current session.
func (t *Tab) handleCallDone(msg tea.Msg) {
	switch msg := msg.(type) {
	case session.PromptSent:
		if msg.Err != nil && !t.mode.Refuse(t.playback(), msg.Err, "prompts are not sent") {
			// Whatever session it was meant for, it did not get it (prompt.go).
			t.undelivered(msg.Prompt, msg.Err)
		}
	case session.Interrupted:
		if t.current(msg.Gen, msg.Err, "it cannot be interrupted") && msg.Err != nil {
			t.notice(noticeWarning, "could not interrupt: "+msg.Err.Error())
		}
	case session.Answered:
		if t.link.Current(msg.Gen) && msg.Err != nil && !errors.Is(msg.Err, process.ErrCancelled) && !t.mode.Recording() {
			t.notice(noticeError, "could not answer the permission request: "+msg.Err.Error())
		}
	case session.ModelSet:
		if t.current(msg.Gen, msg.Err, "the model cannot be switched") {
			t.say(t.sess.ModelAnswered(msg))
		}
	case session.ModeSet:
		if t.link.Current(msg.Gen) {
			t.sess.ModeAnswered(msg)
		}
		if t.current(msg.Gen, msg.Err, "the permission mode cannot be switched") {
			t.say(t.sess.ModeSettled(msg))
		}
	}
}

// current reports whether a call's outcome belongs to the session shown and still needs
// handling: a recording refuses every call, and that is said as what it is.
func (t *Tab) current(gen int, err error, refused string) bool {
	return t.link.Current(gen) && !t.mode.Refuse(t.playback(), err, refused)
}

// cycleMode asks for the mode after the current one (shift+tab).
func (t *Tab) cycleMode() tea.Cmd {
	return t.chooseMode(t.sess.NextMode(t.env.Opts.BypassAllowed))
}

// chooseMode sends set_permission_mode; the bar changes when the CLI confirms.
func (t *Tab) chooseMode(mode string) tea.Cmd {
	if !t.link.Running() {
		t.notice(noticeWarning, "claude is not running: the mode cannot change now")
		return nil
	}
	t.sess.ModeWant = mode
	return t.link.SetMode(mode)
}

// chooseModel sends set_model; the bar shows the model the CLI confirms.
func (t *Tab) chooseModel(model string) tea.Cmd {
	if !t.link.Running() {
		t.notice(noticeWarning, "claude is not running: the model cannot change now")
		return nil
	}
	return t.link.SetModel(model)
}

// Notice kinds, as the transcript names them.
const (
	noticeInfo    = transcript.NoticeInfo
	noticeWarning = transcript.NoticeWarn
	noticeError   = transcript.NoticeError
)

// notice adds a line to the transcript: errors are shown, never swallowed.
func (t *Tab) notice(kind, text string) {
	t.conversation.AddNotice(kind, text)
}

// say shows the notices a child returned (none is "").
func (t *Tab) say(ns ...session.Notice) {
	for _, n := range ns {
		if n.Text != "" {
			t.notice(n.Kind, n.Text)
		}
	}
}

// resetTranscript starts an empty transcript (a new conversation).
func (t *Tab) resetTranscript() {
	t.conversation = transcript.NewConversation()
	t.transcript.Show(t.conversation)
	t.shell.Forget() // `!` output of the old conversation
	t.rewind = commands.RewindLog{}
	t.transcript.SetFocused(t.focus == focusTranscript)
	// The new conversation opens with the banner; what the old one still prints goes
	// first.
	t.out.NewTranscript = true
	t.resetTasks()
	t.ShowIntro()
}

// ShowIntro puts Options.Intro (gclaude demo's welcome) at the top of a new
// transcript: at launch and again after /clear, so the tour's menu is never lost.
func (t *Tab) ShowIntro() {
	if intro := t.env.Opts.Intro; intro != "" {
		t.notice(noticeInfo, intro)
	}
}

// Orphaned cleans up after a message whose tab was closed meanwhile: a claude started
// for it must not outlive it.
func Orphaned(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case cliStartedMsg:
		return session.Close(msg.Backend, nil)
	case resumedStartMsg:
		return session.Close(msg.Backend, nil)
	}
	return nil
}
