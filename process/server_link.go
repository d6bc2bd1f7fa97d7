package process

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"syscall"

	"github.com/gclaude/gclaude/internal/sessionwire"
	"github.com/gclaude/gclaude/protocol"
)

// serverLink is a CLI's connection to the session server that runs its claude: the
// proc the CLI waits on and signals, the stdin it writes, and the reader of the
// server's frames.
type serverLink struct {
	s    *CLI
	conn *sessionwire.Conn
	id   string
	pidv int

	detaching atomic.Bool
	done      chan struct{} // closed when read returns; exit is set then
	exit      procExit

	// Owned by the read goroutine.
	refusals    map[string]string // replayed requests to refuse if still waiting at Live
	foreignInit string            // the id of the initialize another screen sent

	closeOnce sync.Once
}

func newServerLink(conn *sessionwire.Conn, info *sessionwire.Info) *serverLink {
	l := &serverLink{conn: conn, done: make(chan struct{}), refusals: map[string]string{}}
	if info != nil {
		l.id, l.pidv = info.ID, info.PID
	}
	return l
}

func (l *serverLink) pid() int { return l.pidv }

func (l *serverLink) signal(sig syscall.Signal) {
	_ = l.conn.WriteJSON(sessionwire.FrameSignal, sessionwire.Signal{Number: int(sig)})
}

func (l *serverLink) wait() procExit {
	<-l.done
	return l.exit
}

// detach tells the server this screen goes and hangs up; claude runs on.
func (l *serverLink) detach() {
	l.detaching.Store(true)
	_ = l.conn.Write(sessionwire.FrameDetach, nil)
	l.hangUp()
}

// hangUp ends the connection: read returns.
func (l *serverLink) hangUp() { l.closeOnce.Do(func() { _ = l.conn.Close() }) }

func (l *serverLink) deferRefusal(id, why string) { l.refusals[id] = why }

// stdin is claude's stdin through the server: each line one frame, Close its EOF.
func (l *serverLink) stdin() io.WriteCloser { return &stdinFrames{l: l} }

type stdinFrames struct {
	l      *serverLink
	closed atomic.Bool
}

func (w *stdinFrames) Write(line []byte) (int, error) {
	if err := w.l.conn.Write(sessionwire.FrameStdin, line); err != nil {
		return 0, fmt.Errorf("process: writing to the session server: %w", err)
	}
	return len(line), nil
}

func (w *stdinFrames) Close() error {
	if w.closed.Swap(true) {
		return nil
	}
	return w.l.conn.Write(sessionwire.FrameEOF, nil)
}

// read takes the server's frames until claude's exit, a detach or a lost connection.
func (l *serverLink) read() {
	defer close(l.done)
	s := l.s
	for {
		typ, p, err := l.conn.Read()
		if err != nil {
			l.exit = l.ended(err)
			return
		}
		switch typ {
		case sessionwire.FrameStdout:
			s.answered.Store(true)
			s.trace(DirStdout, p)
			s.dispatch(p, false)
		case sessionwire.FrameReplayStdout, sessionwire.FrameReplayDelta:
			s.answered.Store(true)
			s.dispatch(p, true)
		case sessionwire.FrameEcho:
			l.hostLine(p, false)
		case sessionwire.FrameReplayStdin:
			l.hostLine(p, true)
		case sessionwire.FrameStderr:
			s.stderr.took(p)
		case sessionwire.FrameLive:
			l.live(p)
		case sessionwire.FrameNotice:
			var n sessionwire.Notice
			if json.Unmarshal(p, &n) == nil {
				s.events.push(Notice{Kind: n.Kind, RequestID: n.RequestID, Text: n.Text})
			}
		case sessionwire.FrameExit:
			l.exit = exitOf(p)
			return
		}
	}
}

// ended is how a read that failed ends the CLI.
func (l *serverLink) ended(err error) procExit {
	if l.detaching.Load() {
		return procExit{detached: true}
	}
	if errors.Is(err, io.EOF) {
		return procExit{code: -1, lost: ErrServerLost}
	}
	return procExit{code: -1, lost: fmt.Errorf("%w: %v", ErrServerLost, err)}
}

// exitOf reads an Exit frame.
func exitOf(p []byte) procExit {
	var x sessionwire.Exit
	if err := json.Unmarshal(p, &x); err != nil {
		return procExit{code: -1, lost: fmt.Errorf("%w: a bad exit frame: %v", ErrServerLost, err)}
	}
	px := procExit{code: x.Code, sig: x.Signal, stderr: x.Stderr, gotResult: x.GotResult}
	switch {
	case x.LineCap > 0:
		px.stopped = &LineTooLongError{Max: x.LineCap}
	case x.Stopped != "":
		px.stopped = errors.New(x.Stopped)
	}
	if px.stderr == nil {
		px.stderr = []string{}
	}
	return px
}

// hostLine is a stdin line another screen wrote (or any screen, replayed).
func (l *serverLink) hostLine(line []byte, replayed bool) {
	msg, err := protocol.DecodeClient(line)
	if err != nil {
		return // the server checked it is one JSON object; a shape unknown here concerns no screen
	}
	s := l.s
	switch m := msg.(type) {
	case *protocol.User:
		s.turn.started()
		s.events.push(Prompt{Msg: m, Replayed: replayed})
	case *protocol.ControlResponse:
		id := m.Response.RequestID
		s.inbound.settle(id)
		delete(l.refusals, id)
		s.events.push(Answered{RequestID: id, Response: m.Response, Replayed: replayed})
	case *protocol.ClientControlRequest:
		if m.Request != nil && m.Request.Subtype() == (protocol.Initialize{}).Subtype() {
			l.foreignInit = m.RequestID
		}
	}
}

// otherResponse is a control response to a request this CLI did not send: the answer
// to another screen's initialize is this CLI's Ready too.
func (s *CLI) otherResponse(b protocol.ControlResponseBody, replayed bool) {
	if s.link == nil || b.RequestID == "" || b.RequestID != s.link.foreignInit {
		return
	}
	s.link.foreignInit = ""
	res := callResult{body: b}
	if b.IsError() {
		res.err = controlError("initialize", b)
	}
	s.reportInit(res, replayed)
}

// live ends the replay: the server's list of requests still waiting is the truth.
func (l *serverLink) live(p []byte) {
	var lv sessionwire.Live
	_ = json.Unmarshal(p, &lv)
	pending := map[string]bool{}
	for _, id := range lv.Pending {
		pending[id] = true
	}
	l.s.inbound.keepOnly(pending)
	for id, why := range l.refusals {
		if pending[id] {
			l.s.refuse(id, why)
		}
	}
	clear(l.refusals)
	l.s.events.push(Live{Pending: lv.Pending, DeltasLeftOut: lv.DeltasLeftOut})
}
