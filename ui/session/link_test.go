package session

import (
	"context"
	"errors"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
)

// closeRecorder is a Backend that counts Close and answers Request with err.
type closeRecorder struct {
	Backend
	closed int
	err    error
}

func (r *closeRecorder) Close() error { r.closed++; return nil }
func (r *closeRecorder) Request(context.Context, protocol.ClientRequest) (protocol.ControlResponseBody, error) {
	return protocol.ControlResponseBody{}, r.err
}

// Each start is a new generation: a session that reports after a newer start is
// stale and closed, never adopted; Detach makes everything before it stale.
func TestLinkGenerations(t *testing.T) {
	first, second := &closeRecorder{}, &closeRecorder{}
	start := func(context.Context, StartRequest) (Backend, error) { return nil, nil }
	l := NewLink(nil, start)
	if l.Running() || l.Wait() != nil {
		t.Fatal("a link without a session waits for events")
	}
	l.Start(StartRequest{})
	oldGen := l.Gen()
	l.Start(StartRequest{})
	if current, cleanup := l.Adopt(CLIStarted{Gen: oldGen, Backend: first}); current || cleanup == nil {
		t.Fatal("a superseded session was adopted")
	} else {
		cleanup()
	}
	if first.closed != 1 || l.Running() {
		t.Fatalf("the superseded session was not closed (%d)", first.closed)
	}
	if current, _ := l.Adopt(CLIStarted{Gen: l.Gen(), Backend: second}); !current || l.Backend() != second {
		t.Fatal("the current session was not adopted")
	}
	gen := l.Gen()
	done := l.Detach("bye")()
	if done != "bye" || second.closed != 1 || l.Running() || l.Current(gen) {
		t.Fatalf("detach: %v, closed %d", done, second.closed)
	}
}

// A failed start is current (the root says why) but leaves no session.
func TestLinkAdoptsNoFailedStart(t *testing.T) {
	l := NewLink(nil, nil)
	msg := l.Start(StartRequest{})().(CLIStarted)
	if current, _ := l.Adopt(msg); !current || l.Running() || msg.Err == nil {
		t.Fatalf("current %v, running %v, err %v", current, l.Running(), msg.Err)
	}
}

// stop_task reports the CLI's answer with its generation; without a session it says
// so at once.
func TestLinkStopTask(t *testing.T) {
	l := NewLink(nil, nil)
	if msg := l.StopTask("t1")().(TaskStopped); !errors.Is(msg.Err, ErrNoSession) || msg.TaskID != "t1" {
		t.Fatalf("without a session: %+v", msg)
	}
	boom := errors.New("boom")
	l = NewLink(&closeRecorder{err: boom}, nil)
	if msg := l.StopTask("t2")().(TaskStopped); !errors.Is(msg.Err, boom) || msg.Gen != l.Gen() {
		t.Fatalf("refused: %+v", msg)
	}
}

// The reader Cmd reports a closed channel as the end of the session.
func TestReadCmdReportsClosed(t *testing.T) {
	ch := make(chan process.Event)
	close(ch)
	var msg tea.Msg = ReadCmd(ch, 7)()
	if ev := msg.(Events); !ev.Closed || ev.Gen != 7 {
		t.Fatalf("%+v", ev)
	}
}
