package tab

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
// servers without asking: the client is expected to ask first, as Claude Code's own
// screen does. gclaude's StartFunc refuses to start claude in a folder Claude Code's
// record does not trust, or with a .mcp.json server nobody answered for, with a
// *trust.Undecided; the tab then asks (the question in front of everything, No first
// and selected), writes the answer where Claude Code reads it, and tries again. A No
// leaves gclaude for the folder it was started in, and closes any other session (both
// done by the workspace, told through the Report). /open asks about its folder before
// it makes anything (the workspace's workspace_open.go, through AskGate).

// trustGate is a tab's part in the questions asked before its claude starts.
type trustGate struct {
	req    session.StartRequest // the start that waits for the answers
	asking bool                 // a question is on screen: claude waits for it
	// then is what each question's answer does.
	then map[dialogs.Dialog]func(dialogs.Action) tea.Cmd
}

// TrustFS is the machine of host as internal/trust reads it; nil when gclaude checks
// no folder (Options.Trust unset: tests of other things, a recording).
func TrustFS(env *Env, host string) (trust.FS, error) {
	if env.Opts.Trust == nil {
		return nil, nil
	}
	if host == "" {
		return env.Opts.Trust, nil
	}
	h, err := env.Remote(host)
	if err != nil {
		return nil, err
	}
	return trust.Remote{Host: host, Run: h}, nil
}

// askBeforeStart asks what v waits for: the folder's trust, else the first new MCP
// server. Claude is started again once the answer is written.
func (t *Tab) askBeforeStart(v trust.Verdict) tea.Cmd {
	t.gate.asking = true
	if !v.Trusted && !t.place.Trusted {
		purpose := dialogs.TrustSession
		if t.place.Launch {
			purpose = dialogs.TrustLaunch
		}
		build := func(env dialogs.Env) dialogs.Dialog { return dialogs.NewTrustQuestion(v, purpose, env) }
		return t.AskGate(build, func(a dialogs.Action) tea.Cmd { return t.trustAnswered(v, a.(dialogs.TrustAnswer)) })
	}
	servers := v.NewServers()
	if len(servers) == 0 {
		return t.startCLI(t.gate.req)
	}
	build := func(env dialogs.Env) dialogs.Dialog {
		q := dialogs.NewServerQuestion(servers[0], v.Home, env)
		q.SetQueue(1, len(servers))
		return q
	}
	return t.AskGate(build, func(a dialogs.Action) tea.Cmd { return t.serverAnswered(v, a.(dialogs.ServerAnswer)) })
}

// AskGate shows the question build makes (with the tab's dialog environment), asked
// before anything of a folder runs, in front of the tab's dialogs; then acts on its
// answer (on the update loop, while this tab handles the answer).
func (t *Tab) AskGate(build func(dialogs.Env) dialogs.Dialog, then func(dialogs.Action) tea.Cmd) tea.Cmd {
	d := build(t.dialogEnv())
	if t.gate.then == nil {
		t.gate.then = map[dialogs.Dialog]func(dialogs.Action) tea.Cmd{}
	}
	t.gate.then[d] = then
	t.dialogs.OpenGate(d)
	t.dialogsChanged()
	t.out.DecisionOpened = true
	return nil
}

// gateAnswered acts on the answer to a question of AskGate.
func (t *Tab) gateAnswered(d dialogs.Dialog, a dialogs.Action) tea.Cmd {
	then, ok := t.gate.then[d]
	if !ok {
		return nil
	}
	delete(t.gate.then, d)
	return then(a)
}

// trustAnswered writes a Yes (in a Cmd: the record is locked and read) and tries the
// start again; a No ends what asked.
func (t *Tab) trustAnswered(v trust.Verdict, a dialogs.TrustAnswer) tea.Cmd {
	if !a.Yes {
		return t.trustRefused(v)
	}
	fsys, err := TrustFS(t.env, t.place.Host)
	if err != nil {
		return t.gateFailed(err)
	}
	return func() tea.Msg {
		return trustWritten{err: trust.Accept(context.Background(), fsys, v)}
	}
}

// trustWritten reports the Yes written to Claude Code's record.
type trustWritten struct{ err error }

func (msg trustWritten) handle(t *Tab) tea.Cmd {
	if msg.err != nil {
		// The answer stands for this gclaude: the user gave it.
		t.place.Trusted = true
		if !errors.Is(msg.err, trust.ErrSessionOnly) {
			t.notice(noticeWarning, "your answer could not be recorded ("+msg.err.Error()+"): it holds until gclaude exits")
		}
	}
	return t.startCLI(t.gate.req)
}

// trustRefused is a No: nothing of the folder runs. The folder gclaude was started in
// (or the only session) leaves gclaude; another session closes. The workspace does
// either, after this Update.
func (t *Tab) trustRefused(v trust.Verdict) tea.Cmd {
	t.gate.asking = false
	where := render.Sanitize(dialogs.ShowPath(v.Dir, v.Home))
	if t.place.Launch || !t.ws.Shared() {
		t.out.Declined = "nothing was started: you did not trust " + where
	} else {
		t.out.Drop = true
	}
	return nil
}

// serverAnswered writes the answer about one server to the folder's local settings,
// as Claude Code does, and tries the start again (the next new server is asked then).
func (t *Tab) serverAnswered(v trust.Verdict, a dialogs.ServerAnswer) tea.Cmd {
	fsys, err := TrustFS(t.env, t.place.Host)
	if err != nil {
		return t.gateFailed(err)
	}
	c := trust.Choice{Decline: []string{a.Server}}
	if a.Use {
		c = trust.Choice{Use: []string{a.Server}, All: a.All}
	}
	return func() tea.Msg {
		return serverDecided{err: trust.Decide(context.Background(), fsys, v.Dir, c)}
	}
}

// serverDecided reports an answer about a server written.
type serverDecided struct{ err error }

func (msg serverDecided) handle(t *Tab) tea.Cmd {
	if msg.err != nil {
		// Headless claude would start a server whose answer is not written: it waits.
		return t.gateFailed(errors.New("your answer about the MCP server could not be recorded (" + msg.err.Error() + ")"))
	}
	return t.startCLI(t.gate.req)
}

// gateFailed says why claude did not start; enter at the prompt asks again.
func (t *Tab) gateFailed(err error) tea.Cmd {
	t.gate.asking = false
	t.sess.End("not started: " + err.Error())
	t.notice(noticeError, err.Error()+": claude was not started · enter at the prompt tries again")
	return nil
}

// undecided is the Undecided a failed start carries, if any.
func undecided(err error) (*trust.Undecided, bool) {
	var u *trust.Undecided
	return u, errors.As(err, &u)
}
