package ui

import (
	"path/filepath"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/sessionfiles"
	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/session"
)

// /fork and /branch: this session's conversation, copied (up to a point) into a
// session file of its own, opens as a new session of the workspace in the same folder.
// Copying reads and writes the disk, so it runs in a Cmd; the tab is added when it
// reports.

func (m *Model) forkSession(f commands.ForkArgs) tea.Cmd {
	switch {
	case m.opts.Inline:
		m.notice(noticeWarning, "sessions side by side need the full-screen view: run gclaude --tui full")
		return nil
	case m.place.host != "":
		m.notice(noticeWarning, "a session on another machine cannot be copied yet: its conversation is on that machine")
		return nil
	}
	src, id := filepath.Join(m.sessionFilesDir(), m.sess.SessionID+".jsonl"), session.NewUUID()
	return func() tea.Msg {
		msg := forkedMsg{args: f}
		if !f.Fresh {
			msg.id, msg.err = id, sessionfiles.Fork(src, f.At, id, f.Title)
		}
		return msg
	}
}

// forkedMsg reports the copy: the new session's id ("" for a fresh one).
type forkedMsg struct {
	args commands.ForkArgs
	id   string
	err  error
}

func (msg forkedMsg) handle(m *Model) tea.Cmd {
	if msg.err != nil {
		m.notice(noticeError, "the conversation could not be copied: "+msg.err.Error())
		return nil
	}
	f := msg.args
	t := m.addTab(tabPlace{dir: m.place.dir, model: m.sess.Model, mode: m.sess.Mode, sessionFiles: m.place.sessionFiles,
		resume: ResumeOptions{ID: msg.id}, initialPrompt: f.Prompt})
	name, from := m.tabName(t), m.tabName(m.tab)
	m.inTab(t, func() {
		if f.Draft != "" {
			m.prompt.SetValue(f.Draft)
		}
	})
	if f.Front {
		m.notice(noticeInfo, "Branched into the session "+name+"; this one stays in the workspace (alt+s lists them).")
		cmd := m.bringToFront(t)
		m.inTab(t, func() { m.notice(noticeInfo, "A branch of "+from+".") })
		return cmd
	}
	m.notice(noticeInfo, "Copied into the session "+name+", which works in the background (alt+s lists the sessions).")
	return tea.Batch(m.cmdInTab(t, m.openTab), m.enforceRunningLimit(), m.setHint("forked into "+name+" · alt+s lists the sessions", hintFor))
}
