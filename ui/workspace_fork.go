package ui

import (
	"path/filepath"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/sessionfiles"
	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/tab"
	"github.com/gclaude/gclaude/ui/transcript"
)

// /fork and /branch: a session's conversation, copied (up to a point) into a session
// file of its own, opens as a new session of the workspace in the same folder. Copying
// reads and writes the disk, so it runs in a Cmd; the tab is added when it reports.

// forkSession copies the conversation of from as f says.
func (m *Model) forkSession(from *tab.Tab, f commands.ForkArgs) tea.Cmd {
	p := from.Place()
	switch {
	case m.opts.Inline:
		from.Notice(transcript.NoticeWarn, "sessions side by side need the full-screen view: run gclaude --tui full")
		return nil
	case p.Host != "":
		from.Notice(transcript.NoticeWarn, "a session on another machine cannot be copied yet: its conversation is on that machine")
		return nil
	}
	dir := session.Dir(p.SessionFiles, m.opts.Home, p.Dir)
	src, id, fromID := filepath.Join(dir, from.Status().SessionID+".jsonl"), session.NewUUID(), from.ID()
	return func() tea.Msg {
		msg := forkedMsg{from: fromID, args: f}
		if !f.Fresh {
			msg.id, msg.err = id, sessionfiles.Fork(src, f.At, id, f.Title)
		}
		return msg
	}
}

// forkedMsg reports the copy: the new session's id ("" for a fresh one).
type forkedMsg struct {
	from int // the session copied
	args commands.ForkArgs
	id   string
	err  error
}

func (forkedMsg) workspace() {}

func (msg forkedMsg) handle(m *Model) tea.Cmd {
	from := m.tabs.byID(msg.from)
	if from == nil {
		from = m.tabs.front
	}
	if msg.err != nil {
		from.Notice(transcript.NoticeError, "the conversation could not be copied: "+msg.err.Error())
		return nil
	}
	f, p, st := msg.args, from.Place(), from.Status()
	t := m.addTab(tab.Place{Dir: p.Dir, Model: st.Model, Mode: st.Mode, SessionFiles: p.SessionFiles,
		Resume: ResumeOptions{ID: msg.id}, InitialPrompt: f.Prompt})
	name, fromName := m.tabs.name(t), m.tabs.name(from)
	if f.Draft != "" {
		t.EditDraft(f.Draft)
	}
	if f.Front {
		from.Notice(transcript.NoticeInfo, "Branched into the session "+name+"; this one stays in the workspace (alt+s lists them).")
		cmd := m.bringToFront(t)
		t.Notice(transcript.NoticeInfo, "A branch of "+fromName+".")
		return cmd
	}
	from.Notice(transcript.NoticeInfo, "Copied into the session "+name+", which works in the background (alt+s lists the sessions).")
	return tea.Batch(m.tabDid(t, t.Open()), m.setHint("forked into "+name+" · alt+s lists the sessions", hintFor))
}
