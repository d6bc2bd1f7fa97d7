package ui

import (
	"context"
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/gclaude/gclaude/internal/trust"
	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/ui/tab"
)

// Sessions on other machines: the tab's claude runs over ssh (process.Options.Host),
// and what gclaude reads of such a session's files it reads over the same connection,
// never from this machine's disk.

// RemoteHost is another machine as the workspace uses it (process.SSHHost).
type RemoteHost = tab.RemoteHost

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
	ctx, cancel := context.WithTimeout(context.Background(), tab.RemoteTimeout)
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
