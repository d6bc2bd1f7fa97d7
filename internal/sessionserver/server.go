// Package sessionserver is gclaude's session server (issue 29): one small process per
// user that owns the claude processes of every screen, so that closing a terminal,
// losing an ssh connection or killing gclaude leaves the sessions running.
//
// It has no UI logic. For each session it starts claude with what the screen
// computed, keeps every stdout and stdin line on disk (bounded, see record), knows
// which of claude's requests still wait for an answer, forwards the screens' stdin
// lines (one JSON object each; an answer only to a request still waiting), sends every
// screen attached what claude writes, and keeps the screens' opaque metadata (their
// drafts). A screen that attaches gets everything again, marked as replay
// (sessionwire.FrameReplayStdout), and rebuilds the session the way `gclaude replay`
// does. While no screen is attached, a decision waiting runs the user's notify
// command once. The server listens only on a Unix socket in a 0700 folder and checks
// each peer's uid; it exits when it has held no session and no screen for IdleGrace.
package sessionserver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"sync"
	"syscall"
	"time"

	"github.com/gclaude/gclaude/internal/sessionwire"
)

// Config configures a Server.
type Config struct {
	Paths sessionwire.Paths
	Build string // this gclaude's version string, in Hello
	// RecordBound is a session's record size on disk (default 64 MiB).
	RecordBound int64
	// IdleGrace: with no session and no screen for this long, the server exits
	// (default 5 s).
	IdleGrace time.Duration
	// Retention: a session whose claude ended while no screen was attached is kept
	// this long for one to see how (default 24 h).
	Retention time.Duration
	Log       *log.Logger // nil: the standard logger

	createRecord func(path string) (io.WriteCloser, error) // tests: a disk that fills up
	onNotify     func(text string)                         // tests: the notify command is run
	uid          int                                       // the uid peers must have
}

// Server is a running session server.
type Server struct {
	cfg Config

	mu       sync.Mutex
	ln       *net.UnixListener
	lnIno    uint64
	sessions map[string]*session
	conns    int
	idleFrom time.Time
	exiting  bool
	// relistenErr is the last failure to listen again, so it is logged once.
	relistenErr string
	quit        chan struct{} // closed to make Serve return (shutdown request)
	quitOnce    sync.Once
	handlers    sync.WaitGroup
	spawning    sync.Mutex // one spawn at a time (spawnChecked)
}

// Listen makes the records folder (dropping records a dead server left), listens on
// the socket and writes the registry. The caller holds the start lock or knows no
// server runs.
func Listen(cfg Config) (*Server, error) {
	if cfg.RecordBound <= 0 {
		cfg.RecordBound = defaultBound
	}
	if cfg.IdleGrace <= 0 {
		cfg.IdleGrace = 5 * time.Second
	}
	if cfg.Retention <= 0 {
		cfg.Retention = 24 * time.Hour
	}
	if cfg.Log == nil {
		cfg.Log = log.Default()
	}
	if cfg.uid == 0 {
		cfg.uid = os.Getuid()
	}
	_ = os.RemoveAll(cfg.Paths.Records) // only a server that died leaves records
	if err := os.Mkdir(cfg.Paths.Records, 0o700); err != nil {
		return nil, fmt.Errorf("session server: %w", err)
	}
	srv := &Server{cfg: cfg, sessions: map[string]*session{}, idleFrom: time.Now(), quit: make(chan struct{})}
	if err := srv.listen(); err != nil {
		return nil, err
	}
	srv.saveRegistry() // before the screen that started it is told it listens
	return srv, nil
}

// listen (re)binds the socket: at start, and when its file was deleted.
func (srv *Server) listen() error {
	_ = os.Remove(srv.cfg.Paths.Socket)
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: srv.cfg.Paths.Socket, Net: "unix"})
	if err != nil {
		return fmt.Errorf("session server: listening on %s: %w", srv.cfg.Paths.Socket, err)
	}
	ln.SetUnlinkOnClose(false) // a replaced socket is not ours to delete
	_ = os.Chmod(srv.cfg.Paths.Socket, 0o600)
	ino, _ := inode(srv.cfg.Paths.Socket)
	srv.mu.Lock()
	old := srv.ln
	srv.ln, srv.lnIno = ln, ino
	srv.mu.Unlock()
	if old != nil {
		_ = old.Close()
	}
	go srv.accept(ln)
	return nil
}

func inode(path string) (uint64, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return 0, err
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Ino), nil
	}
	return 0, nil
}

