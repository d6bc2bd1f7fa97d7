package ui

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/sessions"
	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/localcmd"
	"github.com/gclaude/gclaude/ui/transcript"
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

func (h commandHost) AddDir(dir string) {
	if !slices.Contains(h.m.addedDirs, dir) {
		h.m.addedDirs = append(h.m.addedDirs, dir)
	}
}

func (h commandHost) OpenPicker(build func(dialogs.Env) dialogs.Dialog) tea.Cmd {
	return h.m.openPicker(build(h.m.dialogEnv()))
}

func (h commandHost) Reload(why string, to commands.ReloadTo) tea.Cmd {
	return h.m.reload(why, to.At, !to.Fresh)
}

func (h commandHost) Rewinds() *localcmd.RewindLog { return &h.m.rewind }

func (h commandHost) CutTranscript(id transcript.ID, draft string) {
	h.m.transcript.TruncateFrom(id)
	h.m.prompt.SetValue(draft)
}

func (h commandHost) Shell() *commands.Shell                { return &h.m.shell }
func (h commandHost) AddShell(command string) transcript.ID { return h.m.transcript.AddShell(command) }
func (h commandHost) FinishShell(id transcript.ID, r transcript.ShellResult) {
	h.m.transcript.FinishShell(id, r)
}

func (h commandHost) Later(work func() commands.Done) tea.Cmd {
	gen := h.m.gen
	return func() tea.Msg { return commandDoneMsg{gen: gen, Done: work()} }
}

func (h commandHost) Exec(c *exec.Cmd, done func(err error) commands.Done) tea.Cmd {
	gen := h.m.gen
	return tea.ExecProcess(c, func(err error) tea.Msg { return commandDoneMsg{gen: gen, Done: done(err)} })
}

func (h commandHost) SetContextUsage(u *protocol.ContextUsage) { h.m.takeContextUsage(u) }

// Ask runs work in a Cmd with a way to ask the current session. Without a session it
// says so at once.
func (h commandHost) Ask(command string, work func(ctx context.Context, ask localcmd.Ask) commands.Done) tea.Cmd {
	m := h.m
	if m.backend == nil || m.sess.phase == phaseExited {
		m.notice(noticeWarning, "claude is not running: /"+command+" needs it (enter restarts it)")
		return nil
	}
	b, gen := m.backend, m.gen
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
	if msg.gen != m.gen {
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
	if m.backend == nil {
		return nil
	}
	b, gen := m.backend, m.gen
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
	if msg.gen != m.gen {
		return nil
	}
	// The bar's quiet refresh: it gives way to anything a turn reported.
	var u protocol.ContextUsage
	if err := json.Unmarshal(msg.body, &u); err == nil && m.sess.contextTokens == 0 {
		m.takeContextUsage(&u)
	}
	return nil
}

// takeContextUsage shows the CLI's own count in the bar.
func (m *Model) takeContextUsage(u *protocol.ContextUsage) {
	if u.MaxTokens > 0 && u.TotalTokens > 0 {
		m.sess.contextTokens, m.sess.contextWindow = u.TotalTokens, u.MaxTokens
	}
}

// lastChainEntry is the uuid of a resumed history's last entry (a compaction marker is
// not one to resume at).
func lastChainEntry(entries []sessions.Entry) string {
	for i := len(entries) - 1; i >= 0; i-- {
		if e := entries[i]; e.UUID != "" && e.Kind != sessions.KindCompact {
			return e.UUID
		}
	}
	return ""
}

// reload restarts claude on the same conversation, so that it reads what changed on
// disk (a memory file) or continues from an earlier point (resumeAt, /rewind); keep
// false starts an empty conversation instead (a rewind to before the first prompt).
// The conversation is resumed only if claude saved it: --resume with an id it does not
// know makes it exit.
func (m *Model) reload(why, resumeAt string, keep bool) tea.Cmd {
	id, dir, gen := m.sess.sessionID, m.sessionsDir(), m.gen
	return func() tea.Msg {
		msg := reloadMsg{gen: gen, why: why}
		if keep && id != "" && dir != "" {
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
	if msg.resume == "" {
		m.sess.sessionID = "" // a new conversation: its id comes with its first answer
	}
	m.sess.costBase, m.sess.tokensBase = m.sess.costUSD, m.sess.tokens
	req := StartRequest{Resume: msg.resume, ResumeAt: msg.resumeAt, ForkSession: m.sess.forking && msg.resume != "",
		Model: m.sess.model, PermissionMode: m.sess.mode}
	return tea.Batch(closeSession(old, nil), m.startSession(req), m.startTicking())
}
