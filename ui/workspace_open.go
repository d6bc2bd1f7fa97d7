package ui

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/trust"
	"github.com/gclaude/gclaude/internal/worktree"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/tab"
	"github.com/gclaude/gclaude/ui/transcript"
)

// /open: another session in a folder, or in a new git worktree of the folder's
// repository. Checking the folder and making the worktree touch the disk, so they run
// in a Cmd; the tab is added when they report. Any failure is said in the session
// the user typed /open in; nothing else changes.

// openSession starts opening a session in dir (relative to the folder of from, the
// session /open was typed in; "" is that folder), in a new worktree named name when
// name is set.
func (m *Model) openSession(from *tab.Tab, dir, name, host string) tea.Cmd {
	if m.opts.Inline {
		from.Notice(transcript.NoticeWarn, "sessions side by side need the full-screen view: run gclaude --tui full")
		return nil
	}
	if m.opts.Replay {
		from.Notice(transcript.NoticeWarn, "a recording cannot open sessions")
		return nil
	}
	at := from.Place()
	if host == "" && at.Host != "" && dir != "" && !filepath.IsAbs(dir) {
		host = at.Host // a relative folder of a remote session is on its host
		dir = path.Join(at.Dir, dir)
	}
	if host != "" {
		if name != "" {
			from.Notice(transcript.NoticeWarn, "/open: worktrees on another machine are not made by gclaude yet: make one there with git worktree add, then /open --host "+host+" <its folder>")
			return nil
		}
		h, err := m.remoteHost(host)
		if err != nil {
			from.Notice(transcript.NoticeError, "/open: "+err.Error())
			return nil
		}
		fsys, _ := tab.TrustFS(m.tabEnv, host) // the same host: it cannot fail now
		return func() tea.Msg { return prepareRemoteOpen(h, host, dir, fsys) }
	}
	dir = m.resolveDir(at.Dir, dir)
	fsys := m.opts.Trust
	return func() tea.Msg { return prepareOpen(dir, name, fsys) }
}

// resolveDir makes dir absolute: ~ is the home folder, a relative path starts at base.
func (m *Model) resolveDir(base, dir string) string {
	switch {
	case dir == "":
		return base
	case dir == "~" || strings.HasPrefix(dir, "~/"):
		return filepath.Join(m.opts.Home, strings.TrimPrefix(dir, "~"))
	case filepath.IsAbs(dir):
		return filepath.Clean(dir)
	}
	return filepath.Join(base, dir)
}

// openPrepared reports the folder checked, or the worktree made, for a new session.
type openPrepared struct {
	dir    string
	host   string // the machine dir is on; "" for this one
	wt     *worktree.Worktree
	copied []string // files .worktreeinclude brought in
	setup  string   // the workspace settings' setup command, run before claude starts
	err    error
	// ask is the trust question about dir, asked before anything is made there; then
	// is what a Yes goes on with. refused says the user answered No.
	ask     *trust.Verdict
	askFS   trust.FS
	then    func() openPrepared
	refused string
	// trusted: the new session's folder was trusted for this gclaude only; recordErr
	// says why the answer was not written.
	trusted   bool
	recordErr error
}

// prepareOpen checks dir (with fsys, whether it is trusted: nothing is made in a folder
// before the user trusts it) and, with a name, makes the worktree (blocking: in a Cmd).
func prepareOpen(dir, name string, fsys trust.FS) openPrepared {
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return openPrepared{err: fmt.Errorf("%s does not exist", dir)}
	case err != nil:
		return openPrepared{err: err}
	case !st.IsDir():
		return openPrepared{err: fmt.Errorf("%s is not a folder", dir)}
	}
	if fsys != nil {
		if out, ask := trustFirst(fsys, dir, name != "", func() openPrepared { return prepareOpen(dir, name, nil) }); ask {
			return out
		}
	}
	if name == "" {
		return openPrepared{dir: dir}
	}
	wt, err := worktree.Create(context.Background(), dir, name)
	if err != nil {
		return openPrepared{err: err}
	}
	out := openPrepared{dir: wt.Path, wt: &wt}
	if out.copied, err = worktree.CopyIncluded(wt); err != nil {
		out.copied = nil
		out.err = fmt.Errorf("worktree %s made, but .worktreeinclude: %w", wt.Path, err)
		return out
	}
	settings, err := worktree.LoadSettings(wt.Repo)
	if err != nil {
		out.err = fmt.Errorf("worktree %s made, but %w", wt.Path, err)
		return out
	}
	out.setup = settings.Setup
	return out
}

// openPrepared adds the session prepared for /open, typed in from, and brings it to
// the front; a failure is said in from.
func (m *Model) openPrepared(from *tab.Tab, msg openPrepared) tea.Cmd {
	if msg.refused != "" {
		from.Notice(transcript.NoticeInfo, "/open: nothing was opened: you did not trust "+msg.refused)
		return nil
	}
	if msg.err != nil && msg.wt == nil {
		from.Notice(transcript.NoticeError, "/open: "+msg.err.Error())
		return nil
	}
	st := from.Status()
	place := tab.Place{Dir: msg.dir, Host: msg.host, Model: st.Model, Mode: st.Mode, Trusted: msg.trusted}
	if w := msg.wt; w != nil {
		place.Worktree = &worktree.Worktree{Repo: w.Repo, Path: w.Path, Branch: w.Branch, Base: w.Base}
		place.Setup = msg.setup
	}
	t := m.addTab(place)
	if w := msg.wt; w != nil {
		text := fmt.Sprintf("worktree %s on branch %s, from %s", render.Sanitize(w.Path), render.Sanitize(w.Branch), worktree.Short(w.Base))
		if n := len(msg.copied); n > 0 {
			text += fmt.Sprintf(" · %d %s copied from .worktreeinclude", n, render.Plural(n, "file"))
		}
		t.Notice(transcript.NoticeInfo, text)
	}
	if msg.err != nil {
		t.Notice(transcript.NoticeWarn, msg.err.Error())
	}
	if msg.recordErr != nil && !errors.Is(msg.recordErr, trust.ErrSessionOnly) {
		t.Notice(transcript.NoticeWarn, "your answer could not be recorded ("+msg.recordErr.Error()+"): it holds until gclaude exits")
	}
	return m.bringToFront(t)
}

