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

	"github.com/gclaude/gclaude/internal/termexec"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/sessionfiles"
	"github.com/gclaude/gclaude/themes"
	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/transcript"
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
		folder = m.place.dir
	}
	base := commands.StatusBase{
		GclaudeVersion: m.opts.Version, SessionID: m.sess.SessionID, CWD: m.sess.CWD,
		AddedDirs: m.addedDirs, Model: m.sess.Model, Mode: m.sess.Mode, APIKeySource: m.sess.APIKeySource,
	}
	if init := m.sess.Init; init != nil {
		base.ClaudeVersion, base.Account = init.ClaudeCodeVersion, init.Account
	}
	return commands.Session{Folder: folder, Home: m.opts.Home, ID: m.sess.SessionID, Title: m.sess.Title, Running: m.turn.Running,
		AddedDirs: m.addedDirs, CostUSD: m.sess.Usage.CostUSD, EarlierRuns: m.sess.Usage.EarlierRuns(), Status: base, Getenv: m.getenv,
		Launch: m.launchSettings(), Claude: m.claudeHere()}
}

// claudeHere runs the user's claude in this session's folder, when the session is on
// this machine.
func (m *Model) claudeHere() func(args ...string) *exec.Cmd {
	run, dir := m.opts.Claude, m.place.dir
	if run == nil || m.place.host != "" {
		return nil
	}
	return func(args ...string) *exec.Cmd {
		c := run(args...)
		c.Dir = dir
		return c
	}
}

// launchSettings are gclaude's own settings, as /config shows them.
func (m *Model) launchSettings() commands.Launch {
	l := commands.Launch{Model: m.opts.Model, Mode: m.opts.PermissionMode, Theme: m.opts.Theme, ThemeShown: m.theme.String(),
		Notify: m.opts.Notify, Inline: m.opts.Inline}
	if m.sess.Init != nil {
		l.OutputStyles = m.sess.Init.AvailableOutputStyles
	}
	return l
}

// SetTheme makes choice the theme for the rest of this run: dark and light at once,
// auto once the terminal has said its background again.
func (h commandHost) SetTheme(choice string) (tea.Cmd, error) {
	m := h.m
	kind, err := themes.Detect(choice, m.theme != themes.Light, m.getenv)
	if err != nil {
		return nil, err
	}
	m.opts.Theme = choice
	if m.autoTheme() {
		return tea.RequestBackgroundColor, nil
	}
	m.setTheme(kind)
	m.layout()
	return nil, nil
}

func (h commandHost) Conversation() (string, bool) {
	if h.m.conversation.Len() == 0 {
		return "", false
	}
	return h.m.conversation.Markdown(), true
}

func (h commandHost) Answers() []string { return h.m.conversation.Answers() }

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

func (h commandHost) Rewinds() *commands.RewindLog { return &h.m.rewind }

func (h commandHost) CutTranscript(id transcript.ID, draft string) {
	h.m.conversation.TruncateFrom(id)
	h.m.prompt.SetValue(draft)
}

func (h commandHost) Shell() *commands.Shell { return &h.m.shell }
func (h commandHost) AddShell(command string) transcript.ID {
	return h.m.conversation.AddShell(command)
}
func (h commandHost) FinishShell(id transcript.ID, r transcript.ShellResult) {
	h.m.conversation.FinishShell(id, r)
}

func (h commandHost) EditDraft(text string) {
	h.m.prompt.SetValue(text)
	h.m.setFocus(focusInput)
}

func (h commandHost) Submit(text string) tea.Cmd { return h.m.submit(text, nil) }

func (h commandHost) VimMode() bool      { return h.m.prompt.VimOn() }
func (h commandHost) SetVimMode(on bool) { h.m.prompt.SetVim(on) }

// The root's own doings, for the commands that ask for them.
func (h commandHost) OpenHelp()                        { h.m.openHelp() }
func (h commandHost) OpenTasks()                       { h.m.openTasks() }
func (h commandHost) Quit() tea.Cmd                    { return h.m.quit() }
func (h commandHost) Clear() tea.Cmd                   { return h.m.clear() }
func (h commandHost) ChooseModel(model string) tea.Cmd { return h.m.chooseModel(model) }
func (h commandHost) PickModel() tea.Cmd               { return h.m.openModelPicker() }
func (h commandHost) ChooseMode(mode string) tea.Cmd   { return h.m.chooseMode(mode) }
func (h commandHost) PickMode() tea.Cmd                { return h.m.openModePicker() }
func (h commandHost) Resume(query string) tea.Cmd      { return h.m.listSessions(query) }
func (h commandHost) Login() tea.Cmd                   { return h.m.login() }

