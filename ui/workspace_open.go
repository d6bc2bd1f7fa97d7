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
)

// /open: another session in a folder, or in a new git worktree of the folder's
// repository. Checking the folder and making the worktree touch the disk, so they run
// in a Cmd; the tab is added when they report. Any failure is said in the session
// the user typed /open in; nothing else changes.

// openSession starts opening a session in dir (relative to this session's folder; ""
// is this folder), in a new worktree named name when name is set.
func (m *Model) openSession(dir, name, host string) tea.Cmd {
	if m.opts.Inline {
		m.notice(noticeWarning, "sessions side by side need the full-screen view: run gclaude --tui full")
		return nil
	}
	if m.mode.Recording() {
		m.notice(noticeWarning, "a recording cannot open sessions")
		return nil
	}
	if host == "" && m.place.host != "" && dir != "" && !filepath.IsAbs(dir) {
		host = m.place.host // a relative folder of a remote session is on its host
		dir = path.Join(m.place.dir, dir)
	}
	if host != "" {
		if name != "" {
			m.notice(noticeWarning, "/open: worktrees on another machine are not made by gclaude yet: make one there with git worktree add, then /open --host "+host+" <its folder>")
			return nil
		}
		h, err := m.remoteHost(host)
		if err != nil {
			m.notice(noticeError, "/open: "+err.Error())
			return nil
		}
		fsys, _ := m.trustFS(host) // the same host: it cannot fail now
		return func() tea.Msg { return prepareRemoteOpen(h, host, dir, fsys) }
	}
	dir = m.resolveDir(dir)
	fsys := m.opts.Trust
	return func() tea.Msg { return prepareOpen(dir, name, fsys) }
}

// resolveDir makes dir absolute: ~ is the home folder, a relative path starts at this
// session's folder.
func (m *Model) resolveDir(dir string) string {
	base := m.place.dir
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
	// is what a Yes goes on with.
	ask   *trust.Verdict
	askFS trust.FS
	then  func() openPrepared
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

func (msg openPrepared) handle(m *Model) tea.Cmd {
	if msg.ask != nil {
		return m.askToOpen(msg)
	}
	if msg.err != nil && msg.wt == nil {
		m.notice(noticeError, "/open: "+msg.err.Error())
		return nil
	}
	place := tabPlace{dir: msg.dir, host: msg.host, model: m.sess.Model, mode: m.sess.Mode, trusted: msg.trusted}
	if w := msg.wt; w != nil {
		place.worktree = &tabWorktree{Repo: w.Repo, Path: w.Path, Branch: w.Branch, Base: w.Base}
		place.setup = msg.setup
	}
	t := m.addTab(place)
	m.inTab(t, func() {
		if w := msg.wt; w != nil {
			text := fmt.Sprintf("worktree %s on branch %s, from %s", render.Sanitize(w.Path), render.Sanitize(w.Branch), shortCommit(w.Base))
			if n := len(msg.copied); n > 0 {
				text += fmt.Sprintf(" · %d %s copied from .worktreeinclude", n, render.Plural(n, "file"))
			}
			m.notice(noticeInfo, text)
		}
		if msg.err != nil {
			m.notice(noticeWarning, msg.err.Error())
		}
		if msg.recordErr != nil && !errors.Is(msg.recordErr, trust.ErrSessionOnly) {
			m.notice(noticeWarning, "your answer could not be recorded ("+msg.recordErr.Error()+"): it holds until gclaude exits")
		}
	})
	return m.bringToFront(t)
}

// shortCommit is a commit id as git abbreviates it.
func shortCommit(id string) string { return id[:min(len(id), 10)] }
