package ui

import (
	"context"
	"errors"
	"fmt"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/gclaude/gclaude/internal/filehead"
	"github.com/gclaude/gclaude/internal/files"
	"github.com/gclaude/gclaude/internal/trust"
	"github.com/gclaude/gclaude/process"
)

// Sessions on other machines: the tab's claude runs over ssh (process.Options.Host),
// and what gclaude reads of such a session's files it reads over the same connection,
// never from this machine's disk.

// RemoteHost is another machine as the workspace uses it (process.SSHHost); each call
// is one command over the host's one ssh connection.
type RemoteHost interface {
	Run(ctx context.Context, dir string, argv ...string) ([]byte, error)
	ReadHead(ctx context.Context, path string, limit int) (filehead.Head, error)
	Kill(ctx context.Context, pid int) error
}

// remoteTimeout bounds one command on another machine.
const remoteTimeout = 20 * time.Second

// remoteHost is the RemoteHost for spec; the same one for every tab of that host.
func (m *Model) remoteHost(spec string) (RemoteHost, error) {
	if h, ok := m.remotes[spec]; ok {
		return h, nil
	}
	if m.opts.RemoteHost == nil {
		return nil, errors.New("sessions on other machines are not available here")
	}
	h, err := m.opts.RemoteHost(spec)
	if err != nil {
		return nil, err
	}
	if m.remotes == nil {
		m.remotes = map[string]RemoteHost{}
	}
	m.remotes[spec] = h
	return h, nil
}

// prepareRemoteOpen finds dir on host (relative to the login folder; ~ is the remote
// home) and checks it is a folder there (blocking: in a Cmd).
func prepareRemoteOpen(h RemoteHost, spec, dir string, fsys trust.FS) openPrepared {
	ctx, cancel := context.WithTimeout(context.Background(), remoteTimeout)
	defer cancel()
	if dir == "" || dir == "~" || strings.HasPrefix(dir, "~/") || !path.IsAbs(dir) {
		home, err := h.Run(ctx, "", "pwd")
		if err != nil {
			return openPrepared{err: fmt.Errorf("on %s: %w", spec, err)}
		}
		rest := strings.TrimPrefix(strings.TrimPrefix(dir, "~"), "/")
		dir = path.Join(strings.TrimSpace(string(home)), rest)
	}
	if _, err := h.Run(ctx, dir, "pwd"); err != nil {
		var se *process.SSHError
		if errors.As(err, &se) && se.Kind != process.SSHNoFolder {
			return openPrepared{err: err}
		}
		return openPrepared{err: fmt.Errorf("%s does not exist on %s (or is not a folder)", dir, spec)}
	}
	opened := func() openPrepared { return openPrepared{dir: dir, host: spec} }
	if fsys != nil {
		if out, ask := trustFirst(fsys, dir, false, opened); ask {
			return out
		}
	}
	return opened()
}

// remoteReader reads the tab's files on its host for dialogs' previews, no more of
// each than the preview can show; nil for a session on this machine.
func (m *Model) remoteReader() func(string, int) (filehead.Head, error) {
	if m.place.host == "" {
		return nil
	}
	h, err := m.remoteHost(m.place.host)
	if err != nil {
		return func(string, int) (filehead.Head, error) { return filehead.Head{}, err }
	}
	return func(p string, limit int) (filehead.Head, error) {
		ctx, cancel := context.WithTimeout(context.Background(), remoteTimeout)
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
func (m *Model) remoteLister(dir string) func(ctx context.Context, limit int) ([]string, error) {
	if m.place.host == "" {
		return nil
	}
	h, err := m.remoteHost(m.place.host)
	return func(ctx context.Context, limit int) ([]string, error) {
		if err != nil {
			return nil, err
		}
		ctx, cancel := context.WithTimeout(ctx, remoteTimeout)
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
