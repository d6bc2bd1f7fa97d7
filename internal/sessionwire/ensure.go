package sessionwire

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// startWait bounds a new server's start: from running the command to its socket
// listening.
const startWait = 20 * time.Second

// errRetry: the state changed under us (another screen started a server); look again.
var errRetry = errors.New("retry")

// Ensure makes sure a server this gclaude can use runs, starting one when none does.
// A server of another build that runs no session is asked to exit and replaced; one
// that runs sessions is used when it speaks this protocol and refused otherwise
// (*VersionError). lost lists the sessions of a server that ended without stopping
// them (it was killed): their claude ended with it and they live on only in claude's
// session files.
func (c *Client) Ensure() (lost []Info, err error) {
	for range 4 {
		conn, h, err := c.Dial()
		if err == nil {
			_ = conn.Close()
			switch {
			case h.Protocol == Protocol && (h.Build == c.Build || h.Sessions > 0):
				return lost, nil
			case h.Sessions > 0:
				return lost, &VersionError{Server: h, Protocol: Protocol}
			}
			if err := c.replace(); err != nil {
				return lost, err
			}
			continue
		}
		if !errors.Is(err, ErrNoServer) {
			return lost, err
		}
		l, err := c.startLocked()
		lost = append(lost, l...)
		if errors.Is(err, errRetry) {
			continue
		}
		return lost, err
	}
	return lost, fmt.Errorf("session server: could not reach or start one at %s", c.Paths.Socket)
}

// replace asks an idle server of another build to exit and waits until it has.
func (c *Client) replace() error {
	conn, _, err := c.Dial()
	if err != nil {
		return nil // gone already
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(dialTimeout))
	var r Reply
	if err := conn.WriteJSON(FrameRequest, Request{Op: OpShutdown}); err == nil {
		_ = conn.ReadJSON(FrameReply, &r)
	}
	if r.Error != "" {
		return fmt.Errorf("session server: replacing the one of another gclaude: %s", r.Error)
	}
	deadline := time.Now().Add(startWait)
	for time.Now().Before(deadline) {
		if _, err := os.Stat(c.Paths.Socket); errors.Is(err, os.ErrNotExist) {
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return fmt.Errorf("session server: the one of another gclaude did not exit")
}

// startLocked starts a server unless, once the lock is held, one turns out to run.
func (c *Client) startLocked() ([]Info, error) {
	unlock, err := Lock(c.Paths.Lock)
	if err != nil {
		return nil, err
	}
	defer unlock()
	conn, _, err := c.Dial()
	if err == nil {
		_ = conn.Close()
		return nil, errRetry
	}
	if !errors.Is(err, ErrNoServer) {
		return nil, err
	}
	var lost []Info
	if reg, ok := ReadRegistry(c.Paths.Registry); ok {
		if isServer(reg.PID) {
			return nil, c.wake(reg.PID)
		}
		lost = reg.Sessions
		_ = os.Remove(c.Paths.Registry)
	}
	if c.Start == nil {
		return lost, fmt.Errorf("%w (%s)", ErrNoServer, c.Paths.Socket)
	}
	_ = os.Remove(c.Paths.Socket) // a stale socket of a dead server
	return lost, c.spawn(c.Start())
}

// wake handles a live server whose socket is gone (deleted by hand or by a cleaner of
// the runtime folder): SIGUSR1 makes it listen again at once.
func (c *Client) wake(pid int) error {
	_ = syscall.Kill(pid, syscall.SIGUSR1)
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if conn, _, err := c.Dial(); err == nil {
			_ = conn.Close()
			return errRetry
		}
		time.Sleep(20 * time.Millisecond)
	}
	return fmt.Errorf("session server: pid %d runs but its socket %s is gone and it did not make it again", pid, c.Paths.Socket)
}

// isServer says whether pid is a live gclaude session server (Linux: its command line
// names the subcommand; elsewhere a live pid cannot be told from a reused one, and
// is taken to be no server).
func isServer(pid int) bool {
	if pid <= 0 {
		return false
	}
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	return err == nil && bytes.Contains(b, []byte(ServeArg))
}

// ServeArg is the hidden subcommand that runs the server; DetachFlag makes it start
// the real server in a session of its own and exit (the double fork: no screen is its
// parent, so none has to reap it).
const (
	ServeArg   = "session-server"
	DetachFlag = "--detach"
)

// ReadyFD is the descriptor on which a starting server reports: "ok" once it
// listens, or why it could not.
const ReadyFD = 3

// spawn runs the start command (which detaches the real server and exits) and waits
// for the server's report.
func (c *Client) spawn(sc ServerCommand) error {
	r, w, err := os.Pipe()
	if err != nil {
		return fmt.Errorf("session server: %w", err)
	}
	defer r.Close()
	cmd := exec.Command(sc.Path)
	cmd.Args, cmd.Env, cmd.Dir = sc.Args, sc.Env, "/"
	cmd.ExtraFiles = []*os.File{w}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Start()
	_ = w.Close()
	if err != nil {
		return fmt.Errorf("session server: starting %s: %w", sc.Path, err)
	}
	if err := cmd.Wait(); err != nil {
		return fmt.Errorf("session server: %s: %v %s", sc.Path, err, strings.TrimSpace(stderr.String()))
	}
	return readReady(r)
}

// readReady reads the server's report, bounded by startWait.
func readReady(r *os.File) error {
	_ = r.SetReadDeadline(time.Now().Add(startWait))
	b, err := io.ReadAll(io.LimitReader(r, 4096))
	msg := strings.TrimSpace(string(b))
	switch {
	case msg == "ok":
		return nil
	case msg != "":
		return fmt.Errorf("session server: %s", msg)
	case err != nil:
		return fmt.Errorf("session server: no word from the server it started: %w", err)
	}
	return errors.New("session server: the server it started ended without listening")
}
