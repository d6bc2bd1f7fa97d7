package ui

import (
	"context"
	"errors"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/trust"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/session"
)

// Folder trust (internal/trust). Headless claude runs a folder's hooks and .mcp.json
// servers without asking: the host is expected to ask first, as Claude Code's own
// screen does. gclaude's StartFunc refuses to start claude in a folder Claude Code's
// record does not trust, or with a .mcp.json server nobody answered for, with a
// *trust.Undecided; the tab then asks (the question in front of everything, No first
// and selected), writes the answer where Claude Code reads it, and tries again. A No
// leaves gclaude for the folder it was started in, and closes any other session.
// /open asks about its folder before it makes anything (workspace_open.go).

// trustGate is a tab's part in the questions asked before its claude starts.
type trustGate struct {
	req    StartRequest // the start that waits for the answers
	asking bool         // a question is on screen: claude waits for it
	// then is what each question's answer does.
	then map[dialogs.Dialog]func(dialogs.Action) tea.Cmd
}

// trustFS is the machine of host as internal/trust reads it; nil when gclaude checks
// no folder (Options.Trust unset: tests of other things, a recording).
func (m *Model) trustFS(host string) (trust.FS, error) {
	if m.opts.Trust == nil {
		return nil, nil
	}
	if host == "" {
		return m.opts.Trust, nil
	}
	h, err := m.remoteHost(host)
	if err != nil {
		return nil, err
	}
	return trust.Remote{Host: host, Run: h}, nil
}

// askBeforeStart asks what v waits for: the folder's trust, else the first new MCP
// server. Claude is started again once the answer is written.
func (m *Model) askBeforeStart(v trust.Verdict) tea.Cmd {
	m.gate.asking = true
	m.ended = "waiting for your answer"
	if !v.Trusted && !m.place.trusted {
		purpose := dialogs.TrustSession
		if m.place.launch {
			purpose = dialogs.TrustLaunch
		}
		return m.openGate(dialogs.NewTrustQuestion(v, purpose, m.dialogEnv()), func(a dialogs.Action) tea.Cmd {
			return m.trustAnswered(v, a.(dialogs.TrustAnswer))
		})
	}
	servers := v.NewServers()
	if len(servers) == 0 {
		return m.startCLI(m.gate.req)
	}
	q := dialogs.NewServerQuestion(servers[0], v.Home, m.dialogEnv())
	q.SetQueue(1, len(servers))
	return m.openGate(q, func(a dialogs.Action) tea.Cmd { return m.serverAnswered(v, a.(dialogs.ServerAnswer)) })
}

// openGate shows a question in front of the tab's dialogs; then acts on its answer.
func (m *Model) openGate(d dialogs.Dialog, then func(dialogs.Action) tea.Cmd) tea.Cmd {
	if m.gate.then == nil {
		m.gate.then = map[dialogs.Dialog]func(dialogs.Action) tea.Cmd{}
	}
	m.gate.then[d] = then
	m.dialogs.OpenGate(d)
	return tea.Batch(m.dialogsChanged(), m.notify.DecisionOpened(m.projectName()))
}

// gateAnswered acts on the answer to a question of openGate.
func (m *Model) gateAnswered(d dialogs.Dialog, a dialogs.Action) tea.Cmd {
	then, ok := m.gate.then[d]
	if !ok {
		return nil
	}
	delete(m.gate.then, d)
	return then(a)
}

// trustAnswered writes a Yes (in a Cmd: the record is locked and read) and tries the
// start again; a No ends what asked.
func (m *Model) trustAnswered(v trust.Verdict, a dialogs.TrustAnswer) tea.Cmd {
	if !a.Yes {
		return m.trustRefused(v)
	}
	fsys, err := m.trustFS(m.place.host)
	if err != nil {
		return m.gateFailed(err)
	}
	return scope(m.tab.id, func() tea.Msg {
		return trustWritten{err: trust.Accept(context.Background(), fsys, v)}
	})
}

// trustWritten reports the Yes written to Claude Code's record.
type trustWritten struct{ err error }

