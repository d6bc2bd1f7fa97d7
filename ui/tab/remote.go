package tab

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/gclaude/gclaude/internal/filehead"
	"github.com/gclaude/gclaude/internal/files"
)

// What a tab on another machine reads of its folder goes over the workspace's one
// connection to that host (Env.Remote), never to this machine's disk.

// RemoteHost is another machine as the workspace uses it (process.SSHHost); each call
// is one command over the host's one ssh connection.
type RemoteHost interface {
	Run(ctx context.Context, dir string, argv ...string) ([]byte, error)
	ReadHead(ctx context.Context, path string, limit int) (filehead.Head, error)
	Kill(ctx context.Context, pid int) error
}

// RemoteTimeout bounds one command on another machine.
const RemoteTimeout = 20 * time.Second

// remoteReader reads the tab's files on its host for dialogs' previews, no more of
// each than the preview can show; nil for a session on this machine.
func (t *Tab) remoteReader() func(string, int) (filehead.Head, error) {
	if t.place.Host == "" {
		return nil
	}
	h, err := t.env.Remote(t.place.Host)
	if err != nil {
		return func(string, int) (filehead.Head, error) { return filehead.Head{}, err }
	}
	return func(p string, limit int) (filehead.Head, error) {
		ctx, cancel := context.WithTimeout(context.Background(), RemoteTimeout)
		defer cancel()
		return h.ReadHead(ctx, p, limit)
	}
}

// remoteListing lists a remote folder's files as @ completion wants them: what git
// tracks and does not ignore, else every file but .git's; no more than $1 of them
// cross the connection.
const remoteListing = `{ git ls-files -co --exclude-standard 2>/dev/null || find . -type f -not -path './.git/*' | sed 's|^\./||'; } | head -n "$1"`

// remoteLister lists the files of a remote tab's folder for @-mentions; nil for a tab
// on this machine.
func (t *Tab) remoteLister(dir string) func(ctx context.Context, limit int) ([]string, error) {
	if t.place.Host == "" {
		return nil
	}
	h, err := t.env.Remote(t.place.Host)
	return func(ctx context.Context, limit int) ([]string, error) {
		if err != nil {
			return nil, err
		}
		ctx, cancel := context.WithTimeout(ctx, RemoteTimeout)
		defer cancel()
		out, err := h.Run(ctx, dir, "sh", "-c", remoteListing, "sh", strconv.Itoa(limit+1))
		if err != nil {
			return nil, err
		}
		paths := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
		if len(paths) == 1 && paths[0] == "" {
			paths = nil
		}
		if len(paths) > limit {
			return paths[:limit], files.ErrTruncated
		}
		return paths, nil
	}
}
