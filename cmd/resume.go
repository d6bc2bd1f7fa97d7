package cmd

import (
	"os"
	"path/filepath"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/sessionfiles"
	"github.com/gclaude/gclaude/ui"
)

// sessionFilesDir is the folder where claude keeps the conversations of the project in
// cwd: under $CLAUDE_CONFIG_DIR when it is set (claude's stand-in for ~/.claude).
func sessionFilesDir(home, cwd string, getenv func(string) string) string {
	dir := sessionfiles.Dir(home, cwd)
	if cfg := getenv("CLAUDE_CONFIG_DIR"); cfg != "" {
		return filepath.Join(cfg, "projects", filepath.Base(dir))
	}
	return dir
}

// launchResume settles which conversation the launch session opens and what the UI
// shows of it. --continue (and --resume latest) become --resume with the newest
// session's id, so that claude resumes the conversation whose history the UI reads;
// a bare --resume starts a new conversation behind the UI's picker.
func launchResume(f *sessionFlags, o *process.Options, dir string) ui.ResumeOptions {
	switch {
	case f.resume == resumePick:
		o.Resume, o.Continue, o.ForkSession = "", false, false
		return ui.ResumeOptions{Pick: true, Fork: f.forkSession}
	case o.Continue:
		latest, ok, _ := sessionfiles.Latest(dir)
		if !ok {
			// Nothing to continue: claude would start a new conversation anyway.
			o.Continue, o.ForkSession = false, false
			return ui.ResumeOptions{NothingToContinue: true}
		}
		o.Resume, o.Continue = latest.ID, false
	}
	if o.Resume == "" {
		return ui.ResumeOptions{}
	}
	if _, err := os.Stat(filepath.Join(dir, o.Resume+".jsonl")); err != nil {
		// Not a session id of this folder: a unique id prefix or a title names one;
		// anything else would make claude exit with errors about --print, so the UI
		// offers the folder's conversations filtered by what was given instead.
		list, _ := sessionfiles.List(dir)
		s, ok := sessionfiles.Find(list, o.Resume)
		if !ok {
			query := o.Resume
			o.Resume, o.ForkSession = "", false
			return ui.ResumeOptions{Pick: true, Fork: f.forkSession, Query: query}
		}
		o.Resume = s.ID
	}
	return ui.ResumeOptions{ID: o.Resume, Fork: o.ForkSession}
}