func (msg trustWritten) handle(m *Model) tea.Cmd {
	if msg.err != nil {
		// The answer stands for this gclaude: the user gave it.
		m.place.trusted = true
		if !errors.Is(msg.err, trust.ErrSessionOnly) {
			m.notice(noticeWarning, "your answer could not be recorded ("+msg.err.Error()+"): it holds until gclaude exits")
		}
	}
	return m.startCLI(m.gate.req)
}

// trustRefused is a No: nothing of the folder runs. The folder gclaude was started in
// leaves gclaude; another session closes.
func (m *Model) trustRefused(v trust.Verdict) tea.Cmd {
	m.gate.asking = false
	where := render.Sanitize(dialogs.ShowPath(v.Dir, v.Home))
	if m.place.launch || len(m.tabs.all) < 2 {
		m.declined = "nothing was started: you did not trust " + where
		return m.quit()
	}
	return m.closeTab(m.tab)
}

// serverAnswered writes the answer about one server to the folder's local settings,
// as Claude Code does, and tries the start again (the next new server is asked then).
func (m *Model) serverAnswered(v trust.Verdict, a dialogs.ServerAnswer) tea.Cmd {
	fsys, err := m.trustFS(m.place.host)
	if err != nil {
		return m.gateFailed(err)
	}
	c := trust.Choice{Decline: []string{a.Server}}
	if a.Use {
		c = trust.Choice{Use: []string{a.Server}, All: a.All}
	}
	return scope(m.tab.id, func() tea.Msg {
		return serverDecided{err: trust.Decide(context.Background(), fsys, v.Dir, c)}
	})
}

// serverDecided reports an answer about a server written.
type serverDecided struct{ err error }

func (msg serverDecided) handle(m *Model) tea.Cmd {
	if msg.err != nil {
		// Headless claude would start a server whose answer is not written: it waits.
		return m.gateFailed(errors.New("your answer about the MCP server could not be recorded (" + msg.err.Error() + ")"))
	}
	return m.startCLI(m.gate.req)
}

// gateFailed says why claude did not start; enter at the prompt asks again.
func (m *Model) gateFailed(err error) tea.Cmd {
	m.gate.asking = false
	m.sess.Phase = session.PhaseExited
	m.ended = "not started: " + err.Error()
	m.notice(noticeError, err.Error()+": claude was not started · enter at the prompt tries again")
	return nil
}

// undecided is the Undecided a failed start carries, if any.
func undecided(err error) (*trust.Undecided, bool) {
	var u *trust.Undecided
	return u, errors.As(err, &u)
}

// trustFirst checks dir before /open makes anything there: a folder Claude Code's
// record does not trust comes back as a question (ask) whose Yes goes on with then.
func trustFirst(fsys trust.FS, dir string, worktree bool, then func() openPrepared) (openPrepared, bool) {
	ctx, cancel := context.WithTimeout(context.Background(), remoteTimeout)
	defer cancel()
	v, err := trust.Check(ctx, fsys, dir, trust.Options{Worktree: worktree})
	switch {
	case err != nil:
		return openPrepared{err: err}, true
	case v.Trusted:
		return openPrepared{}, false
	}
	return openPrepared{ask: &v, askFS: fsys, then: then}, true
}

// askToOpen asks /open's trust question in the session /open was typed in: No opens
// nothing; Yes is written, then the folder is opened (the worktree made).
func (m *Model) askToOpen(msg openPrepared) tea.Cmd {
	v, fsys, then := *msg.ask, msg.askFS, msg.then
	return m.openGate(dialogs.NewTrustQuestion(v, dialogs.TrustOpen, m.dialogEnv()), func(a dialogs.Action) tea.Cmd {
		if !a.(dialogs.TrustAnswer).Yes {
			m.notice(noticeInfo, "/open: nothing was opened: you did not trust "+render.Sanitize(dialogs.ShowPath(v.Dir, v.Home)))
			return nil
		}
		return scope(m.tab.id, func() tea.Msg {
			err := trust.Accept(context.Background(), fsys, v)
			out := then()
			out.trusted, out.recordErr = err != nil, err // a Yes not written holds for this gclaude
			return out
		})
	})
}
