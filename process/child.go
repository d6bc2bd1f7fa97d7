package process

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"syscall"
	"time"
)

// The session server's side of running claude: the program Start would run for some
// Options, started the way Start starts it, but with its pipes handed to the caller.

// ChildSpec is one claude process: program, argv, folder and environment.
type ChildSpec struct {
	Path string
	Args []string // argv, Args[0] included
	Dir  string
	Env  []string
}

// CommandSpec is what Start runs for o on this machine: the binary FindBinary finds,
// BuildArgs, o.Dir and Environ(o).
func CommandSpec(o Options) (ChildSpec, error) {
	if o.Host != "" {
		return ChildSpec{}, fmt.Errorf("process: %s is another host: its claude runs through ssh", o.Host)
	}
	cmd, _, _, err := command(o)
	if err != nil {
		return ChildSpec{}, err
	}
	return ChildSpec{Path: cmd.Path, Args: cmd.Args, Dir: cmd.Dir, Env: cmd.Env}, nil
}

// Child is a claude process started for the session server: the leader of its own
// process group, which dies with the server (Pdeathsig and the watchdog, as for
// Start's), with plain pipes for the server to read and write.
type Child struct {
	Stdin  io.WriteCloser
	Stdout io.ReadCloser // waited on with poll(2), outside Go's network poller
	Stderr io.ReadCloser

	proc localProc
}

// StartChild starts spec.
func StartChild(spec ChildSpec) (*Child, error) {
	cmd := exec.Command(spec.Path)
	cmd.Args, cmd.Dir, cmd.Env = spec.Args, spec.Dir, spec.Env
	p, err := newPipes()
	if err != nil {
		return nil, fmt.Errorf("process: %w", err)
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = p.stdinR, p.stdoutW, p.stderrW
	ownProcessGroup(cmd)
	if err := startCmd(cmd); err != nil {
		p.closeAll()
		return nil, fmt.Errorf("process: starting %s: %w", spec.Path, err)
	}
	p.closeChildEnds()
	return &Child{
		Stdin: p.stdinW, Stdout: p.stdoutR, Stderr: p.stderrR,
		proc: localProc{cmd: cmd, guard: startWatchdog(cmd.Process.Pid)},
	}, nil
}

// PID is claude's process id, also its process group's.
func (c *Child) PID() int { return c.proc.pid() }

// Signal signals claude's whole process group.
func (c *Child) Signal(sig syscall.Signal) { c.proc.signal(sig) }

// Wait waits for claude to exit, stops whatever it left in its group, and returns the
// exit code (-1 when killed) and the signal's name.
func (c *Child) Wait() (code int, signal string) {
	px := c.proc.wait()
	return px.code, px.sig
}

// LineReader reads claude's stdout line by line as the CLI does: paced while a fast
// stream trickles in, no line limit short of MaxLineBytes.
type LineReader struct {
	br  *bufio.Reader
	max int
}

// NewLineReader reads r, at most once per pace() while lines trickle in (nil: as the
// CLI reads claude's stdout, every 4 ms). pace is asked before each wait, so a reader
// can slow down while nobody watches.
func NewLineReader(r io.Reader, pace func() time.Duration) *LineReader {
	pr := newPacedReader(r)
	pr.paced = pace
	return &LineReader{br: bufio.NewReaderSize(pr, 64<<10), max: MaxLineBytes}
}

// Next returns the next line (newline included), valid until the next call, or the
// reader's error; a line over MaxLineBytes is a *LineTooLongError.
func (l *LineReader) Next() ([]byte, error) { return readLine(l.br, l.max) }

// HasLine says whether a whole line is already read, so Next returns without waiting:
// a caller batching its writes flushes when none is.
func (l *LineReader) HasLine() bool {
	b, _ := l.br.Peek(l.br.Buffered())
	return bytes.IndexByte(b, '\n') >= 0
}
