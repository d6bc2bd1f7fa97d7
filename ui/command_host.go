package ui

import (
	"context"
	"encoding/json"
	"errors"
	"os/exec"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/localcmd"
	"github.com/gclaude/gclaude/ui/session"
)

// commandHost is the Model as ui/commands sees it.
type commandHost struct{ m *Model }

func (m *Model) commandHost() commands.Host { return commandHost{m} }

func (h commandHost) Notice(kind, text string) { h.m.notice(kind, text) }

func (h commandHost) Now() time.Time { return h.m.now() }

func (h commandHost) Session() commands.Session {
	m := h.m
	folder := m.sess.CWD
	if folder == "" {
		folder = m.opts.CWD
	}
	base := localcmd.StatusBase{
		GclaudeVersion: m.opts.Version, SessionID: m.sess.SessionID, CWD: m.sess.CWD,
		AddedDirs: m.addedDirs, Model: m.sess.Model, Mode: m.sess.Mode, APIKeySource: m.sess.APIKeySource,
	}
	if init := m.sess.Init; init != nil {
		base.ClaudeVersion, base.Account = init.ClaudeCodeVersion, init.Account
	}
	return commands.Session{Folder: folder, Home: m.opts.Home, ID: m.sess.SessionID, Running: m.turn.Running,
		AddedDirs: m.addedDirs, CostUSD: m.sess.Usage.CostUSD, EarlierRuns: m.sess.Usage.EarlierRuns(), Status: base, Getenv: m.getenv}
}

func (h commandHost) Conversation() (string, bool) {
	if h.m.transcript.Len() == 0 {
		return "", false
	}
	return h.m.transcript.Markdown(), true
}

func (h commandHost) AddDir(dir string) {
	if !slices.Contains(h.m.addedDirs, dir) {
		h.m.addedDirs = append(h.m.addedDirs, dir)
	}
}

func (h commandHost) OpenRules(rows []dialogs.RuleRow) tea.Cmd {
	return h.m.openPicker(dialogs.NewRulesPicker(rows, h.m.dialogEnv()))
}

func (h commandHost) Reload(why string) tea.Cmd { return h.m.reload(why, "", true) }

func (h commandHost) Later(work func() commands.Done) tea.Cmd {
	gen := h.m.link.Gen()
	return func() tea.Msg { return commandDoneMsg{gen: gen, Done: work()} }
}

func (h commandHost) Exec(c *exec.Cmd, done func(err error) commands.Done) tea.Cmd {
	gen := h.m.link.Gen()
	return tea.ExecProcess(c, func(err error) tea.Msg { return commandDoneMsg{gen: gen, Done: done(err)} })
}

func (h commandHost) SetContextUsage(u *protocol.ContextUsage) { h.m.sess.Usage.TakeContext(u) }

// Ask runs work in a Cmd with a way to ask the current session. Without a session it
// says so at once.
func (h commandHost) Ask(command string, work func(ctx context.Context, ask localcmd.Ask) commands.Done) tea.Cmd {
	m := h.m
	if !m.link.Running() || m.sess.Phase == session.PhaseExited {
		m.notice(noticeWarning, "claude is not running: /"+command+" needs it (enter restarts it)")
		return nil
	}
	b, gen := m.link.Backend(), m.link.Gen()
	ask := func(ctx context.Context, req protocol.HostRequest) (json.RawMessage, error) {
		body, err := b.Request(ctx, req)
		if err == nil && body.IsError() {
			err = errors.New(body.Error)
		}
		return body.Response, err
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), controlTimeout)
		defer cancel()
		return commandDoneMsg{gen: gen, Done: work(ctx, ask)}
	}
}

// commandDoneMsg is a command's report (see commands.Done), stamped with the
// session it belongs to.
type commandDoneMsg struct {
	gen int
	commands.Done
}

func (msg commandDoneMsg) handle(m *Model) tea.Cmd {
	if !m.link.Current(msg.gen) {
		return nil
	}
	return msg.Done.Apply(m.commandHost())
}

// controlTimeout bounds a control request the user is waiting on. The full
// get_context_usage counts tokens with the API and takes a second or more.
const controlTimeout = time.Minute

// refreshContext updates the bar's context share from the summary form, which
// makes no API calls: after a resume, before the first turn reports its usage.
func (m *Model) refreshContext() tea.Cmd {
	if !m.link.Running() {
		return nil
	}
	b, gen := m.link.Backend(), m.link.Gen()
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), controlTimeout)
		defer cancel()
		body, err := b.Request(ctx, protocol.GetContextUsage{Detail: "summary"})
		if err != nil || body.IsError() {
			return nil // the bar simply waits for the first turn
		}
		return contextRefreshedMsg{gen: gen, body: body.Response}
	}
}

// contextRefreshedMsg is the summary form's answer (see refreshContext).
type contextRefreshedMsg struct {
	gen  int
	body json.RawMessage
}

func (msg contextRefreshedMsg) handle(m *Model) tea.Cmd {
	if !m.link.Current(msg.gen) {
		return nil
	}
	// The bar's quiet refresh: it gives way to anything a turn reported.
	var u protocol.ContextUsage
	if err := json.Unmarshal(msg.body, &u); err == nil && m.sess.Usage.ContextTokens == 0 {
		m.sess.Usage.TakeContext(&u)
	}
	return nil
}
