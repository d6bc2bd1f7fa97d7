package ui

import (
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/localcmd"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/transcript"
)

// handleEvents applies one frame's batch of session events, then re-arms the reader.
func (m *Model) handleEvents(msg eventsMsg) tea.Cmd {
	if msg.gen != m.gen {
		return nil // a session we have moved on from
	}
	var cmds []tea.Cmd
	for _, ev := range msg.events {
		cmd, done := m.mode.event(m, ev) // a recording's own handling (replay_mode.go)
		cmds = append(cmds, cmd)
		if !done {
			cmds = append(cmds, m.handleEvent(ev))
		}
	}
	if msg.closed {
		if m.sess.phase != phaseExited {
			m.exited("claude's output ended")
		}
		m.layout()
		return tea.Batch(cmds...)
	}
	m.layout()
	return tea.Batch(append(cmds, m.waitEvents(), m.startTicking())...)
}

func (m *Model) handleEvent(ev process.Event) tea.Cmd {
	switch ev := ev.(type) {
	case process.Ready:
		m.ready(ev.Init)
	case process.InitFailed:
		m.sess.phase = phaseReady
		m.notice(noticeWarning, "claude did not answer initialize ("+ev.Err.Error()+"); slash commands and models are not listed")
	case process.Message:
		return m.applyMessage(ev.Msg)
	case process.PermissionRequest:
		return m.permissionRequest(ev.Req)
	case process.ElicitationRequest:
		return m.elicitation(ev)
	case process.Cancelled:
		m.cancelRequest(ev.RequestID)
	case process.DecodeError:
		m.notice(noticeWarning, ev.Err.Error())
	case process.Exited:
		headline, details := session.ExitSummary(ev)
		if m.turn.running && !ev.GotResult {
			details = append(details, "the turn in progress did not finish")
		}
		m.exited(headline, details...)
	}
	return nil
}

// ready takes in the initialize response: commands, models, current mode.
func (m *Model) ready(init *protocol.InitializeResponse) {
	m.sess.phase = phaseReady
	m.sess.init = init
	if init == nil {
		return
	}
	m.setCLICommands(init.Commands)
	m.checkLogin(init)
	// The model is otherwise unknown until the first turn's system/init; the offered
	// models say what the default (or a --model alias) resolves to.
	m.sess.model = init.ResolveModel(m.sess.model)
	if init.CurrentPermissionMode != "" && m.sess.modeWant == "" {
		m.setMode(init.CurrentPermissionMode)
	}
}

// applyMessage feeds a stdout message to the transcript and takes what the status bar
// and the turn state need from it.
func (m *Model) applyMessage(msg protocol.Message) tea.Cmd {
	var cmd tea.Cmd
	m.rewind.Message(msg)
	switch msg := msg.(type) {
	case *protocol.SystemInit:
		m.sess.sessionID = msg.SessionID
		m.sess.forking = false // a fork has its own id from now on
		if msg.Model != "" {
			m.sess.model = msg.Model
		}
		if m.sess.modeWant == "" {
			m.setMode(msg.PermissionMode)
		}
		if msg.CWD != "" {
			m.sess.cwd = msg.CWD
		}
		m.sess.apiKeySource = msg.APIKeySource
		m.setSkills(msg.Skills)
		m.startTurn() // also a turn the CLI started by itself (background task done)
		if !m.turn.lifecycle {
			m.releaseQueued("")
		}
	case *protocol.SessionTitleChanged:
		m.sess.title = msg.Title
	case *protocol.SystemStatus:
		if msg.PermissionMode != "" {
			m.setMode(msg.PermissionMode)
		}
	case *protocol.CommandLifecycle:
		m.turn.lifecycle = true
		if msg.State == "started" {
			m.releaseQueued(msg.CommandUUID)
		}
	case *protocol.Assistant:
		if msg.Parent() == "" && !msg.IsAPIErrorMessage {
			u := msg.Message.Usage
			if ctx := u.InputTokens + u.CacheReadInputTokens + u.CacheCreationInputTokens + u.OutputTokens; ctx > 0 {
				m.sess.contextTokens = ctx
			}
		}
	case *protocol.Result:
		m.resultUsage(msg)
		wasRunning := m.turn.running
		m.turn.running = msg.QueuedTurnCount > 0
		if wasRunning && !m.turn.running {
			cmd = m.turnEnded(m.turn.started)
		}
	}
	m.tasks.Apply(msg) // first: the transcript asks the store for Agent calls' status
	m.transcript.Apply(msg)
	switch msg := msg.(type) {
	case *protocol.TaskNotification:
		m.announceTask(msg)
	case *protocol.Result:
		if !m.turn.running {
			m.announceFinishedTasks()
		}
		if msg.QueuedTurnCount == 0 {
			// Whatever was queued has been taken by the CLI by now, or will start a turn
			// of its own (system/init marks it running again). Released only after the
			// result is applied, so the turn's footer goes above the queued prompts.
			m.releaseQueued("")
		}
	}
	return cmd
}

