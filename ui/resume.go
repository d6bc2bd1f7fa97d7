package ui

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/sessions"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/transcript/resumed"
)

// ResumeOptions say which earlier conversation the launch session continues.
type ResumeOptions struct {
	// ID is the session the launch Backend resumes (--resume <id>, or --continue
	// resolved to the newest session): its history is read from the session file and
	// shown. A name that is not a session file is looked up among the titles.
	ID string
	// Fork is --fork-session: the history is shown, and the conversation continues
	// under a new id from the first turn on (restarts before that fork again).
	Fork bool
	// Pick opens the resume picker at launch (--resume without an id); the launch
	// Backend is a new conversation, kept if the picker is closed.
	Pick bool
	// Query is what --resume named when it matched no conversation of this folder: the
	// picker opens filtered by it, or a notice says plainly that nothing matches.
	Query string
	// NothingToContinue says --continue found no conversation in this folder, so the
	// launch session is a new one.
	NothingToContinue bool
}

// resumeState is the root's part in resuming conversations.
type resumeState struct {
	// loading is set while the launch session's history is read; the initial
	// prompt waits for it, so that it shows below the history.
	loading bool
	// forkPick is --resume --fork-session: the conversation picked at launch is
	// forked.
	forkPick bool
	// launchQuery is ResumeOptions.Query until the launch picker has opened.
	launchQuery string
}

// selfHandlingMsg is a message that handles itself: Update calls its handle instead of
// routing it by type (session commands, file listings, image reads).
type selfHandlingMsg interface {
	handle(m *Model) tea.Cmd
}

// sessionsDir is the folder of this project's session files.
func (m *Model) sessionsDir() string {
	if m.opts.SessionsDir != "" {
		return m.opts.SessionsDir
	}
	if m.opts.Home == "" || m.opts.CWD == "" {
		return ""
	}
	return sessions.Dir(m.opts.Home, m.opts.CWD)
}

// launchResume starts what the launch options ask for: reading the resumed
// conversation's history, or listing the conversations for the picker.
func (m *Model) launchResume() tea.Cmd {
	r := m.opts.Resume
	switch {
	case r.ID != "":
		m.resume.loading = true
		m.sess.sessionID = r.ID
		m.sess.forking = r.Fork
		return loadHistory(m.sessionsDir(), r.ID, "", false)
	case r.Pick:
		m.resume.forkPick = r.Fork
		m.resume.launchQuery = r.Query
		return m.listSessions("")
	case r.NothingToContinue:
		m.notice(noticeInfo, "no earlier conversation in this folder to continue: this is a new one")
	}
	return nil
}

// listSessions lists this folder's conversations in a Cmd, for the picker; query
// (the argument of /resume) picks one directly when it names exactly one.
func (m *Model) listSessions(query string) tea.Cmd {
	dir := m.sessionsDir()
	return func() tea.Msg {
		if dir == "" {
			return sessionsListedMsg{query: query, err: errors.New("the home folder is not known")}
		}
		list, err := sessions.List(dir)
		return sessionsListedMsg{query: query, list: list, err: err}
	}
}

// sessionsListedMsg delivers the folder's conversations.
type sessionsListedMsg struct {
	query string
	list  []sessions.Summary
	err   error
}

func (msg sessionsListedMsg) handle(m *Model) tea.Cmd {
	if msg.err != nil {
		if len(msg.list) == 0 {
			m.notice(noticeError, "could not list the conversations of this folder: "+msg.err.Error())
			return nil
		}
		m.notice(noticeWarning, "some conversations could not be read: "+msg.err.Error())
	}
	launchQuery := m.resume.launchQuery
	m.resume.launchQuery = ""
	if launchQuery != "" {
		return m.pickForLaunchQuery(msg.list, launchQuery)
	}
	if len(msg.list) == 0 {
		m.notice(noticeInfo, "no earlier conversations in this folder")
		return nil
	}
	if msg.query != "" {
		if s, ok := sessions.Find(msg.list, msg.query); ok {
			return m.resumeSession(dialogs.ResumeSession{ID: s.ID, Path: s.Path, Title: s.Title})
		}
		return m.pickMatching(msg.list, msg.query, "or esc to stay in this one")
	}
	return m.openPicker(dialogs.NewSessionPicker(msg.list, m.sess.sessionID, m.dialogEnv()))
}

// pickForLaunchQuery answers a --resume value that named no conversation of this
// folder: the picker filtered by it when some match it in part, else the whole list,
// and a plain word that this is a new conversation unless one is picked.
func (m *Model) pickForLaunchQuery(list []sessions.Summary, query string) tea.Cmd {
	if len(list) == 0 {
		m.notice(noticeInfo, fmt.Sprintf("no conversation matches %q in this folder: this is a new one", query))
		return nil
	}
	return m.pickMatching(list, query, "or esc for a new one")
}

// pickMatching opens the picker for a query that named no single conversation:
// filtered by it when some match it in part, else the whole list. orElse says what
// esc does.
func (m *Model) pickMatching(list []sessions.Summary, query, orElse string) tea.Cmd {
	p := dialogs.NewSessionPicker(list, m.sess.sessionID, m.dialogEnv())
	if p.SetFilter(query) > 0 {
		m.notice(noticeInfo, fmt.Sprintf("no single conversation is %q in this folder: pick one of those that match, %s", query, orElse))
	} else {
		p.SetFilter("")
		m.notice(noticeInfo, fmt.Sprintf("no conversation matches %q in this folder: pick one, %s", query, orElse))
	}
	return m.openPicker(p)
}

