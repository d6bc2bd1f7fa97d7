package sessionserver

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/gclaude/gclaude/internal/sessionwire"
	"github.com/gclaude/gclaude/process"
)

// startSession starts claude as sp says and the goroutines that serve it; first, the
// screen that asked, is attached before claude's first line is read.
func (srv *Server) startSession(sp sessionwire.Spawn, first *subscriber) (*session, error) {
	if sp.Path == "" || len(sp.Args) == 0 {
		return nil, errors.New("nothing to run: the spawn request names no program")
	}
	child, err := process.StartChild(process.ChildSpec{Path: sp.Path, Args: sp.Args, Dir: sp.Dir, Env: sp.Env})
	if err != nil {
		return nil, err
	}
	sp.Env = nil // claude has it; the server keeps no copy of the user's secrets
	id := newID()
	s := &session{
		srv: srv, id: id, spawn: sp, child: child, started: time.Now(),
		stdin:   newStdinWriter(child.Stdin),
		exited:  make(chan struct{}),
		rec:     newRecord(srv.cfg.Paths.Records, id, srv.cfg.RecordBound, srv.cfg.createRecord),
		pend:    newPendingReqs(),
		subs:    []*subscriber{first},
		resumed: resumedIn(sp.Args),
		meta:    map[string]string{},
	}
	for k, v := range sp.Meta {
		s.meta[k] = v
	}
	s.watched.Store(true) // the screen that asked
	if err := s.rec.stopped; err != nil {
		srv.logf("session %s: cannot record: %v", id, err)
	}
	var readers sync.WaitGroup
	readers.Add(2)
	go func() { defer readers.Done(); s.readStdout() }()
	go func() { defer readers.Done(); s.readStderr() }()
	go s.stdin.run()
	go s.waitExit(&readers)
	return s, nil
}

func newID() string {
	var b [4]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// The least time between two reads of claude's stdout while it streams: each read's
// lines go to the screens in one write. The screens draw at most 30 frames a second
// (33 ms) and read the socket paced as the CLI's stdout (4 ms), so 10 ms here delays
// no frame noticeably and halves the server's wake-ups. With no screen to show them,
// lines wait longer, but not so long that claude's stdout pipe (64 KiB) fills: the
// fake API's fastest stream writes about 35 KiB in 25 ms, a real one far less.
const (
	readPace          = 10 * time.Millisecond
	readPaceUnwatched = 25 * time.Millisecond
)

// pace is readPace, or readPaceUnwatched while no screen is attached.
func (s *session) pace() time.Duration {
	if s.watched.Load() {
		return readPace
	}
	return readPaceUnwatched
}

// readStdout records and forwards claude's stdout, one read's lines at a time.
func (s *session) readStdout() {
	lr := process.NewLineReader(s.child.Stdout, s.pace)
	for {
		line, err := lr.Next()
		if t := bytes.TrimRight(line, "\r\n"); len(bytes.TrimSpace(t)) > 0 {
			s.stdoutLine(t)
		}
		if err != nil || !lr.HasLine() {
			s.delivered()
		}
		var tooLong *process.LineTooLongError
		if errors.As(err, &tooLong) {
			s.stopForFault(tooLong)
			return
		}
		if err != nil {
			return
		}
	}
}

// stopForFault stops a claude whose output cannot be followed (a line past the cap).
func (s *session) stopForFault(err error) {
	s.mu.Lock()
	if s.fault == nil {
		s.fault = err
	}
	s.mu.Unlock()
	s.child.Signal(syscall.SIGTERM)
	go func() {
		if !s.waitExited(3 * time.Second) {
			s.child.Signal(syscall.SIGKILL)
		}
	}()
}

// readStderr keeps the tail of claude's stderr and forwards each line.
func (s *session) readStderr() {
	br := bufio.NewReaderSize(s.child.Stderr, maxStderrLine)
	var line []byte
	for {
		chunk, isPrefix, err := br.ReadLine()
		if len(chunk) > 0 && len(line) < maxStderrLine {
			line = append(line, chunk[:min(maxStderrLine-len(line), len(chunk))]...)
		}
		if (!isPrefix || err != nil) && len(line) > 0 {
			s.stderrLine(strings.TrimRight(string(line), "\r"))
			line = line[:0]
		}
		if err != nil {
			return
		}
	}
}

func (s *session) stderrLine(l string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stderr.add(l)
	for _, b := range s.subs {
		b.send(sessionwire.FrameStderr, []byte(l))
		b.kick()
	}
}

// drainWait is how long claude's pipes may stay open after it exited (a tool that
// escaped its group holding them) before the server stops reading them.
const drainWait = 2 * time.Second

// waitExit waits for claude, then tells every screen how it ended.
func (s *session) waitExit(readers *sync.WaitGroup) {
	code, sig := s.child.Wait()
	drained := make(chan struct{})
	go func() { readers.Wait(); close(drained) }()
	select {
	case <-drained:
	case <-time.After(drainWait):
		_ = s.child.Stdout.Close()
		_ = s.child.Stderr.Close()
		<-drained
	}
	_ = s.child.Stdout.Close()
	_ = s.child.Stderr.Close()
	s.stdin.stop()

	s.mu.Lock()
	x := &sessionwire.Exit{Code: code, Signal: sig, GotResult: s.gotResult, Stderr: s.stderr.lines(), At: time.Now()}
	var tooLong *process.LineTooLongError
	switch {
	case errors.As(s.fault, &tooLong):
		x.LineCap, x.Stopped = tooLong.Max, tooLong.Error()
	case s.fault != nil:
		x.Stopped = s.fault.Error()
	}
	s.exit = x
	s.working = false
	s.pend.clear()
	s.flushLocked()
	for _, b := range s.subs {
		b.sendJSON(sessionwire.FrameExit, x)
		b.kick()
	}
	forget := s.stopAsked && len(s.subs) == 0
	close(s.exited)
	s.mu.Unlock()
	s.srv.logf("session %s: claude (pid %d) ended: code %d %s", s.id, s.child.PID(), code, sig)
	s.srv.registryChanged()
	if forget {
		s.srv.forget(s)
	}
}

func (s *session) waitExited(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-s.exited:
		return true
	case <-t.C:
		return false
	}
}

