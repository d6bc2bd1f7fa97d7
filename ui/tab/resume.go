package tab

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
// tab opens the picker, shows the history and restarts claude in it.

// sessionFilesDir is the folder of this project's session files.
func (t *Tab) sessionFilesDir() string {
	return session.Dir(t.place.SessionFiles, t.env.Opts.Home, t.place.Dir)
}

// launchResume starts what the launch options ask for: reading the resumed
// conversation's history, or listing the conversations for the picker.
func (t *Tab) launchResume() tea.Cmd {
	r := t.place.Resume
	switch {
	case r.ID != "":
		t.resume.Loading = true
		t.sess.SessionID, t.sess.Forking = r.ID, r.Fork
		return loadHistory(t.sessionFilesDir(), r.ID, "", false)
	case r.Pick:
		t.resume.PickAtLaunch(r)
		return t.listSessions("")
	case r.NothingToContinue:
		t.notice(noticeInfo, "no earlier conversation in this folder to continue: this is a new one")
	}
	return nil
}

// listSessions lists this folder's conversations in a Cmd, for the picker; query
// (the argument of /resume) picks one directly when it names exactly one.
func (t *Tab) listSessions(query string) tea.Cmd {
	dir := t.sessionFilesDir()
	return func() tea.Msg { return sessionsListedMsg(session.List(dir, query)) }
}

// sessionsListedMsg delivers the folder's conversations.
type sessionsListedMsg session.Listing

func (msg sessionsListedMsg) handle(t *Tab) tea.Cmd {
	c := t.resume.Listed(session.Listing(msg))
	t.say(c.Notices...)
	switch {
	case c.Resume != nil:
		return t.resumeConversation(dialogs.ResumeConversation{ID: c.Resume.ID, Path: c.Resume.Path, Title: c.Resume.Title})
	case c.Pick:
		t.openPicker(t.resumePicker(msg.List, c.Query, c.OrElse))
	}
	return nil
}

// resumePicker is the resume picker; a query that named no single conversation
// filters it when some match it in part. orElse says what esc does.
func (t *Tab) resumePicker(list []sessionfiles.Summary, query, orElse string) dialogs.Dialog {
	p := dialogs.NewResumePicker(list, t.sess.SessionID, t.dialogEnv())
	switch {
	case query == "":
	case p.SetFilter(query) > 0:
		t.notice(noticeInfo, fmt.Sprintf("no single conversation is %q in this folder: pick one of those that match, %s", query, orElse))
	default:
		p.SetFilter("")
		t.notice(noticeInfo, fmt.Sprintf("no conversation matches %q in this folder: pick one, %s", query, orElse))
	}
	return p
}

// resumeConversation switches to a conversation chosen in the picker: its history is read
// in a Cmd, then claude restarts with --resume.
func (t *Tab) resumeConversation(a dialogs.ResumeConversation) tea.Cmd {
	if a.ID == t.sess.SessionID && t.link.Running() && !t.sess.Forking {
		t.notice(noticeInfo, "this conversation is the one on screen")
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

func (msg sessionHistoryMsg) handle(t *Tab) tea.Cmd {
	if msg.switching {
		return t.switchTo(msg.History)
	}
	t.resume.Loading = false
	var cmds []tea.Cmd
	if msg.Err != nil {
		t.notice(noticeWarning, fmt.Sprintf("the history of %s cannot be shown: %v", msg.ID, msg.Err))
	} else {
		t.showHistory(msg.History)
		if !t.sess.Forking {
			t.sess.SessionID = msg.ID
		}
		if t.place.Model == "" && msg.Model != "" {
			// Without --model, claude goes on with the conversation's own model, not
			// the default the initialize response names.
			t.sess.Model = msg.Model
		}
		cmds = append(cmds, t.refreshContext())
	}
	if p := t.place.InitialPrompt; p != "" {
		cmds = append(cmds, t.submit(p, nil))
	}
	return tea.Batch(cmds...)
}

// switchTo shows a chosen conversation and restarts claude in it; the session on
// screen is closed, as with /clear.
func (t *Tab) switchTo(h session.History) tea.Cmd {
	if h.Err != nil {
		t.notice(noticeError, "could not open that conversation: "+h.Err.Error())
		return nil
	}
	fork := t.resume.TakeFork()
	req := session.StartRequest{Resume: h.ID, ForkSession: fork, Model: t.sess.Model, PermissionMode: t.sess.Mode}
	t.newConversation()
	t.sess.SessionID, t.sess.Forking = h.ID, fork
	t.showHistory(h)
	closeOld := session.Close(t.link.Backend(), nil)
	start := t.startCLI(req)
	// Once it runs, the bar's context share is asked for (the CLI reports usage only
	// with the next turn).
	resumedStart := func() tea.Msg {
		started, _ := start().(cliStartedMsg)
		return resumedStartMsg{started}
	}
	return tea.Batch(closeOld, resumedStart)
}

// resumedStartMsg is cliStartedMsg for a resumed conversation.
type resumedStartMsg struct{ cliStartedMsg }

func (msg resumedStartMsg) handle(t *Tab) tea.Cmd {
	cmd := t.handleCLIStarted(msg.cliStartedMsg)
	if !t.link.Running() || t.link.Backend() != msg.Backend {
		return cmd // superseded, or it did not start
	}
	return tea.Batch(cmd, t.refreshContext())
}

// showHistory fills the transcript with a history and says what was resumed.
func (t *Tab) showHistory(h session.History) {
	resumed.Apply(t.conversation, h.Steps)
	t.rewind.Resumed(h.Last)
	t.sess.Title = h.Title
	t.say(h.Notices(t.sess.Forking)...)
}
