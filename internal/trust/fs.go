package trust

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/gclaude/gclaude/internal/safewrite"
)

// FS is the machine whose folder is checked: this one (Local) or another one reached
// over ssh (Remote). Paths are absolute and slash-separated on that machine.
type FS interface {
	// Env is the environment claude runs with there.
	Env(ctx context.Context) (Env, error)
	// Resolve is dir as claude sees it once it runs there: absolute, symbolic links
	// resolved (its working folder is what getcwd says).
	Resolve(ctx context.Context, dir string) (string, error)
	// Probe looks at each path (symbolic links followed) and reads the regular files
	// no larger than maxRead.
	Probe(ctx context.Context, paths []string, maxRead int64) ([]Entry, error)
	// Lock takes the lock Claude Code takes before it writes path (a folder path.lock,
	// see lock.go) and returns what gives it back.
	Lock(ctx context.Context, path string) (unlock func(), err error)
	// Replace writes data to path atomically (a temporary file beside it, renamed over
	// it), with perm. A symbolic link at path is refused unless follow is set, when its
	// target is written instead.
	Replace(ctx context.Context, path string, data []byte, perm fs.FileMode, follow bool) error
	// Where names the machine in messages: "" for this one.
	Where() string
}

// Env is what of claude's environment decides where its record is and how it is read.
type Env struct {
	Home            string // HOME
	ConfigDir       string // CLAUDE_CONFIG_DIR
	CustomOAuthURL  string // CLAUDE_CODE_CUSTOM_OAUTH_URL: the record's name gets -custom-oauth
	Sandboxed       string // CLAUDE_CODE_SANDBOXED: every folder counts as trusted
	IgnorePersisted string // CLAUDE_CODE_IGNORE_PERSISTED_TRUST: the record counts for nothing
}

// envNames are the variables Env holds, in its order.
var envNames = []string{"HOME", "CLAUDE_CONFIG_DIR", "CLAUDE_CODE_CUSTOM_OAUTH_URL", "CLAUDE_CODE_SANDBOXED", "CLAUDE_CODE_IGNORE_PERSISTED_TRUST"}

func envFrom(get func(string) string) Env {
	return Env{Home: get("HOME"), ConfigDir: get("CLAUDE_CONFIG_DIR"), CustomOAuthURL: get("CLAUDE_CODE_CUSTOM_OAUTH_URL"),
		Sandboxed: get("CLAUDE_CODE_SANDBOXED"), IgnorePersisted: get("CLAUDE_CODE_IGNORE_PERSISTED_TRUST")}
}

// Kind is what a path leads to.
type Kind uint8

const (
	Absent Kind = iota
	Dir
	File
	Other // a device, socket, pipe, or a symbolic link that leads nowhere
)

// Entry is what Probe found at a path.
type Entry struct {
	Path string
	Kind Kind
	Link bool // the path itself is a symbolic link
	Size int64
	Mode fs.FileMode // permission bits
	// Data is a regular file's content when it was read (not larger than asked).
	Data []byte
	// Err is why the path could not be looked at or read (it may still be there).
	Err error
}

// Read reports whether e's content was read.
func (e Entry) Read() bool { return e.Kind == File && e.Err == nil && e.Data != nil }

// Local is this machine, for claude run with the environment Getenv reads (nil:
// gclaude's own).
type Local struct {
	Getenv func(string) string
}

// Env reads HOME and the CLI's variables; an unset HOME is the user's home folder.
func (l Local) Env(context.Context) (Env, error) {
	get := l.Getenv
	if get == nil {
		get = os.Getenv
	}
	e := envFrom(get)
	if e.Home == "" {
		h, err := os.UserHomeDir()
		if err != nil {
			return e, err
		}
		e.Home = h
	}
	return e, nil
}

// Resolve makes dir absolute and resolves its symbolic links.
func (Local) Resolve(_ context.Context, dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	return filepath.EvalSymlinks(abs)
}

// Probe stats each path and reads the small regular files.
func (Local) Probe(ctx context.Context, paths []string, maxRead int64) ([]Entry, error) {
	out := make([]Entry, len(paths))
	for i, p := range paths {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		out[i] = probeLocal(p, maxRead)
	}
	return out, nil
}

func probeLocal(p string, maxRead int64) Entry {
	e := Entry{Path: p}
	if lst, err := os.Lstat(p); err == nil {
		e.Link = lst.Mode()&fs.ModeSymlink != 0
	}
	st, err := os.Stat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if e.Link {
			e.Kind = Other // a link to nothing
		}
		return e
	case err != nil:
		e.Kind, e.Err = Other, err
		return e
	}
	e.Size, e.Mode = st.Size(), st.Mode().Perm()
	switch {
	case st.IsDir():
		e.Kind = Dir
	case st.Mode().IsRegular():
		e.Kind = File
	default:
		e.Kind = Other
		return e
	}
	if e.Kind == File && st.Size() <= maxRead {
		e.Data, e.Err = readAtMost(p, maxRead)
	}
	return e
}

// readAtMost reads a file that was small when it was looked at; one that grew past
// limit meanwhile is an error, never read whole.
func readAtMost(p string, limit int64) ([]byte, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, errTooLarge
	}
	if b == nil {
		b = []byte{}
	}
	return b, nil
}

var errTooLarge = errors.New("too large to read")

// Lock takes Claude Code's lock folder for path (lock.go).
func (Local) Lock(ctx context.Context, path string) (func(), error) {
	return lockLocal(ctx, path, time.Now)
}

// Replace writes data atomically; with follow, a symbolic link at path is resolved and
// its target written (Claude Code writes ~/.claude.json through a link, as users keep
// their dot files in a repository).
func (Local) Replace(_ context.Context, path string, data []byte, perm fs.FileMode, follow bool) error {
	if follow {
		if target, err := filepath.EvalSymlinks(path); err == nil {
			path = target
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return safewrite.Replace(path, data, perm)
}

// Where is "" for this machine.
func (Local) Where() string { return "" }
