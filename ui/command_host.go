package ui

import (
	"context"
	"os/exec"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/localcmd"
)

// commandHost is the Model as ui/commands sees it.
type commandHost struct{ m *Model }

func (m *Model) commandHost() commands.Host { return commandHost{m} }

func (h commandHost) Notice(kind, text string) { h.m.notice(kind, text) }

func (h commandHost) Now() time.Time { return h.m.now() }

func (h commandHost) Session() commands.Session {
	m := h.m
	folder := m.sess.cwd
	if folder == "" {
		folder = m.opts.CWD
	}
	base := localcmd.StatusBase{
		GclaudeVersion: m.opts.Version, SessionID: m.sess.sessionID, CWD: m.sess.cwd,
		AddedDirs: m.addedDirs, Model: m.sess.model, Mode: m.sess.mode, APIKeySource: m.sess.apiKeySource,
	}
	if init := m.sess.init; init != nil {
		base.ClaudeVersion, base.Account = init.ClaudeCodeVersion, init.Account
	}
	return commands.Session{Folder: folder, Home: m.opts.Home, ID: m.sess.sessionID, Running: m.turn.running,
		AddedDirs: m.addedDirs, CostUSD: m.sess.costUSD, EarlierRuns: m.sess.costBase > 0, Status: base, Getenv: m.getenv}
}

func (h commandHost) Conversation() (string, bool) {
	if h.m.transcript.Len() == 0 {
		return "", false
	}
	return h.m.transcript.Markdown(), true
}

func (h commandHost) Ask(command string, work func(ctx context.Context, ask localcmd.Ask) commands.Done) tea.Cmd {
	return h.m.asking(command, func(ctx context.Context, ask localcmd.Ask) dailyDoneMsg {
		return dailyDoneMsg{Done: work(ctx, ask)}
	})
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
	gen := h.m.gen
	return func() tea.Msg { return dailyDoneMsg{gen: gen, Done: work()} }
}

func (h commandHost) Exec(c *exec.Cmd, done func(err error) commands.Done) tea.Cmd {
	gen := h.m.gen
	return tea.ExecProcess(c, func(err error) tea.Msg { return dailyDoneMsg{gen: gen, Done: done(err)} })
}

func (h commandHost) SetContextUsage(u *protocol.ContextUsage) { h.m.takeContextUsage(u) }
