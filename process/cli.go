package process

import (
	"context"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gclaude/gclaude/protocol"
)

// CLI is one running claude process. Its methods are safe for concurrent use.
type CLI struct {
	opts Options
	proc proc
	bin  string
	host *SSHHost    // nil for a local claude
	link *serverLink // nil unless the session server runs claude (Options.Server)

	w       *writer
	calls   *calls
	inbound *inbound
	events  *eventQueue
	stderr  *tail
	turn    turnState
	init    atomic.Pointer[protocol.InitializeResponse]

	remotePID   atomic.Int64 // claude's pid on the host, from remotePIDMarker
	answered    atomic.Bool  // a line has come from stdout: claude is running (over ssh: the connection was made)
	outputs     []io.Closer  // read ends, closed by the exit path if a leftover holds them open
	readersDone chan struct{}
	exited      chan struct{} // closed when the process has been waited for
	finished    chan struct{} // closed after Exited is queued and every goroutine but the pump is gone

	initTimer *time.Timer
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
	if o.Server != nil {
		return startOnServer(ctx, o)
	}
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

	s := newCLI(o, &localProc{cmd: cmd, guard: guard}, bin, p.stdinW)
	s.host = host
	s.outputs = []io.Closer{p.stdoutR, p.stderrR}
	if o.Trace != nil || host != nil {
		s.stderr.onLine = s.sawStderr
	}
	s.sendInitialize() // queued before the writer runs, so it is the first line
	s.run(ctx, func() { s.readStdout(p.stdoutR) }, func() { s.stderr.readLines(p.stderrR) })
	return s, nil
}

// newCLI is a CLI for the claude that pr reaches, whose stdin is stdin.
func newCLI(o Options, pr proc, bin string, stdin io.WriteCloser) *CLI {
	s := &CLI{
		opts:        o,
		proc:        pr,
		bin:         bin,
		w:           newWriter(stdin),
		calls:       newCalls(),
		inbound:     newInbound(),
		events:      newEventQueue(),
		stderr:      newTail(o.StderrLines),
		readersDone: make(chan struct{}),
		exited:      make(chan struct{}),
		finished:    make(chan struct{}),
		closing:     make(chan struct{}),
		maxLine:     o.maxLine,
	}
	if o.Trace != nil {
		s.w.written = func(line []byte) { s.trace(DirStdin, line) }
		s.stderr.onLine = s.sawStderr
	}
	return s
}

// run starts the readers, the writer, the event pump and the supervisor.
func (s *CLI) run(ctx context.Context, readers ...func()) {
	var wg sync.WaitGroup
	wg.Add(len(readers))
	for _, r := range readers {
		go func() { defer wg.Done(); r() }()
	}
	go func() { wg.Wait(); close(s.readersDone) }()
	go s.w.run()
	go s.events.pump()
	go s.supervise()
	if ctx.Done() != nil {
		go s.closeWhenDone(ctx)
	}
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
// machine, the local ssh's; under the session server, claude's there.
func (s *CLI) PID() int { return s.proc.pid() }

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