func (h commandHost) Later(work func() commands.Done) tea.Cmd {
	gen := h.m.link.Gen()
	return func() tea.Msg { return commandDoneMsg{gen: gen, Done: work()} }
}

func (h commandHost) Exec(c *exec.Cmd, done func(err error) commands.Done) tea.Cmd {
	gen := h.m.link.Gen()
	return termexec.Process(c, func(err error) tea.Msg { return commandDoneMsg{gen: gen, Done: done(err)} })
}

func (h commandHost) SetContextUsage(u *protocol.ContextUsage) { h.m.sess.Usage.TakeContext(u) }

// Ask runs work in a Cmd with a way to ask the current session. Without a session it
// says so at once.
func (h commandHost) Ask(command string, work func(ctx context.Context, ask commands.Ask) commands.Done) tea.Cmd {
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

// reload restarts claude on the same conversation, so that it reads what changed on
// disk (a memory file) or continues from an earlier point (resumeAt, /rewind); keep
// false starts an empty conversation instead (a rewind to before the first prompt).
// The conversation is resumed only if claude saved it: --resume with an id it does not
// know makes it exit.
func (m *Model) reload(why, resumeAt string, keep bool) tea.Cmd {
	id, dir, gen := m.sess.SessionID, m.sessionFilesDir(), m.link.Gen()
	return func() tea.Msg {
		msg := reloadMsg{gen: gen, why: why}
		if keep && id != "" && dir != "" {
			if _, err := os.Stat(filepath.Join(dir, id+".jsonl")); err == nil {
				msg.resume, msg.resumeAt = id, resumeAt
				msg.forkErr = forkPastCompaction(&msg, dir)
			}
		}
		return msg
	}
}

// forkPastCompaction makes a point before a compaction reachable: claude's
// --resume-session-at looks only past the last compaction (and exits when it cannot find
// the message), so the conversation up to that point is resumed as a new session.
func forkPastCompaction(msg *reloadMsg, dir string) error {
	if msg.resumeAt == "" {
		return nil
	}
	path := filepath.Join(dir, msg.resume+".jsonl")
	if compacted, err := sessionfiles.CompactedAfter(path, msg.resumeAt); err != nil || !compacted {
		return nil // claude looks for the point itself, as without a compaction
	}
	newID := session.NewUUID()
	if err := sessionfiles.ForkUpTo(path, msg.resumeAt, newID); err != nil {
		return err
	}
	msg.resume, msg.resumeAt = newID, ""
	return nil
}

// reloadMsg restarts claude (see reload).
type reloadMsg struct {
	gen                   int
	resume, resumeAt, why string
	forkErr               error // the point could not be reached past a compaction
}

func (msg reloadMsg) handle(m *Model) tea.Cmd {
	if !m.link.Current(msg.gen) {
		return nil
	}
	m.dropRequestDialogs()
	m.turn.Running = false
	if msg.forkErr != nil {
		// claude would exit on a point it cannot find: it goes on from where it was.
		m.notice(noticeError, "the conversation could not be rewound past the compaction ("+msg.forkErr.Error()+"): claude goes on from where it was")
		msg.resumeAt = ""
	} else {
		m.notice(noticeInfo, msg.why)
	}
	if msg.resume == "" {
		m.sess.SessionID = "" // a new conversation: its id comes with its first answer
	}
	m.sess.Usage.Restarted()
	req := StartRequest{Resume: msg.resume, ResumeAt: msg.resumeAt, ForkSession: m.sess.Forking && msg.resume != "",
		Model: m.sess.Model, PermissionMode: m.sess.Mode}
	return tea.Batch(m.replaceCLI(req), m.startTicking())
}

func (h commandHost) OpenSession(a commands.OpenArgs) tea.Cmd {
	return h.m.whileOpening(h.m.openSession(a.Dir, a.Worktree, a.Host))
}
func (h commandHost) PickSession() tea.Cmd             { return h.m.openTabPicker() }
func (h commandHost) Fork(f commands.ForkArgs) tea.Cmd { return h.m.forkSession(f) }
func (h commandHost) CloseSession(force bool) tea.Cmd  { return h.m.requestClose(h.m.tab, force) }
func (h commandHost) OpenInbox() tea.Cmd {
	if h.m.inbox.open {
		return nil
	}
	return h.m.toggleInbox()
}
func (h commandHost) ShowDiff() tea.Cmd { return h.m.showDiff() }