// resultUsage keeps the session's running totals from a result.
func (m *Model) resultUsage(r *protocol.Result) {
	m.sess.costUSD = m.sess.costBase + r.TotalCostUSD
	m.sess.hasUsage = true
	tokens, window := 0, 0
	for name, u := range r.ModelUsage {
		tokens += u.InputTokens + u.OutputTokens + u.CacheReadInputTokens + u.CacheCreationInputTokens
		if name == m.sess.model || window == 0 {
			window = u.ContextWindow
		}
	}
	m.sess.tokens = m.sess.tokensBase + tokens
	if window > 0 {
		m.sess.contextWindow = window
	}
}

// contextPct is the share of the context window the last call used, if known.
func (m *Model) contextPct() (float64, bool) {
	if m.sess.contextWindow <= 0 || m.sess.contextTokens <= 0 {
		return 0, false
	}
	return 100 * float64(m.sess.contextTokens) / float64(m.sess.contextWindow), true
}

// elicitation declines an MCP server's request for input: gclaude has no form for it
// yet, and an unanswered request would stall the turn.
func (m *Model) elicitation(ev process.ElicitationRequest) tea.Cmd {
	server := render.Sanitize(ev.Req.MCPServerName)
	m.notice(noticeWarning, fmt.Sprintf("MCP server %s asked for input (%s); gclaude cannot show such forms yet, so it was declined",
		server, render.Sanitize(ev.Req.Message)))
	return m.respondElicitationCmd(ev.Req.RequestID, process.ElicitationResponse{Action: "decline"})
}

// exited ends the session: the turn stops, open requests close with a note, and the
// draft stays; enter restarts claude.
func (m *Model) exited(headline string, details ...string) {
	if m.quitting {
		return
	}
	m.sess.phase = phaseExited
	m.sess.exit = &exitInfo{summary: headline}
	m.turn.running = false
	m.tasksEnded()
	if m.turn.lifecycle {
		// claude said which prompts its turns took: the rest never got an answer.
		m.undeliveredAll(m.turn.prompts.Queued, errors.New("claude exited before its turn came"))
	}
	m.releaseQueued("")
	if n := m.dropRequestDialogs(); n > 0 {
		m.notice(noticeWarning, fmt.Sprintf("%d permission request(s) closed: claude exited", n))
	}
	text := headline + " · press enter to restart it, /clear for a new conversation"
	for _, d := range details {
		text += "\n  " + d
	}
	m.notice(noticeError, text)
}

// restart starts claude again after it exited, resuming the conversation.
func (m *Model) restart() tea.Cmd {
	m.notice(noticeInfo, "restarting claude…")
	m.sess.costBase, m.sess.tokensBase = m.sess.costUSD, m.sess.tokens
	return tea.Batch(m.startSession(StartRequest{Resume: m.sess.sessionID, ForkSession: m.sess.forking, Model: m.sess.model, PermissionMode: m.sess.mode}), m.startTicking())
}

// clear starts a new conversation in a new session; the old one is closed.
func (m *Model) clear() tea.Cmd {
	old := m.backend
	m.dropRequestDialogs()
	m.turn = turnState{}
	m.resetTranscript()
	req := StartRequest{Model: m.sess.model, PermissionMode: m.sess.mode}
	m.sess = sessionState{phase: phaseRestarting, seenModes: m.sess.seenModes, model: m.sess.model, mode: m.sess.mode,
		init: m.sess.init, cwd: m.sess.cwd}
	return tea.Batch(closeSession(old, nil), m.startSession(req), m.startTicking())
}

// handleSessionStarted adopts a new session, or reports why it did not start.
func (m *Model) handleSessionStarted(msg sessionStartedMsg) tea.Cmd {
	if msg.Gen != m.gen || m.quitting {
		return closeSession(msg.Backend, nil) // superseded: do not leak the process
	}
	if msg.Err != nil {
		m.sess.phase = phaseExited
		m.sess.exit = &exitInfo{summary: "claude did not start"}
		m.notice(noticeError, "could not start claude: "+msg.Err.Error())
		m.undeliveredAll(m.turn.prompts.Held, errors.New("claude did not start"))
		return nil
	}
	m.backend = msg.Backend
	m.sess.phase = phaseStarting
	m.sess.exit = nil
	if init := m.backend.Init(); init != nil {
		m.ready(init)
	}
	return tea.Batch(m.waitEvents(), m.sendHeld(), m.startTicking())
}

// Notice kinds, as the transcript names them.
const (
	noticeInfo    = transcript.NoticeInfo
	noticeWarning = transcript.NoticeWarn
	noticeError   = transcript.NoticeError
)

// notice adds a line to the transcript: errors are shown, never swallowed.
func (m *Model) notice(kind, text string) {
	m.transcript.AddNotice(kind, text)
}

// resetTranscript starts an empty transcript (a new conversation).
func (m *Model) resetTranscript() {
	m.transcript = transcript.New(m.styles(), m.keys)
	m.shell.Forget() // `!` output of the old conversation
	m.rewind = localcmd.RewindLog{}
	m.transcript.SetFocused(m.focus == focusTranscript)
	// The new conversation opens with the banner; what the old one still prints goes
	// first.
	m.inl.NewTranscript()
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
