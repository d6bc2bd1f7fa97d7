package sessionwire

import (
	"errors"
	"fmt"
	"net"
	"os"
	"time"
)

// Client reaches one user's session server.
type Client struct {
	Paths Paths
	Build string // this gclaude's version string, sent in Hello
	// Start, when set, is the command that runs a server (`gclaude session-server`);
	// Ensure runs it detached. Without it Ensure never starts one.
	Start func() ServerCommand
}

// ServerCommand is the program and arguments that run a session server.
type ServerCommand struct {
	Path string
	Args []string // argv, Args[0] included
	Env  []string // nil: this process's
}

// ErrNoServer: no session server runs (Dial found no socket, or nothing listens on it).
var ErrNoServer = errors.New("no session server runs")

// VersionError is a server of another protocol that runs sessions: it cannot be
// replaced without stopping them.
type VersionError struct {
	Server   Hello
	Protocol int // ours
}

func (e *VersionError) Error() string {
	return fmt.Sprintf("a session server of another gclaude (%s, protocol %d; this one speaks %d) runs %d session(s): stop them (gclaude ls, gclaude stop NAME) or use that gclaude",
		e.Server.Build, e.Server.Protocol, e.Protocol, e.Server.Sessions)
}

// ForeignSocketError: whoever listens on the socket is another user.
type ForeignSocketError struct {
	Socket string
	UID    int
}

func (e *ForeignSocketError) Error() string {
	return fmt.Sprintf("the session socket %s belongs to another user (uid %d); gclaude will not talk to it: remove it", e.Socket, e.UID)
}

// OpenElsewhereError: the conversation a spawn would resume is open in a session the
// server runs already (two claude processes must never write one conversation).
// Attach to Session instead.
type OpenElsewhereError struct {
	Session Info
	msg     string
}

func (e *OpenElsewhereError) Error() string { return e.msg }

// dialTimeout bounds connecting and the hello exchange: a server is local and quick.
const dialTimeout = 5 * time.Second

// Dial connects to the running server and exchanges Hello; it starts nothing. A
// missing socket or one nothing listens on is ErrNoServer.
func (c *Client) Dial() (*Conn, Hello, error) {
	nc, err := net.DialTimeout("unix", c.Paths.Socket, dialTimeout)
	if err != nil {
		if isNoServer(err) {
			return nil, Hello{}, fmt.Errorf("%w (%s)", ErrNoServer, c.Paths.Socket)
		}
		return nil, Hello{}, fmt.Errorf("session server: %w", err)
	}
	if uid, err := PeerUID(nc); err != nil || uid != os.Getuid() {
		_ = nc.Close()
		if err != nil {
			return nil, Hello{}, fmt.Errorf("session server: checking who listens on %s: %w", c.Paths.Socket, err)
		}
		return nil, Hello{}, &ForeignSocketError{Socket: c.Paths.Socket, UID: uid}
	}
	conn := NewConn(nc)
	_ = conn.SetDeadline(time.Now().Add(dialTimeout))
	var h Hello
	err = conn.WriteJSON(FrameHello, Hello{Protocol: Protocol, Build: c.Build, PID: os.Getpid()})
	if err == nil {
		err = conn.ReadJSON(FrameHello, &h)
	}
	_ = conn.SetDeadline(time.Time{})
	if err != nil {
		_ = conn.Close()
		return nil, Hello{}, fmt.Errorf("session server: no hello on %s: %w", c.Paths.Socket, err)
	}
	return conn, h, nil
}

// Open connects to a server of this protocol and sends req; it returns the connection
// and the reply. A reply with an error closes the connection and returns it.
func (c *Client) Open(req Request) (*Conn, Reply, error) {
	conn, h, err := c.Dial()
	if err != nil {
		return nil, Reply{}, err
	}
	if h.Protocol != Protocol {
		_ = conn.Close()
		return nil, Reply{}, &VersionError{Server: h, Protocol: Protocol}
	}
	var r Reply
	err = conn.WriteJSON(FrameRequest, req)
	if err == nil {
		err = conn.ReadJSON(FrameReply, &r)
	}
	if err == nil && r.Error != "" {
		err = errors.New(r.Error)
		if r.Session != nil {
			err = &OpenElsewhereError{Session: *r.Session, msg: r.Error}
		}
	}
	if err != nil {
		_ = conn.Close()
		return nil, r, err
	}
	return conn, r, nil
}

// OpenStarting is Open, but a server that has gone meanwhile (it exits when idle) is
// started again first, when the client may start one.
func (c *Client) OpenStarting(req Request) (*Conn, Reply, error) {
	conn, r, err := c.Open(req)
	if errors.Is(err, ErrNoServer) && c.Start != nil {
		if _, err := c.Ensure(); err != nil {
			return nil, Reply{}, err
		}
		return c.Open(req)
	}
	return conn, r, err
}

// Call sends one request and returns its reply (list, stop, shutdown).
func (c *Client) Call(req Request) (Reply, error) {
	conn, r, err := c.Open(req)
	if err != nil {
		return r, err
	}
	_ = conn.Close()
	return r, nil
}

func isNoServer(err error) bool {
	return errors.Is(err, os.ErrNotExist) || errors.Is(err, errConnRefused)
}