// Grace periods of stop, as process.CLI.Close's.
const (
	stopStdinWait = 2 * time.Second
	stopTermWait  = 3 * time.Second
)

// interruptLine stops a running turn before stdin closes, so claude ends now rather
// than after the turn.
var interruptLine = []byte(`{"type":"control_request","request_id":"gclaude-server-stop","request":{"subtype":"interrupt"}}`)

// stop ends claude the way process.CLI.Close does: interrupt a running turn, close
// stdin, then SIGTERM and SIGKILL to the group. asked: `gclaude stop`, whose exit
// nobody needs to see. It does not wait.
func (s *session) stop(asked bool) {
	s.mu.Lock()
	s.stopAsked = s.stopAsked || asked
	if s.exit != nil || s.stopping {
		gone := asked && s.exit != nil && len(s.subs) == 0 // ended unseen: stop forgets it
		s.mu.Unlock()
		if gone {
			s.srv.forget(s)
		}
		return
	}
	s.stopping = true
	working := s.working
	s.mu.Unlock()
	if working {
		s.stdin.push(interruptLine)
	}
	s.stdin.closeAfter()
	go func() {
		if !s.waitExited(stopStdinWait) {
			s.child.Signal(syscall.SIGTERM)
			if !s.waitExited(stopTermWait) {
				s.child.Signal(syscall.SIGKILL)
			}
		}
	}()
}

// signal passes a screen's signal on: only those that stop claude.
func (s *session) signal(n int) {
	switch sig := syscall.Signal(n); sig {
	case syscall.SIGINT, syscall.SIGTERM, syscall.SIGKILL:
		s.child.Signal(sig)
	}
}

// stdinWriter is the one goroutine that writes claude's stdin.
type stdinWriter struct {
	w       io.WriteCloser
	mu      sync.Mutex
	cond    *sync.Cond
	queue   [][]byte
	closing bool // close stdin once the queue is written
	stopped bool
}

func newStdinWriter(w io.WriteCloser) *stdinWriter {
	sw := &stdinWriter{w: w}
	sw.cond = sync.NewCond(&sw.mu)
	return sw
}

func (w *stdinWriter) push(line []byte) {
	w.mu.Lock()
	if !w.closing && !w.stopped {
		w.queue = append(w.queue, line)
		w.cond.Signal()
	}
	w.mu.Unlock()
}

func (w *stdinWriter) closeAfter() {
	w.mu.Lock()
	w.closing = true
	w.cond.Signal()
	w.mu.Unlock()
}

// stop drops what is queued and closes stdin (claude has exited).
func (w *stdinWriter) stop() {
	w.mu.Lock()
	w.stopped, w.queue = true, nil
	w.cond.Signal()
	w.mu.Unlock()
	_ = w.w.Close()
}

func (w *stdinWriter) run() {
	defer w.w.Close()
	for {
		w.mu.Lock()
		for len(w.queue) == 0 && !w.closing && !w.stopped {
			w.cond.Wait()
		}
		if w.stopped || len(w.queue) == 0 {
			w.mu.Unlock()
			return
		}
		line := w.queue[0]
		w.queue = w.queue[1:]
		w.mu.Unlock()
		out := make([]byte, len(line)+1)
		out[copy(out, line)] = '\n'
		if _, err := w.w.Write(out); err != nil {
			w.mu.Lock()
			w.stopped, w.queue = true, nil
			w.mu.Unlock()
			return
		}
	}
}

// maxStderrLine and stderrKept bound the stderr tail, as process's.
const (
	maxStderrLine = 4096
	stderrKept    = 200
)

// stderrTail keeps the last lines of claude's stderr.
type stderrTail struct{ l []string }

func (t *stderrTail) add(line string) {
	t.l = append(t.l, line)
	if len(t.l) > stderrKept {
		t.l = t.l[len(t.l)-stderrKept:]
	}
}

func (t *stderrTail) lines() []string { return append([]string(nil), t.l...) }
