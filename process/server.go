package process

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/gclaude/gclaude/internal/sessionwire"
)

// startOnServer has the session server start claude for o: the same program,
// arguments, folder and environment Start would use, but claude is the server's
// child, so it outlives this process. initialize is sent as by Start.
func startOnServer(ctx context.Context, o Options) (*CLI, error) {
	if o.Host != "" {
		return nil, errors.New("process: a session on another host cannot run under the session server yet")
	}
	spec, err := CommandSpec(o)
	if err != nil {
		return nil, err
	}
	conn, reply, err := o.Server.OpenStarting(sessionwire.Request{Op: sessionwire.OpSpawn, Spawn: &sessionwire.Spawn{
		Path: spec.Path, Args: spec.Args, Dir: spec.Dir, Env: spec.Env,
		Meta: o.ServerMeta, NotifyCommand: o.NotifyCommand,
	}})
	if err != nil {
		return nil, fmt.Errorf("process: starting claude under the session server: %w", err)
	}
	s := onServer(o, conn, reply, spec.Path)
	s.sendInitialize() // queued before the writer runs, so it is the first line
	s.run(ctx, s.link.read)
	return s, nil
}

// Attach joins a session the server runs (its id, an id prefix or its name): Events
// first delivers Attached, then every line recorded since claude started, marked
// Replayed, then Live, then what happens from now on. initialize is not sent again:
// the first screen's answer is replayed as Ready. Only o's Server, timeouts, Trace and
// StderrLines matter. ctx ending detaches, as Detach.
func Attach(ctx context.Context, o Options, id string) (*CLI, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	o = o.withDefaults()
	if o.Server == nil {
		return nil, ErrNotOnServer
	}
	conn, reply, err := o.Server.Open(sessionwire.Request{Op: sessionwire.OpAttach, ID: id})
	if err != nil {
		return nil, fmt.Errorf("process: attaching to session %q: %w", id, err)
	}
	s := onServer(o, conn, reply, reply.Session.Program)
	for _, l := range reply.Stderr {
		s.stderr.add(l)
	}
	replay := sessionwire.Replay{}
	if reply.Replay != nil {
		replay = *reply.Replay
	}
	s.events.push(Attached{Session: *reply.Session, Replay: replay})
	s.run(ctx, s.link.read)
	return s, nil
}

// onServer is a CLI for the session the reply describes, reached over conn.
func onServer(o Options, conn *sessionwire.Conn, reply sessionwire.Reply, bin string) *CLI {
	link := newServerLink(conn, reply.Session)
	s := newCLI(o, link, bin, link.stdin())
	s.link = link
	link.s = s
	s.outputs = []io.Closer{conn}
	return s
}

// ServerID is the session's id on the session server ("" for a claude of its own).
func (s *CLI) ServerID() string {
	if s.link == nil {
		return ""
	}
	return s.link.id
}

// SetMeta sets one opaque value the server keeps with the session (sessionwire.MetaName,
// the screen's draft, its place in the workspace); Attached gives them back.
func (s *CLI) SetMeta(key, value string) error {
	if s.link == nil {
		return ErrNotOnServer
	}
	return s.link.conn.WriteJSON(sessionwire.FrameMeta, sessionwire.MetaValue{Key: key, Value: value})
}

// Detach leaves claude running under the session server and ends this CLI: Exited
// (Detached) is the last event. Requests waiting for an answer from claude fail with
// ErrDetached; claude's requests stay waiting for the next screen. Like Close, it
// returns once the CLI is done, and is idempotent; after one, the other does nothing.
func (s *CLI) Detach() error {
	if s.link == nil {
		return ErrNotOnServer
	}
	s.closeOnce.Do(func() {
		close(s.closing)
		s.link.detach()
		<-s.finished
		s.events.stop()
	})
	return nil
}
