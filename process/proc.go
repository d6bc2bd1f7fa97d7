package process

import (
	"os/exec"
	"syscall"
)

// proc is how a CLI reaches its claude process: its own child (localProc) or one the
// session server runs for it (serverProc).
type proc interface {
	pid() int
	signal(sig syscall.Signal) // to claude's whole process group
	// wait blocks until claude is gone (or, under the server, until this CLI is no
	// longer connected to it) and says how it ended.
	wait() procExit
}

// procExit is how wait ended.
type procExit struct {
	code    int
	sig     string
	err     error    // the wait itself failed
	stopped error    // the server stopped claude itself, and why
	stderr  []string // the server's tail of claude's stderr, when it has one
	// detached: Detach was called; claude runs on under the server.
	detached bool
	// lost: the connection to the server ended without an exit (ErrServerLost).
	lost error
	// gotResult: the server's view of whether the last turn ended with a result, for a
	// CLI that attached after it.
	gotResult bool
}

// localProc is claude as gclaude's own child: its process group, and the watchdog that
// stops the group if gclaude dies without closing the session.
type localProc struct {
	cmd   *exec.Cmd
	guard *watchdog
}

func (p *localProc) pid() int                  { return p.cmd.Process.Pid }
func (p *localProc) signal(sig syscall.Signal) { signalGroup(p.cmd.Process.Pid, sig) }

func (p *localProc) wait() procExit {
	err := p.cmd.Wait()
	// Whatever the CLI left running in its group (tool commands, background tasks)
	// goes with it.
	signalGroup(p.cmd.Process.Pid, syscall.SIGKILL)
	p.guard.release()
	code, sig := exitStatus(p.cmd.ProcessState)
	return procExit{code: code, sig: sig, err: err}
}