// Keys typed while /open prepares a session (checks its folder, makes its worktree)
// are held, and then all go to one place: the session in front once the open has
// settled, the new one, or the one the user is in when opening failed. Before, the
// first words stayed in the old session's prompt and the rest landed in the new one,
// and an /open typed meanwhile could finish before the one typed first.

// openingState is what is held while /open prepares a session.
type openingState struct {
	pending int       // /open commands preparing their session
	held    []tea.Msg // keys and pastes meant for the prompt, in the order typed
}

// whileOpening marks cmd, the Cmd that prepares the session /open asked for in from,
// as under way: until it reports, keys for the prompt are held.
func (m *Model) whileOpening(from *tab.Tab, cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	m.opening.pending++
	origin := from.ID()
	return func() tea.Msg { return openSettled{origin: origin, prepared: cmd().(openPrepared)} }
}

// openSettled is the report of an /open's preparation. It belongs to the workspace,
// not to the session /open was typed in: even if that one was closed meanwhile, the
// keys held are let go.
type openSettled struct {
	origin   int // the session /open was typed in
	prepared openPrepared
}

func (openSettled) workspace() {}

func (msg openSettled) handle(m *Model) tea.Cmd {
	m.opening.pending--
	t := m.tabs.byID(msg.origin)
	if t == nil {
		t = m.tabs.front
	}
	if msg.prepared.ask != nil {
		return m.askToOpen(t, msg.prepared) // keys typed meanwhile stay held until the answer
	}
	return tea.Batch(m.openPrepared(t, msg.prepared), m.releaseHeld())
}

// holdTyped keeps a key or paste meant for the prompt while an /open prepares its
// session, and reports whether it did.
func (m *Model) holdTyped(msg tea.Msg) bool {
	if m.opening.pending == 0 {
		return false
	}
	m.opening.held = append(m.opening.held, msg)
	return true
}

// releaseHeld gives the held keys, in order, to the session now in front, as if typed
// now (an /open among them holds the rest again until it settles).
func (m *Model) releaseHeld() tea.Cmd {
	held := m.opening.held
	m.opening.held = nil
	cmds := make([]tea.Cmd, 0, len(held))
	for _, msg := range held {
		switch msg := msg.(type) {
		case tea.KeyPressMsg:
			cmds = append(cmds, m.handleKey(msg))
		case tea.PasteMsg:
			cmds = append(cmds, m.handlePaste(msg))
		}
	}
	return tea.Batch(cmds...)
}

// openingHint is the help line while an /open prepares: what was typed meanwhile, and
// where it goes.
func (m *Model) openingHint() string {
	var typed strings.Builder
	for _, msg := range m.opening.held {
		switch msg := msg.(type) {
		case tea.KeyPressMsg:
			switch {
			case msg.Text != "":
				typed.WriteString(msg.Text)
			case msg.Code == tea.KeyEnter:
				typed.WriteString("⏎")
			case msg.Code == tea.KeyBackspace:
				typed.WriteString("⌫")
			}
		case tea.PasteMsg:
			typed.WriteString(render.OneLine(msg.Content))
		}
	}
	text := "opening the session… what you type goes to it"
	if typed.Len() > 0 {
		text += ": " + render.Sanitize(typed.String())
	}
	return text
}

// trustFirst checks dir before /open makes anything there: a folder Claude Code's
// record does not trust comes back as a question (ask) whose Yes goes on with then.
func trustFirst(fsys trust.FS, dir string, worktree bool, then func() openPrepared) (openPrepared, bool) {
	ctx, cancel := context.WithTimeout(context.Background(), tab.RemoteTimeout)
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

// askToOpen asks /open's trust question in from, the session /open was typed in: No
// opens nothing; Yes is written, then the folder is opened (the worktree made). The
// open is still under way until then: keys typed meanwhile stay held for its session.
func (m *Model) askToOpen(from *tab.Tab, msg openPrepared) tea.Cmd {
	v, fsys, then, origin := *msg.ask, msg.askFS, msg.then, from.ID()
	m.opening.pending++
	build := func(env dialogs.Env) dialogs.Dialog { return dialogs.NewTrustQuestion(v, dialogs.TrustOpen, env) }
	return m.tabDid(from, from.AskGate(build, func(a dialogs.Action) tea.Cmd {
		if !a.(dialogs.TrustAnswer).Yes {
			refused := render.Sanitize(dialogs.ShowPath(v.Dir, v.Home))
			return func() tea.Msg { return openSettled{origin: origin, prepared: openPrepared{refused: refused}} }
		}
		return func() tea.Msg {
			err := trust.Accept(context.Background(), fsys, v)
			out := then()
			out.trusted, out.recordErr = err != nil, err // a Yes not written holds for this gclaude
			return openSettled{origin: origin, prepared: out}
		}
	}))
}
