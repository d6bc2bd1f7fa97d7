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

	"github.com/gclaude/gclaude/internal/worktree"
	"github.com/gclaude/gclaude/render"
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
		return func() tea.Msg { return prepareRemoteOpen(h, host, dir) }
	}
	dir = m.resolveDir(at.Dir, dir)
	return func() tea.Msg { return prepareOpen(dir, name) }
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
}

// prepareOpen checks dir and, with a name, makes the worktree (blocking: in a Cmd).
func prepareOpen(dir, name string) openPrepared {
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return openPrepared{err: fmt.Errorf("%s does not exist", dir)}
	case err != nil:
		return openPrepared{err: err}
	case !st.IsDir():
		return openPrepared{err: fmt.Errorf("%s is not a folder", dir)}
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
	if msg.err != nil && msg.wt == nil {
		from.Notice(transcript.NoticeError, "/open: "+msg.err.Error())
		return nil
	}
	st := from.Status()
	place := tab.Place{Dir: msg.dir, Host: msg.host, Model: st.Model, Mode: st.Mode}
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
	return m.bringToFront(t)
}
