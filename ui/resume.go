package ui

import (
	"fmt"
	"path/filepath"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/sessionfiles"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/transcript/resumed"
)

// Resuming a conversation: ui/session lists and reads the session files in a Cmd; the
// root opens the picker, shows the history and restarts claude in it.

// ResumeOptions say which earlier conversation the launch session continues.
type ResumeOptions = session.ResumeOptions

// sessionFilesDir is the folder of this project's session files.
func (m *Model) sessionFilesDir() string {
	return session.Dir(m.place.sessionFiles, m.opts.Home, m.place.dir)
}

// launchResume starts what the launch options ask for: reading the resumed
// conversation's history, or listing the conversations for the picker.
func (m *Model) launchResume() tea.Cmd {
	r := m.place.resume
	switch {
	case r.ID != "":
		m.resume.Loading = true
		m.sess.SessionID, m.sess.Forking = r.ID, r.Fork
		return loadHistory(m.sessionFilesDir(), r.ID, "", false)
	case r.Pick:
		m.resume.PickAtLaunch(r)
		return m.listSessions("")
	case r.NothingToContinue:
		m.notice(noticeInfo, "no earlier conversation in this folder to continue: this is a new one")
	}
	return nil
}

// listSessions lists this folder's conversations in a Cmd, for the picker; query
// (the argument of /resume) picks one directly when it names exactly one.
func (m *Model) listSessions(query string) tea.Cmd {
	dir := m.sessionFilesDir()
	return func() tea.Msg { return sessionsListedMsg(session.List(dir, query)) }
}

// sessionsListedMsg delivers the folder's conversations.
type sessionsListedMsg session.Listing

func (msg sessionsListedMsg) handle(m *Model) tea.Cmd {
	c := m.resume.Listed(session.Listing(msg))
	m.say(c.Notices...)
	switch {
	case c.Resume != nil:
		return m.resumeSession(dialogs.ResumeConversation{ID: c.Resume.ID, Path: c.Resume.Path, Title: c.Resume.Title})
	case c.Pick:
		return m.openPicker(m.sessionPicker(msg.List, c.Query, c.OrElse))
	}
	return nil
}

// sessionPicker is the resume picker; a query that named no single conversation
// filters it when some match it in part. orElse says what esc does.
func (m *Model) sessionPicker(list []sessionfiles.Summary, query, orElse string) dialogs.Dialog {
	p := dialogs.NewResumePicker(list, m.sess.SessionID, m.dialogEnv())
	switch {
	case query == "":
	case p.SetFilter(query) > 0:
		m.notice(noticeInfo, fmt.Sprintf("no single conversation is %q in this folder: pick one of those that match, %s", query, orElse))
	default:
		p.SetFilter("")
		m.notice(noticeInfo, fmt.Sprintf("no conversation matches %q in this folder: pick one, %s", query, orElse))
	}
	return p
}

// resumeSession switches to a conversation chosen in the picker: its history is read
// in a Cmd, then claude restarts with --resume.
func (m *Model) resumeSession(a dialogs.ResumeConversation) tea.Cmd {
	if a.ID == m.sess.SessionID && m.link.Running() && !m.sess.Forking {
		m.notice(noticeInfo, "this conversation is the one on screen")
		return nil
	}
	return loadHistory(filepath.Dir(a.Path), a.ID, a.Path, true)
}

// loadHistory reads a session file in a Cmd (session.LoadHistory).
func loadHistory(dir, id, path string, switching bool) tea.Cmd {
	return func() tea.Msg { return sessionHistoryMsg{session.LoadHistory(dir, id, path), switching} }
}

// sessionHistoryMsg delivers a conversation's history; switching says it was chosen
// in the picker (claude restarts with it), else it is the launch session's.
type sessionHistoryMsg struct {
	session.History
	switching bool
}

func (msg sessionHistoryMsg) handle(m *Model) tea.Cmd {
	if msg.switching {
		return m.switchTo(msg.History)
	}
	m.resume.Loading = false
	var cmds []tea.Cmd
	if msg.Err != nil {
		m.notice(noticeWarning, fmt.Sprintf("the history of %s cannot be shown: %v", msg.ID, msg.Err))
	} else {
		m.showHistory(msg.History)
		if !m.sess.Forking {
			m.sess.SessionID = msg.ID
		}
		if m.place.model == "" && msg.Model != "" {
			// Without --model, claude goes on with the conversation's own model, not
			// the default the initialize response names.
			m.sess.Model = msg.Model
		}
		cmds = append(cmds, m.refreshContext())
	}
	if p := m.place.initialPrompt; p != "" {
		cmds = append(cmds, m.submit(p, nil))
	}
	return tea.Batch(cmds...)
}

// switchTo shows a chosen conversation and restarts claude in it; the session on
// screen is closed, as with /clear.
func (m *Model) switchTo(h session.History) tea.Cmd {
	if h.Err != nil {
		m.notice(noticeError, "could not open that conversation: "+h.Err.Error())
		return nil
	}
	fork := m.resume.TakeFork()
	req := StartRequest{Resume: h.ID, ForkSession: fork, Model: m.sess.Model, PermissionMode: m.sess.Mode}
	m.newConversation()
	m.sess.SessionID, m.sess.Forking = h.ID, fork
	m.showHistory(h)
	closeOld := session.Close(m.link.Backend(), nil)
	start := m.startCLI(req)
	// Once it runs, the bar's context share is asked for (the CLI reports usage only
	// with the next turn).
	resumedStart := func() tea.Msg {
		started, _ := start().(cliStartedMsg)
		return resumedStartMsg{started}
	}
	return tea.Batch(closeOld, resumedStart, m.startTicking())
}

// resumedStartMsg is sessionStartedMsg for a resumed conversation.
type resumedStartMsg struct{ cliStartedMsg }

func (msg resumedStartMsg) handle(m *Model) tea.Cmd {
	cmd := m.handleCLIStarted(msg.cliStartedMsg)
	if !m.link.Running() || m.link.Backend() != msg.Backend {
		return cmd // superseded, or it did not start
	}
	return tea.Batch(cmd, m.refreshContext())
}

// showHistory fills the transcript with a history and says what was resumed.
func (m *Model) showHistory(h session.History) {
	resumed.Apply(m.conversation, h.Steps)
	m.rewind.Resumed(h.Last)
	m.sess.Title = h.Title
	m.say(h.Notices(m.sess.Forking)...)
}
