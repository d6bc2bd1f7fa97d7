package session

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/sessionfiles"
	"github.com/gclaude/gclaude/ui/transcript"
	"github.com/gclaude/gclaude/ui/transcript/resumed"
)

// ResumeOptions say which earlier conversation the launch session continues.
type ResumeOptions struct {
	// ID is the session the launch Backend resumes (--resume <id>, or --continue
	// resolved to the newest session): its history is read from the session file and
	// shown. A name that is not a session file is looked up among the titles.
	ID string
	// Fork is --fork-session: the history is shown, and the conversation continues
	// under a new id from the first turn on (restarts before that fork again).
	Fork bool
	// Pick opens the resume picker at launch (--resume without an id); the launch
	// Backend is a new conversation, kept if the picker is closed.
	Pick bool
	// Query is what --resume named when it matched no conversation of this folder: the
	// picker opens filtered by it, or a notice says plainly that nothing matches.
	Query string
	// NothingToContinue says --continue found no conversation in this folder, so the
	// launch session is a new one.
	NothingToContinue bool
}

// Listing is a folder's conversations, for the resume picker; Query is the argument
// of /resume that asked for it.
type Listing struct {
	Query string
	List  []sessionfiles.Summary
	Err   error
}

// List reads the conversations in dir (blocking: call it from a Cmd).
func List(dir, query string) Listing {
	if dir == "" {
		return Listing{Query: query, Err: errors.New("the home folder is not known")}
	}
	list, err := sessionfiles.List(dir)
	return Listing{Query: query, List: list, Err: err}
}

// History is a conversation read from its session file, converted for the transcript
// (the CLI replays nothing on stdout when it resumes).
type History struct {
	ID       string
	Title    string
	Model    string // of the conversation's last reply
	Count    int    // messages
	Steps    []resumed.Step
	Warnings []string
	Last     string // the uuid of the last entry: where /rewind can cut back to
	Err      error
}

// LoadHistory reads a session file (blocking: call it from a Cmd). path may be "":
// the file is then <dir>/<id>.jsonl, or the session whose title is id.
func LoadHistory(dir, id, path string) History {
	out := History{ID: id}
	if path == "" {
		if path, out.Err = findSessionFile(dir, id); out.Err != nil {
			return out
		}
	}
	h, err := sessionfiles.Load(path)
	if err != nil {
		out.Err = err
		return out
	}
	return History{ID: h.SessionID, Title: h.Title, Model: h.Model, Count: resumed.MessageCount(h),
		Steps: resumed.Steps(h), Warnings: h.Warnings, Last: lastChainEntry(h.Entries)}
}

// findSessionFile is the file of a session id, or of the session titled id (claude
// resumes by either).
func findSessionFile(dir, id string) (string, error) {
	if dir == "" {
		return "", errors.New("the home folder is not known")
	}
	path := filepath.Join(dir, id+".jsonl")
	if _, err := os.Stat(path); err == nil || !errors.Is(err, fs.ErrNotExist) {
		return path, err
	}
	list, _ := sessionfiles.List(dir)
	for _, s := range list {
		if strings.EqualFold(s.Title, id) {
			return s.Path, nil
		}
	}
	return "", fmt.Errorf("no session %s in %s", id, dir)
}

// lastChainEntry is the uuid of a resumed history's last entry (a compaction marker is
// not one to resume at).
func lastChainEntry(entries []sessionfiles.Entry) string {
	for i := len(entries) - 1; i >= 0; i-- {
		if e := entries[i]; e.UUID != "" && e.Kind != sessionfiles.KindCompact {
			return e.UUID
		}
	}
	return ""
}

// Notices say what was resumed (or forked), and which parts of the file could not be
// read.
func (h History) Notices(forking bool) []Notice {
	verb := "resumed"
	if forking {
		verb = "forked"
	}
	text := fmt.Sprintf("%s %s · %d %s", verb, h.Title, h.Count, render.Plural(h.Count, "message"))
	if forking {
		text += " · the conversation goes on under a new session id"
	}
	out := []Notice{{transcript.NoticeInfo, text}}
	if len(h.Warnings) > 0 {
		out = append(out, Notice{transcript.NoticeWarn, "parts of the session file could not be read:\n  " + strings.Join(h.Warnings, "\n  ")})
	}
	return out
}

// Dir is the folder of a project's session files: override when set, else where the
// CLI keeps the conversations of cwd ("" when either is unknown).
func Dir(override, home, cwd string) string {
	if override != "" {
		return override
	}
	if home == "" || cwd == "" {
		return ""
	}
	return sessionfiles.Dir(home, cwd)
}

// Resuming is the root's part in resuming conversations.
type Resuming struct {
	// Loading is set while the launch session's history is read; the initial prompt
	// waits for it, so that it shows below the history.
	Loading bool
	// forkPick is --resume --fork-session: the conversation picked at launch is forked.
	forkPick bool
	// launchQuery is ResumeOptions.Query until the launch picker has opened.
	launchQuery string
}

// PickAtLaunch notes --resume without a conversation: the picker opens once the
// listing comes.
func (r *Resuming) PickAtLaunch(o ResumeOptions) { r.forkPick, r.launchQuery = o.Fork, o.Query }

// TakeFork reports (once) whether the conversation picked is forked.
func (r *Resuming) TakeFork() bool {
	fork := r.forkPick
	r.forkPick = false
	return fork
}

// Choice is what a listing of the folder's conversations leads to: notices, then one
// conversation to resume, or the picker (filtered by Query when it matches some; OrElse
// says what esc does).
type Choice struct {
	Notices       []Notice
	Resume        *sessionfiles.Summary
	Pick          bool
	Query, OrElse string
}

// Listed decides what a listing leads to.
func (r *Resuming) Listed(l Listing) Choice {
	var c Choice
	if l.Err != nil {
		if len(l.List) == 0 {
			return Choice{Notices: []Notice{{transcript.NoticeError, "could not list the conversations of this folder: " + l.Err.Error()}}}
		}
		c.Notices = append(c.Notices, Notice{transcript.NoticeWarn, "some conversations could not be read: " + l.Err.Error()})
	}
	if q := r.launchQuery; q != "" {
		// --resume named no conversation of this folder: a new one unless one is picked.
		r.launchQuery = ""
		if len(l.List) == 0 {
			c.Notices = append(c.Notices, Notice{transcript.NoticeInfo, fmt.Sprintf("no conversation matches %q in this folder: this is a new one", q)})
			return c
		}
		c.Pick, c.Query, c.OrElse = true, q, "or esc for a new one"
		return c
	}
	if len(l.List) == 0 {
		c.Notices = append(c.Notices, Notice{transcript.NoticeInfo, "no earlier conversations in this folder"})
		return c
	}
	if l.Query != "" {
		if s, ok := sessionfiles.Find(l.List, l.Query); ok {
			c.Resume = &s
			return c
		}
		c.Query, c.OrElse = l.Query, "or esc to stay in this one"
	}
	c.Pick = true
	return c
}
