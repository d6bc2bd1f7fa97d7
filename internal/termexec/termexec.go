// Package termexec hands the terminal to another program (an editor, /login, a local
// command) the way tea.ExecProcess does, without losing the screen when it comes back.
//
// Bubble Tea v2 (v2.0.10, unchanged in v2.1.1) has a race in Program.exec: stopRenderer
// tells the frame goroutine to quit over an unbuffered channel and returns as soon as
// the goroutine has received, but the goroutine only calls p.ticker.Stop() after that,
// whenever the scheduler runs it. Until the event loop blocks, the goroutine usually
// waits in its P's run queue, so it runs while the child program runs. When the child
// exits first (an editor script, a command that fails at once, or an unlucky
// schedule), RestoreTerminal resets the same ticker and starts a new frame goroutine,
// and only then does the old goroutine stop the ticker: the new goroutine never ticks
// again, no frame is flushed, and the user looks at an empty screen (the alternate
// screen was left) until something else resets the ticker.
//
// Process runs the child only after the old frame goroutine is gone, so the ticker's
// last change before the child runs is Stop and RestoreTerminal's Reset is the last
// one after it. It finds that goroutine by its stack, which assumes one Program per
// process (gclaude runs one); with two it would wait out waitLimit.
//
// GCLAUDE_TERMEXEC=off turns the wait off: Process is then tea.ExecProcess, so a
// suspected problem can be checked against Bubble Tea itself. Reported upstream as
// charmbracelet/bubbletea#1778 (fix proposed in #1781); drop this package once a
// release has it.
package termexec

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"runtime"
	"time"

	tea "charm.land/bubbletea/v2"
)

// frameLoop is how the stack of Bubble Tea's frame goroutine names it (the closure in
// Program.startRenderer). If an upgrade renames it, frameLoopRunning never finds it
// and Process behaves exactly like tea.ExecProcess (TestFrameLoopName fails).
const frameLoop = "charm.land/bubbletea/v2.(*Program).startRenderer.func"

// waitLimit bounds the wait for the frame goroutine: it only has to be scheduled once,
// so this is never reached in practice, and the child must not be held back forever.
const waitLimit = 2 * time.Second

// on is false when GCLAUDE_TERMEXEC=off asks for Bubble Tea's own tea.ExecProcess. It
// is read once, at start.
var on = os.Getenv("GCLAUDE_TERMEXEC") != "off"

// Process is tea.ExecProcess, except that c starts only after Bubble Tea's previous
// frame goroutine has stopped the frame ticker (see the package comment).
func Process(c *exec.Cmd, fn tea.ExecCallback) tea.Cmd {
	return tea.Exec(execCommand(c, on), fn)
}

// execCommand is what tea.Exec runs for c: with the wait, or Bubble Tea's own.
func execCommand(c *exec.Cmd, wait bool) tea.ExecCommand {
	if !wait {
		return &plainCommand{Cmd: c}
	}
	return &command{plainCommand{Cmd: c}}
}

// command is tea's ExecCommand for an *exec.Cmd with the wait in front of Run.
type command struct{ plainCommand }

// Run is called on Bubble Tea's event loop after the renderer was told to stop.
func (c *command) Run() error {
	waitFrameLoopGone(waitLimit)
	return c.Cmd.Run()
}

// plainCommand is tea's ExecCommand for an *exec.Cmd, as tea.ExecProcess builds it.
type plainCommand struct{ *exec.Cmd }

// The standard streams default to the terminal's, as in tea.ExecProcess.
func (c *plainCommand) SetStdin(r io.Reader) {
	if c.Stdin == nil {
		c.Stdin = r
	}
}

func (c *plainCommand) SetStdout(w io.Writer) {
	if c.Stdout == nil {
		c.Stdout = w
	}
}

func (c *plainCommand) SetStderr(w io.Writer) {
	if c.Stderr == nil {
		c.Stderr = w
	}
}

// waitFrameLoopGone yields until no goroutine runs Bubble Tea's frame loop, or limit
// has passed. Yielding lets the waiting goroutine run on this P; sleeping a little
// after the first tries covers a goroutine another P took but has not run yet.
func waitFrameLoopGone(limit time.Duration) {
	deadline := time.Now().Add(limit)
	for try := 0; frameLoopRunning(); try++ {
		if time.Now().After(deadline) {
			return
		}
		if try < 10 {
			runtime.Gosched()
		} else {
			time.Sleep(time.Millisecond)
		}
	}
}

// frameLoopRunning reports whether any goroutine's stack shows the frame loop. It takes
// every goroutine's stack (a brief stop of the world), once or twice per handoff.
func frameLoopRunning() bool {
	return bytes.Contains(allStacks(), []byte(frameLoop))
}

// allStacks is runtime.Stack for all goroutines, in a buffer large enough for them.
func allStacks() []byte {
	buf := make([]byte, 64<<10)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			return buf[:n]
		}
		buf = make([]byte, 2*len(buf))
	}
}
