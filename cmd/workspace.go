package cmd

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/gclaude/gclaude/internal/workspacefile"
	"github.com/gclaude/gclaude/internal/worktree"
	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/ui"
)

// workspace is the launch folder's saved workspace: what to restore and where to save.
type workspace struct {
	saver   *workspacefile.Saver // nil when the state folder is unknown
	opts    ui.WorkspaceOptions
	warning string // said in the launch session (a saved file that could not be read)
}

// loadWorkspace reads cwd's saved workspace. It is restored when it holds more than
// one session and the launch names no conversation of its own (--resume, --continue,
// a prompt); the launch session then continues the saved session of cwd itself. Saved
// conversations claude never wrote a file for start anew.
func loadWorkspace(f *sessionFlags, cwd, home, prompt string, base *process.Options, resume *ui.ResumeOptions) workspace {
	var w workspace
	w.opts.MaxRunning = maxRunning(f, cwd)
	path, err := workspacefile.Path(cwd, os.Getenv)
	if err != nil {
		return w
	}
	w.saver = workspacefile.NewSaver(path)
	w.opts.Save = func(s ui.SavedWorkspace) <-chan error { return w.saver.Save(toFile(cwd, s)) }
	saved, err := workspacefile.Load(path)
	if err != nil {
		w.warning = err.Error()
		if errors.Is(err, workspacefile.ErrNewer) {
			w.warning += " · this run does not save its workspace, so the newer one stays as it is"
			w.saver, w.opts.Save = nil, nil
		}
		return w
	}
	if len(saved.Sessions) < 2 || f.resume != "" || f.continueLast || prompt != "" {
		return w
	}
	w.opts.Launch, w.opts.Front = -1, saved.Front
	for i, s := range saved.Sessions {
		t := ui.SavedTab{Dir: s.Dir, Host: s.Host, SessionID: s.CLISessionID, Title: s.Title, Model: s.Model, Mode: s.Mode, AddDirs: s.AddDirs, LastUsed: s.LastUsed}
		if wt := s.Worktree; wt != nil {
			t.Worktree = &ui.TabWorktree{Repo: wt.Repo, Path: wt.Path, Branch: wt.Branch, Base: wt.Base}
		}
		if t.SessionID != "" && t.Host == "" && !conversationSaved(home, t.Dir, t.SessionID) {
			t.SessionID = "" // no turn was ever saved: --resume would fail
		}
		if t.Worktree == nil && t.Host == "" && filepath.Clean(t.Dir) == filepath.Clean(cwd) && (w.opts.Launch < 0 || i == saved.Front) {
			w.opts.Launch = i
		}
		w.opts.Restore = append(w.opts.Restore, t)
	}
	if w.opts.Launch >= 0 {
		if id := w.opts.Restore[w.opts.Launch].SessionID; id != "" {
			base.Resume = id
			*resume = ui.ResumeOptions{ID: id}
		}
	}
	return w
}

// launchShown reports whether the launch session is the one in front at start: no
// workspace is restored, or the saved front is the session of the launch folder.
func (w workspace) launchShown() bool {
	o := w.opts
	return len(o.Restore) == 0 || o.Front < 0 || o.Front >= len(o.Restore) || o.Front == o.Launch
}

// conversationSaved reports whether claude wrote the conversation id of dir.
func conversationSaved(home, dir, id string) bool {
	_, err := os.Stat(filepath.Join(sessionFilesDir(home, dir, os.Getenv), id+".jsonl"))
	return err == nil
}

// toFile is the UI's workspace as the file keeps it.
func toFile(root string, s ui.SavedWorkspace) workspacefile.Workspace {
	out := workspacefile.Workspace{Root: root, Front: s.Front}
	for _, t := range s.Tabs {
		fs := workspacefile.Session{Dir: t.Dir, Host: t.Host, CLISessionID: t.SessionID, Title: t.Title, Model: t.Model, Mode: t.Mode, AddDirs: t.AddDirs, LastUsed: t.LastUsed}
		if wt := t.Worktree; wt != nil {
			fs.Worktree = &workspacefile.Worktree{Repo: wt.Repo, Path: wt.Path, Branch: wt.Branch, Base: wt.Base}
		}
		out.Sessions = append(out.Sessions, fs)
	}
	return out
}

// maxRunning is --max-running, else the workspace settings' maxRunning, else 0 (the
// UI's default).
func maxRunning(f *sessionFlags, cwd string) int {
	if f.maxRunning > 0 {
		return f.maxRunning
	}
	if s, err := worktree.LoadSettings(cwd); err == nil && s.MaxRunning > 0 {
		return s.MaxRunning
	}
	return 0
}

// flush waits for the last save; a failure is said once the screen is restored.
func (w workspace) flush() {
	if w.saver == nil {
		return
	}
	if err := w.saver.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "gclaude: the workspace was not saved:", err)
	}
}
