package tab

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
	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/transcript"
)

// The tab is the session a command runs in (commands.Session); what concerns the
// other sessions goes to its workspace (commands.Workspace, the root ui's).

var _ commands.Session = (*Tab)(nil)

// Workspace is the workspace the session is one of.
func (t *Tab) Workspace() commands.Workspace { return t.ws }

// Notice adds a line to the transcript.
func (t *Tab) Notice(kind, text string) { t.notice(kind, text) }

// Now is the session's clock.
func (t *Tab) Now() time.Time { return t.now() }

// Info is what commands read about the session.
func (t *Tab) Info() commands.Info {
	folder := t.sess.CWD
	if folder == "" {
		folder = t.place.Dir
	}
	base := commands.StatusBase{
		GclaudeVersion: t.env.Opts.Version, SessionID: t.sess.SessionID, CWD: t.sess.CWD,
		AddedDirs: t.sess.AddedDirs, Model: t.sess.Model, Mode: t.sess.Mode, APIKeySource: t.sess.APIKeySource,
	}
	if init := t.sess.Init; init != nil {
		base.ClaudeVersion, base.Account = init.ClaudeCodeVersion, init.Account
	}
	info := commands.Info{Folder: folder, Home: t.env.Opts.Home, ID: t.sess.SessionID, Title: t.sess.Title, Running: t.turn.Running,
		AddedDirs: t.sess.AddedDirs, CostUSD: t.sess.Usage.CostUSD, EarlierRuns: t.sess.Usage.EarlierRuns(), Status: base, Getenv: t.env.Getenv,
		Claude: t.claudeHere()}
	if t.sess.Init != nil {
		info.OutputStyles = t.sess.Init.AvailableOutputStyles
	}
	return info
}

// claudeHere runs the user's claude in this session's folder, when the session is on
// this machine.
func (t *Tab) claudeHere() func(args ...string) *exec.Cmd {
	run, dir := t.env.Opts.Claude, t.place.Dir
	if run == nil || t.place.Host != "" {
		return nil
	}
	return func(args ...string) *exec.Cmd {
		c := run(args...)
		c.Dir = dir
		return c
	}
}

func (t *Tab) Answers() []string { return t.conversation.Answers() }

func (t *Tab) Conversation() (string, bool) {
	if t.conversation.Len() == 0 {
		return "", false
	}
	return t.conversation.Markdown(), true
}

func (t *Tab) AddDir(dir string) {
	if !slices.Contains(t.sess.AddedDirs, dir) {
		t.sess.AddedDirs = append(t.sess.AddedDirs, dir)
	}
}

func (t *Tab) OpenPicker(build func(dialogs.Env) dialogs.Dialog) tea.Cmd {
	t.openPicker(build(t.dialogEnv()))
	return nil
}

func (t *Tab) Reload(why string, to commands.ReloadTo) tea.Cmd {
	return t.reload(why, to.At, !to.Fresh)
}

func (t *Tab) Rewinds() *commands.RewindLog { return &t.rewind }

func (t *Tab) CutTranscript(id transcript.ID, draft string) {
	t.conversation.TruncateFrom(id)
	t.prompt.SetValue(draft)
}

func (t *Tab) Shell() *commands.Shell { return &t.shell }
func (t *Tab) AddShell(command string) transcript.ID {
	return t.conversation.AddShell(command)
}
func (t *Tab) FinishShell(id transcript.ID, r transcript.ShellResult) {
	t.conversation.FinishShell(id, r)
}

func (t *Tab) EditDraft(text string) {
	t.prompt.SetValue(text)
	t.setFocus(focusInput)
}

func (t *Tab) Submit(text string) tea.Cmd { return t.submit(text, nil) }

func (t *Tab) VimMode() bool      { return t.prompt.VimOn() }
func (t *Tab) SetVimMode(on bool) { t.prompt.SetVim(on) }

