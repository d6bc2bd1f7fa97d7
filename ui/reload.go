package ui

import (
	"os"
	"path/filepath"

	tea "charm.land/bubbletea/v2"
)

// reload restarts claude on the same conversation, so that it reads what changed on
// disk (a memory file) or continues from an earlier point (resumeAt, /rewind). The
// conversation is resumed only if claude saved it: --resume with an id it does not
// know makes it exit.
func (m *Model) reload(why, resumeAt string) tea.Cmd {
	id, dir, gen := m.sess.sessionID, m.sessionsDir(), m.gen
	return func() tea.Msg {
		msg := reloadMsg{gen: gen, why: why}
		if id != "" && dir != "" {
			if _, err := os.Stat(filepath.Join(dir, id+".jsonl")); err == nil {
				msg.resume, msg.resumeAt = id, resumeAt
			}
		}
		return msg
	}
}

// reloadMsg restarts claude (see reload).
type reloadMsg struct {
	gen                   int
	resume, resumeAt, why string
}

func (msg reloadMsg) handle(m *Model) tea.Cmd {
	if msg.gen != m.gen {
		return nil
	}
	old := m.backend
	m.dropRequestDialogs()
	m.turn.running = false
	m.notice(noticeInfo, msg.why)
	m.sess.costBase, m.sess.tokensBase = m.sess.costUSD, m.sess.tokens
	req := StartRequest{Resume: msg.resume, ResumeAt: msg.resumeAt, ForkSession: m.sess.forking && msg.resume != "",
		Model: m.sess.model, PermissionMode: m.sess.mode}
	return tea.Batch(closeSession(old, nil), m.startSession(req), m.startTicking())
}