// resumeSession switches to a conversation chosen in the picker: its history is read
// in a Cmd, then claude restarts with --resume.
func (m *Model) resumeSession(a dialogs.ResumeSession) tea.Cmd {
	if a.ID == m.sess.sessionID && m.link.Running() && !m.sess.forking {
		m.notice(noticeInfo, "this conversation is the one on screen")
		return nil
	}
	return loadHistory(filepath.Dir(a.Path), a.ID, a.Path, true)
}

// loadHistory reads a session file in a Cmd. path may be "": the file is then
// <dir>/<id>.jsonl, or the session whose title is id.
func loadHistory(dir, id, path string, switching bool) tea.Cmd {
	return func() tea.Msg {
		msg := sessionHistoryMsg{id: id, switching: switching}
		if path == "" {
			path, msg.err = findSessionFile(dir, id)
			if msg.err != nil {
				return msg
			}
		}
		h, err := sessions.Load(path)
		if err != nil {
			msg.err = err
			return msg
		}
		msg.id = h.SessionID
		msg.title = h.Title
		msg.model = h.Model
		msg.count = resumed.MessageCount(h)
		msg.steps = resumed.Steps(h)
		msg.warnings = h.Warnings
		msg.last = lastChainEntry(h.Entries)
		return msg
	}
}

// findSessionFile is the file of a session id, or of the session titled id (claude
// resumes by either).
func findSessionFile(dir, id string) (string, error) {
	if dir == "" {
		return "", errors.New("the home folder is not known")
	}
	path := filepath.Join(dir, id+".jsonl")
	if _, err := os.Stat(path); err == nil || !errors.Is(err, fs.ErrNotExist) {
		return path, err
	}
	list, _ := sessions.List(dir)
	for _, s := range list {
		if strings.EqualFold(s.Title, id) {
			return s.Path, nil
		}
	}
	return "", fmt.Errorf("no session %s in %s", id, dir)
}

// sessionHistoryMsg delivers a conversation's history, converted for the transcript.
type sessionHistoryMsg struct {
	id        string
	switching bool // chosen in the picker: claude restarts with it; else it is the launch session's
	title     string
	model     string // of the conversation's last reply
	count     int
	steps     []resumed.Step
	warnings  []string
	last      string // the uuid of the history's last entry: where /rewind can cut back to
	err       error
}

func (msg sessionHistoryMsg) handle(m *Model) tea.Cmd {
	if msg.switching {
		return m.switchTo(msg)
	}
	m.resume.loading = false
	if msg.err != nil {
		m.notice(noticeWarning, fmt.Sprintf("the history of %s cannot be shown: %v", msg.id, msg.err))
	}
	var cmds []tea.Cmd
	if msg.err == nil {
		m.showHistory(msg)
		if !m.sess.forking {
			m.sess.sessionID = msg.id
		}
		if m.opts.Model == "" && msg.model != "" {
			// Without --model, claude goes on with the conversation's own model, not
			// the default the initialize response names.
			m.sess.model = msg.model
		}
		cmds = append(cmds, m.refreshContext())
	}
	if p := m.opts.InitialPrompt; p != "" {
		cmds = append(cmds, m.submit(p, nil))
	}
	return tea.Batch(cmds...)
}

// switchTo shows a chosen conversation and restarts claude in it; the session on
// screen is closed, as with /clear.
func (m *Model) switchTo(msg sessionHistoryMsg) tea.Cmd {
	if msg.err != nil {
		m.notice(noticeError, "could not open that conversation: "+msg.err.Error())
		return nil
	}
	m.dropRequestDialogs()
	m.turn = turnState{}
	m.resetTranscript()
	fork := m.resume.forkPick
	m.resume.forkPick = false
	req := StartRequest{Resume: msg.id, ForkSession: fork, Model: m.sess.model, PermissionMode: m.sess.mode}
	m.sess = sessionState{phase: phaseRestarting, seenModes: m.sess.seenModes, model: m.sess.model, mode: m.sess.mode,
		init: m.sess.init, cwd: m.sess.cwd, sessionID: msg.id, forking: fork}
	m.showHistory(msg)
	return tea.Batch(session.Close(m.link.Backend(), nil), m.startResumed(req), m.startTicking())
}

// startResumed starts the session of a resumed conversation; once it runs, the bar's
// context share is asked for (the CLI reports usage only with the next turn).
func (m *Model) startResumed(req StartRequest) tea.Cmd {
	start := m.startSession(req)
	return func() tea.Msg {
		started, _ := start().(sessionStartedMsg)
		return resumedStartMsg{started}
	}
}

// resumedStartMsg is sessionStartedMsg for a resumed conversation.
type resumedStartMsg struct{ sessionStartedMsg }

func (msg resumedStartMsg) handle(m *Model) tea.Cmd {
	cmd := m.handleSessionStarted(msg.sessionStartedMsg)
	if !m.link.Running() || m.link.Backend() != msg.Backend {
		return cmd // superseded, or it did not start
	}
	return tea.Batch(cmd, m.refreshContext())
}

// showHistory fills the transcript with a history and says what was resumed.
func (m *Model) showHistory(msg sessionHistoryMsg) {
	resumed.Apply(m.transcript, msg.steps)
	m.rewind.Resumed(msg.last)
	m.sess.title = msg.title
	verb := "resumed"
	if m.sess.forking {
		verb = "forked"
	}
	text := fmt.Sprintf("%s %s · %d %s", verb, msg.title, msg.count, render.Plural(msg.count, "message"))
	if m.sess.forking {
		text += " · the conversation goes on under a new session id"
	}
	m.notice(noticeInfo, text)
	if len(msg.warnings) > 0 {
		m.notice(noticeWarning, "parts of the session file could not be read:\n  "+strings.Join(msg.warnings, "\n  "))
	}
}
