package sessionserver

import (
	"encoding/json"
	"fmt"
	"net"
	"os"
	"strings"
	"time"

	"github.com/gclaude/gclaude/internal/sessionwire"
)

// helloWait bounds a new connection's hello and request: a screen sends both at once.
const helloWait = 10 * time.Second

// serveConn serves one connection: the peer check, Hello, the Request, and for a
// session the screen's frames until it goes.
func (srv *Server) serveConn(nc *net.UnixConn) {
	defer nc.Close()
	if uid, err := sessionwire.PeerUID(nc); err != nil || uid != srv.cfg.uid {
		srv.logf("refused a connection from uid %d (%v): only uid %d may connect", uid, err, srv.cfg.uid)
		return
	}
	conn := sessionwire.NewConn(nc)
	_ = conn.SetDeadline(time.Now().Add(helloWait))
	var h sessionwire.Hello
	if err := conn.ReadJSON(sessionwire.FrameHello, &h); err != nil {
		return // a probe that hung up, or not a gclaude
	}
	srv.mu.Lock()
	n := len(srv.sessions)
	srv.mu.Unlock()
	if err := conn.WriteJSON(sessionwire.FrameHello, sessionwire.Hello{Protocol: sessionwire.Protocol, Build: srv.cfg.Build, PID: os.Getpid(), Sessions: n}); err != nil {
		return
	}
	var req sessionwire.Request
	if err := conn.ReadJSON(sessionwire.FrameRequest, &req); err != nil {
		return
	}
	_ = conn.SetDeadline(time.Time{})
	fail := func(err error) { _ = conn.WriteJSON(sessionwire.FrameReply, sessionwire.Reply{Error: err.Error()}) }
	switch req.Op {
	case sessionwire.OpList:
		_ = conn.WriteJSON(sessionwire.FrameReply, sessionwire.Reply{Sessions: srv.list()})
	case sessionwire.OpStop:
		s, err := srv.find(req.ID)
		if err != nil {
			fail(err)
			return
		}
		s.stop(true)
		s.mu.Lock()
		in := s.info(false)
		s.mu.Unlock()
		_ = conn.WriteJSON(sessionwire.FrameReply, sessionwire.Reply{Session: &in})
	case sessionwire.OpShutdown:
		srv.mu.Lock()
		busy := len(srv.sessions)
		srv.mu.Unlock()
		if busy > 0 {
			fail(errBusy(busy))
			return
		}
		_ = conn.WriteJSON(sessionwire.FrameReply, sessionwire.Reply{})
		srv.shutdown()
	case sessionwire.OpSpawn:
		srv.spawnFor(conn, req.Spawn)
	case sessionwire.OpAttach:
		srv.attachFor(conn, req.ID)
	default:
		fail(errUnknownOp(req.Op))
	}
}

// spawnFor starts a session for a screen and serves it.
func (srv *Server) spawnFor(conn *sessionwire.Conn, sp *sessionwire.Spawn) {
	if sp == nil {
		_ = conn.WriteJSON(sessionwire.FrameReply, sessionwire.Reply{Error: "spawn: no program given"})
		return
	}
	s, b, err := srv.spawnChecked(*sp, conn)
	if err != nil {
		_ = conn.WriteJSON(sessionwire.FrameReply, errorReply(err))
		return
	}
	srv.logf("session %s: started %s (pid %d) in %s", s.id, sp.Path, s.child.PID(), sp.Dir)
	s.mu.Lock()
	reply := sessionwire.Reply{Session: ptr(s.info(false))}
	s.mu.Unlock()
	// The reply goes first; whatever claude already wrote is queued behind it.
	go b.write(func() error { return conn.WriteJSON(sessionwire.FrameReply, reply) }, s.sawExit)
	srv.screen(s, b)
}

// clashError is a spawn refused because its conversation is open in another session.
type clashError struct{ other sessionwire.Info }

func (e *clashError) Error() string {
	return fmt.Sprintf("that conversation is open in session %s (%s) already: attach to it rather than start a second claude on it", e.other.ID, orName(e.other.Name))
}

func errorReply(err error) sessionwire.Reply {
	r := sessionwire.Reply{Error: err.Error()}
	if c, ok := err.(*clashError); ok {
		r.Session = &c.other
	}
	return r
}

// spawnChecked starts a session unless its conversation is open in another one. One
// spawn at a time: two for one conversation cannot both pass the check.
func (srv *Server) spawnChecked(sp sessionwire.Spawn, conn *sessionwire.Conn) (*session, *subscriber, error) {
	srv.spawning.Lock()
	defer srv.spawning.Unlock()
	if other := srv.holding(resumedIn(sp.Args)); other != nil {
		other.mu.Lock()
		in := other.info(false)
		other.mu.Unlock()
		return nil, nil, &clashError{other: in}
	}
	b := newSubscriber(conn)
	s, err := srv.startSession(sp, b)
	if err != nil {
		return nil, nil, err
	}
	srv.add(s)
	return s, b, nil
}

// attachFor joins a screen to a running (or ended, unseen) session.
func (srv *Server) attachFor(conn *sessionwire.Conn, name string) {
	s, err := srv.find(name)
	if err != nil {
		_ = conn.WriteJSON(sessionwire.FrameReply, sessionwire.Reply{Error: err.Error()})
		return
	}
	b := newSubscriber(conn)
	_, first, err := s.attach(b)
	if err != nil {
		_ = conn.WriteJSON(sessionwire.FrameReply, sessionwire.Reply{Error: err.Error()})
		return
	}
	go b.write(first, s.sawExit)
	srv.screen(s, b)
}

// screen reads an attached screen's frames until it detaches or goes.
func (srv *Server) screen(s *session, b *subscriber) {
	defer s.detachScreen(b)
	for {
		typ, p, err := b.conn.Read()
		if err != nil {
			return
		}
		switch typ {
		case sessionwire.FrameStdin:
			s.stdinLine(b, p)
		case sessionwire.FrameEOF:
			s.stdin.closeAfter()
		case sessionwire.FrameSignal:
			var sig sessionwire.Signal
			if json.Unmarshal(p, &sig) == nil {
				s.signal(sig.Number)
			}
		case sessionwire.FrameMeta:
			var m sessionwire.MetaValue
			if json.Unmarshal(p, &m) == nil {
				s.setMeta(b, m)
			}
		case sessionwire.FrameDetach:
			return
		}
	}
}

// resumedIn is the conversation claude's arguments resume ("" for a new one, or a fork:
// that gets an id of its own).
func resumedIn(args []string) string {
	id := ""
	for _, a := range args {
		switch {
		case a == "--fork-session":
			return ""
		case strings.HasPrefix(a, "--resume="):
			id = strings.TrimPrefix(a, "--resume=")
		}
	}
	return id
}

// holding is the running session on conversation id, if any.
func (srv *Server) holding(id string) *session {
	if id == "" {
		return nil
	}
	srv.mu.Lock()
	defer srv.mu.Unlock()
	for _, s := range srv.sessions {
		s.mu.Lock()
		same := s.exit == nil && (s.convo == id || s.resumed == id)
		s.mu.Unlock()
		if same {
			return s
		}
	}
	return nil
}

func orName(name string) string {
	if name == "" {
		return "unnamed"
	}
	return name
}
