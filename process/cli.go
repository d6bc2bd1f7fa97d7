package process

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gclaude/gclaude/protocol"
)

// CLI is one running claude process. Its methods are safe for concurrent use.
type CLI struct {
	opts Options
	cmd  *exec.Cmd
	bin  string
	host *SSHHost // nil for a local claude

	w       *writer
	calls   *calls
	inbound *inbound
	events  *eventQueue
	stderr  *tail
	turn    turnState
	init    atomic.Pointer[protocol.InitializeResponse]

	remotePID   atomic.Int64  // claude's pid on the host, from remotePIDMarker
	answered    atomic.Bool   // a line has come from stdout: claude is running (over ssh: the connection was made)
	stdout      io.ReadCloser // read ends, closed by the exit path if a leftover holds them open
	stderrPipe  *os.File
	readersDone chan struct{}
	exited      chan struct{} // closed when the process has been waited for
	finished    chan struct{} // closed after Exited is queued and every goroutine but the pump is gone

	initTimer *time.Timer
	guard     *watchdog             // stops the group if gclaude dies without closing the session
	maxLine   int                   // cap on one stdout line (MaxLineBytes)
	fault     atomic.Pointer[error] // why gclaude stopped the CLI itself, if it did

	closing   chan struct{} // closed when Close starts
	closeOnce sync.Once
	closeErr  error
}

// Start starts the CLI and returns at once; initialize is sent in the background and
// answered with a Ready (or InitFailed) event, so the UI can draw before the CLI is
// ready. Messages may be sent before Ready. When ctx ends, the session is closed as by
// Close.
func Start(ctx context.Context, o Options) (*CLI, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	o = o.withDefaults()
	cmd, bin, host, err := command(o)
	if err != nil {
		return nil, err
	}
	p, err := newPipes()
	if err != nil {
		return nil, fmt.Errorf("process: %w", err)
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = p.stdinR, p.stdoutW, p.stderrW
	ownProcessGroup(cmd)
	if err := startCmd(cmd); err != nil {
		p.closeAll()
		return nil, fmt.Errorf("process: starting %s: %w", bin, err)
	}
	p.closeChildEnds()
	guard := startWatchdog(cmd.Process.Pid)

	s := &CLI{
		opts:        o,
		cmd:         cmd,
		bin:         bin,
		host:        host,
		w:           newWriter(p.stdinW),
		calls:       newCalls(),
		inbound:     newInbound(),
		events:      newEventQueue(),
		stderr:      newTail(o.StderrLines),
		stdout:      p.stdoutR,
		stderrPipe:  p.stderrR,
		readersDone: make(chan struct{}),
		exited:      make(chan struct{}),
		finished:    make(chan struct{}),
		closing:     make(chan struct{}),
		guard:       guard,
		maxLine:     o.maxLine,
	}
	if o.Trace != nil {
		s.w.written = func(line []byte) { s.trace(DirStdin, line) }
	}
	if o.Trace != nil || host != nil {
		s.stderr.onLine = s.sawStderr
	}
	s.sendInitialize() // queued before the writer runs, so it is the first line
	var readers sync.WaitGroup
	readers.Add(2)
	go func() { defer readers.Done(); s.readStdout(p.stdoutR) }()
	go func() { defer readers.Done(); s.stderr.readLines(p.stderrR) }()
	go func() { readers.Wait(); close(s.readersDone) }()
	go s.w.run()
	go s.events.pump()
	go s.supervise()
	if ctx.Done() != nil {
		go s.closeWhenDone(ctx)
	}
	return s, nil
}

// Events delivers the session's events in order; Exited is last, then it is closed.
// After Close returns, at most the channel's buffer of undelivered events is kept for
// a late reader (Exited always among them).
func (s *CLI) Events() <-chan Event { return s.events.out }

// Init is the initialize response, or nil until Ready.
func (s *CLI) Init() *protocol.InitializeResponse { return s.init.Load() }

// Stderr returns the last lines the CLI wrote to stderr (at most Options.StderrLines).
func (s *CLI) Stderr() []string { return s.stderr.snapshot() }

// Host is the host claude runs on ([user@]host[:port], Options.Host); "" when local.
func (s *CLI) Host() string { return s.opts.Host }

// PID is the CLI's process id (also its process group id); for a session on another
// machine, the local ssh's.
func (s *CLI) PID() int { return s.cmd.Process.Pid }

// Binary is the path of the CLI that runs; for a session on another machine,
// "HOST:PROGRAM".
func (s *CLI) Binary() string { return s.bin }

// Send writes a user message. It returns once the line is written to stdin.
func (s *CLI) Send(in protocol.UserInput) error {
	line, err := protocol.EncodeUserMessage(in)
	if err != nil {
		return err
	}
	s.turn.started()
	return <-s.w.send(line)
}

// sendInitialize writes initialize first, ahead of anything the UI sends. Its answer is
// reported from the reader goroutine, so Ready comes before any message that follows
// the response on stdout.
func (s *CLI) sendInitialize() {
	id, _, err := s.calls.add("initialize", s.finishInit)
	if err != nil {
		return // cannot happen: nothing has failed the calls yet
	}
	line, err := protocol.EncodeControlRequest(id, protocol.Initialize{})
	if err != nil {
		s.calls.take(id)
		s.events.push(InitFailed{Err: err})
		return
	}
	s.initTimer = time.AfterFunc(s.opts.InitTimeout, func() {
		if cl := s.calls.take(id); cl != nil {
			cl.deliver(callResult{err: fmt.Errorf("%w: no answer to initialize within %v", ErrTimeout, s.opts.InitTimeout)})
		}
	})
	s.w.send(line) // a failed write means the CLI died: the exit path fails the call
}

// sawStderr traces a stderr line and, for a session on another host, takes claude's
// pid there out of it: that line is gclaude's own, not claude's, and is not kept.
func (s *CLI) sawStderr(line string) (keep bool) {
	if s.opts.Trace != nil {
		s.trace(DirStderr, []byte(line))
	}
	if s.host != nil && s.remotePID.Load() == 0 {
		if pid := remotePID(line); pid > 0 {
			s.remotePID.Store(int64(pid))
			return false
		}
	}
	return true
}
