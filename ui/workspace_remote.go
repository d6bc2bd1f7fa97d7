package ui

import (
	"context"
	"errors"
	"fmt"
	"path"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/files"
	"github.com/gclaude/gclaude/internal/trust"
	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/ui/session"
)

// Sessions on other machines: the tab's claude runs over ssh (process.Options.Host),
// and what gclaude reads of such a session's files it reads over the same connection,
// never from this machine's disk.

// RemoteHost is another machine as the workspace uses it (process.SSHHost); each call
// is one command over the host's one ssh connection.
type RemoteHost interface {
	Run(ctx context.Context, dir string, argv ...string) ([]byte, error)
	ReadFile(ctx context.Context, path string) ([]byte, error)
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

// remoteReader reads the tab's files on its host, for dialogs' previews; nil for a
// session on this machine.
func (m *Model) remoteReader() func(string) ([]byte, error) {
	if m.place.host == "" {
		return nil
	}
	h, err := m.remoteHost(m.place.host)
	if err != nil {
		return func(string) ([]byte, error) { return nil, err }
	}
	return func(p string) ([]byte, error) {
		ctx, cancel := context.WithTimeout(context.Background(), remoteTimeout)
		defer cancel()
		return h.ReadFile(ctx, p)
	}
}

// Reconnecting: a session whose ssh connection dropped shows "disconnected"; gclaude
// stops the claude left running on the host and starts it again on the conversation
// (--resume), waiting longer after each failure. A decision that was waiting is shown
// as lost (its dialog closes with a notice), never answered; the draft stays.

// reconnectDelays are the waits before each try; the last repeats.
var reconnectDelays = []time.Duration{time.Second, 2 * time.Second, 5 * time.Second, 10 * time.Second, 30 * time.Second}

// reconnectDue asks for the next try of the tab whose claude is of generation gen.
type reconnectDue struct{ gen int }

// disconnected takes in a lost connection: the tab shows it and a reconnect is
// scheduled.
func (m *Model) disconnected(ev process.Exited, details []string) tea.Cmd {
	m.ended = "disconnected · reconnecting"
	delay := reconnectDelays[min(m.reconnects, len(reconnectDelays)-1)]
	m.reconnects++
	m.notice(noticeWarning, session.ExitText(fmt.Sprintf("disconnected: the connection to %s was lost · reconnecting in %s (try %d)", m.place.host, delay, m.reconnects), details))
	gen, pid := m.link.Gen(), ev.RemotePID
	h, herr := m.remoteHost(m.place.host)
	stopLeft := func() tea.Msg {
		// A dropped connection does not stop the claude on the host; it must be gone
		// before another resumes the same conversation.
		if herr == nil && pid > 0 {
			ctx, cancel := context.WithTimeout(context.Background(), remoteTimeout)
			defer cancel()
			_ = h.Kill(ctx, pid)
		}
		return nil
	}
	return tea.Batch(stopLeft, m.after(delay, func(time.Time) tea.Msg { return reconnectDue{gen: gen} }))
}

func (msg reconnectDue) handle(m *Model) tea.Cmd {
	if m.link.Gen() != msg.gen || m.sess.Phase != session.PhaseExited {
		return nil // the user restarted it, or closed it, meanwhile
	}
	m.ended = "reconnecting"
	return m.restart()
}

// remoteListing lists a remote folder's files as @ completion wants them: what git
// tracks and does not ignore, else every file but .git's.
const remoteListing = `git ls-files -co --exclude-standard 2>/dev/null || find . -type f -not -path './.git/*' | sed 's|^\./||'`

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
		out, err := h.Run(ctx, dir, "sh", "-c", remoteListing)
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