// What the session does with its claude, for the commands that ask for it.
func (t *Tab) OpenTasks()                       { t.openTasks() }
func (t *Tab) Clear() tea.Cmd                   { return t.clear() }
func (t *Tab) ChooseModel(model string) tea.Cmd { return t.chooseModel(model) }
func (t *Tab) PickModel() tea.Cmd               { return t.openModelPicker() }
func (t *Tab) ChooseMode(mode string) tea.Cmd   { return t.chooseMode(mode) }
func (t *Tab) PickMode() tea.Cmd                { return t.openModePicker() }
func (t *Tab) Resume(query string) tea.Cmd      { return t.listSessions(query) }
func (t *Tab) Login() tea.Cmd                   { return t.login() }

func (t *Tab) Later(work func() commands.Done) tea.Cmd {
	gen := t.link.Gen()
	return func() tea.Msg { return commandDoneMsg{gen: gen, Done: work()} }
}

func (t *Tab) Exec(c *exec.Cmd, done func(err error) commands.Done) tea.Cmd {
	gen := t.link.Gen()
	return termexec.Process(c, func(err error) tea.Msg { return commandDoneMsg{gen: gen, Done: done(err)} })
}

func (t *Tab) SetContextUsage(u *protocol.ContextUsage) { t.sess.Usage.TakeContext(u) }

// Ask runs work in a Cmd with a way to ask the current session. Without a session it
// says so at once.
func (t *Tab) Ask(command string, work func(ctx context.Context, ask commands.Ask) commands.Done) tea.Cmd {
	if !t.link.Running() || t.sess.Phase == session.PhaseExited {
		t.notice(noticeWarning, "claude is not running: /"+command+" needs it (enter restarts it)")
		return nil
	}
	b, gen := t.link.Backend(), t.link.Gen()
	ask := func(ctx context.Context, req protocol.ClientRequest) (json.RawMessage, error) {
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

func (msg commandDoneMsg) handle(t *Tab) tea.Cmd {
	if !t.link.Current(msg.gen) {
		return nil
	}
	return msg.Done.Apply(t)
}

// controlTimeout bounds a control request the user is waiting on. The full
// get_context_usage counts tokens with the API and takes a second or more.
const controlTimeout = time.Minute

// refreshContext updates the bar's context share from the summary form, which
// makes no API calls: after a resume, before the first turn reports its usage.
func (t *Tab) refreshContext() tea.Cmd {
	if !t.link.Running() {
		return nil
	}
	b, gen := t.link.Backend(), t.link.Gen()
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

func (msg contextRefreshedMsg) handle(t *Tab) tea.Cmd {
	if !t.link.Current(msg.gen) {
		return nil
	}
	// The bar's quiet refresh: it gives way to anything a turn reported.
	var u protocol.ContextUsage
	if err := json.Unmarshal(msg.body, &u); err == nil && t.sess.Usage.ContextTokens == 0 {
		t.sess.Usage.TakeContext(&u)
	}
	return nil
}

// reload restarts claude on the same conversation, so that it reads what changed on
// disk (a memory file) or continues from an earlier point (resumeAt, /rewind); keep
// false starts an empty conversation instead (a rewind to before the first prompt).
// The conversation is resumed only if claude saved it: --resume with an id it does not
// know makes it exit.
func (t *Tab) reload(why, resumeAt string, keep bool) tea.Cmd {
	id, dir, gen := t.sess.SessionID, t.sessionFilesDir(), t.link.Gen()
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

func (msg reloadMsg) handle(t *Tab) tea.Cmd {
	if !t.link.Current(msg.gen) {
		return nil
	}
	t.dropRequestDialogs()
	t.turn.Running = false
	if msg.forkErr != nil {
		// claude would exit on a point it cannot find: it goes on from where it was.
		t.notice(noticeError, "the conversation could not be rewound past the compaction ("+msg.forkErr.Error()+"): claude goes on from where it was")
		msg.resumeAt = ""
	} else {
		t.notice(noticeInfo, msg.why)
	}
	if msg.resume == "" {
		t.sess.SessionID = "" // a new conversation: its id comes with its first answer
	}
	t.sess.Usage.Restarted()
	req := session.StartRequest{Resume: msg.resume, ResumeAt: msg.resumeAt, ForkSession: t.sess.Forking && msg.resume != "",
		Model: t.sess.Model, PermissionMode: t.sess.Mode}
	return t.replaceCLI(req)
}

func (t *Tab) ShowDiff() tea.Cmd { return t.showDiff() }