func (srv *Server) accept(ln *net.UnixListener) {
	for {
		c, err := ln.AcceptUnix()
		if err != nil {
			return // closed: exiting, or replaced by a new listener
		}
		srv.mu.Lock()
		if srv.exiting {
			srv.mu.Unlock()
			_ = c.Close()
			continue
		}
		srv.conns++
		srv.handlers.Add(1)
		srv.mu.Unlock()
		go func() {
			defer srv.handlers.Done()
			srv.serveConn(c)
			srv.mu.Lock()
			srv.conns--
			if srv.conns == 0 {
				srv.idleFrom = time.Now()
			}
			srv.mu.Unlock()
		}()
	}
}

// housekeeping is how often the server checks its socket, its idleness and its
// exited sessions.
const housekeeping = time.Second

// Serve runs until the server has been idle for IdleGrace, a shutdown request, or
// ctx ends (then every claude is stopped first). It removes the socket and the
// registry on the way out.
func (srv *Server) Serve(ctx context.Context) error {
	wake := make(chan os.Signal, 1)
	notifySIGUSR1(wake)
	defer stopSignals(wake)
	tick := time.NewTicker(housekeeping)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			srv.stopAll()
			return srv.exit()
		case <-srv.quit:
			return srv.exit()
		case <-wake:
			srv.checkSocket(true)
		case <-tick.C:
			srv.checkSocket(false)
			srv.expire()
			if srv.idle() {
				if done, err := srv.exitIfIdle(); done {
					return err
				}
			}
		}
	}
}

// checkSocket listens again when the socket file is gone or is not ours any more.
func (srv *Server) checkSocket(now bool) {
	ino, err := inode(srv.cfg.Paths.Socket)
	srv.mu.Lock()
	ours := err == nil && ino == srv.lnIno
	srv.mu.Unlock()
	if ours {
		return
	}
	err = srv.listen()
	srv.mu.Lock()
	said := srv.relistenErr
	srv.relistenErr = fmt.Sprint(err)
	srv.mu.Unlock()
	switch {
	case err == nil:
		srv.logf("the socket %s was deleted or replaced: listening again", srv.cfg.Paths.Socket)
	case fmt.Sprint(err) != said: // said once, not every second
		srv.logf("the socket %s is gone and cannot be made again: %v", srv.cfg.Paths.Socket, err)
	}
}

func (srv *Server) idle() bool {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	return len(srv.sessions) == 0 && srv.conns == 0 && time.Since(srv.idleFrom) >= srv.cfg.IdleGrace
}

// exitIfIdle exits under the start lock, so a screen that finds no socket starts the
// next server only once this one is gone.
func (srv *Server) exitIfIdle() (bool, error) {
	unlock, err := sessionwire.Lock(srv.cfg.Paths.Lock)
	switch {
	case errors.Is(err, os.ErrNotExist):
		// The socket's folder is gone: no screen can find this server, nor start
		// another one there meanwhile.
	case err != nil:
		return false, nil // try again at the next tick
	default:
		defer unlock()
	}
	if !srv.idle() {
		return false, nil
	}
	return true, srv.exit()
}

// exit stops listening and removes the socket and the registry.
func (srv *Server) exit() error {
	registryMu.Lock()
	defer registryMu.Unlock()
	srv.mu.Lock()
	srv.exiting = true
	ln, ino := srv.ln, srv.lnIno
	srv.mu.Unlock()
	_ = ln.Close()
	if now, err := inode(srv.cfg.Paths.Socket); err == nil && now == ino {
		_ = os.Remove(srv.cfg.Paths.Socket)
	}
	_ = os.Remove(srv.cfg.Paths.Registry)
	srv.logf("session server exits")
	return nil
}

// shutdown makes Serve return: a screen replacing this server, which runs nothing.
func (srv *Server) shutdown() { srv.quitOnce.Do(func() { close(srv.quit) }) }

// stopAll stops every claude and waits (bounded) for them to end.
func (srv *Server) stopAll() {
	srv.mu.Lock()
	all := make([]*session, 0, len(srv.sessions))
	for _, s := range srv.sessions {
		all = append(all, s)
	}
	srv.mu.Unlock()
	for _, s := range all {
		s.stop(true)
	}
	for _, s := range all {
		s.waitExited(stopStdinWait + stopTermWait + time.Second)
	}
}

// expire forgets sessions that ended long ago with nobody attached to see it.
func (srv *Server) expire() {
	srv.mu.Lock()
	var old []*session
	for _, s := range srv.sessions {
		s.mu.Lock()
		if s.exit != nil && len(s.subs) == 0 && time.Since(s.exit.At) > srv.cfg.Retention {
			old = append(old, s)
		}
		s.mu.Unlock()
	}
	srv.mu.Unlock()
	for _, s := range old {
		srv.forget(s)
	}
}

func (srv *Server) logf(format string, args ...any) { srv.cfg.Log.Printf(format, args...) }

func (srv *Server) notified(text string) {
	if srv.cfg.onNotify != nil {
		srv.cfg.onNotify(text)
	}
}
