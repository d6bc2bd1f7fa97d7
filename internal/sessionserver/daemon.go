package sessionserver

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"syscall"

	"github.com/gclaude/gclaude/internal/sessionwire"
)

// Run is `gclaude session-server`: listen, tell the screen that started it (ready, the
// descriptor sessionwire.ReadyFD; nil when run by hand) and serve until idle or ctx
// ends.
func Run(ctx context.Context, cfg Config, ready *os.File) error {
	srv, err := Listen(cfg)
	report(ready, err)
	if err != nil {
		return err
	}
	srv.logf("session server %s (pid %d) listens on %s", cfg.Build, os.Getpid(), cfg.Paths.Socket)
	return srv.Serve(ctx)
}

func report(ready *os.File, err error) {
	if ready == nil {
		return
	}
	if err != nil {
		fmt.Fprintln(ready, err)
	} else {
		fmt.Fprintln(ready, "ok")
	}
	_ = ready.Close()
}

// ReadyFile is the descriptor a starting server reports on, or nil when it was not
// given one (run by hand).
func ReadyFile() *os.File {
	var st syscall.Stat_t
	if syscall.Fstat(sessionwire.ReadyFD, &st) != nil || st.Mode&syscall.S_IFMT != syscall.S_IFIFO {
		return nil
	}
	return os.NewFile(sessionwire.ReadyFD, "ready")
}

// maxLog: a log past this size is moved aside when the next server starts.
const maxLog = 1 << 20

// Detach is `gclaude session-server --detach`: it starts the server (exe with args)
// in a session of its own, without a terminal, its output in the log, the ready
// descriptor passed on, and returns at once. The screen waits for this process, so no
// screen is the server's parent: it outlives every one, and none leaves it a zombie.
func Detach(exe string, args []string, paths sessionwire.Paths) error {
	if fi, err := os.Stat(paths.Log); err == nil && fi.Size() > maxLog {
		_ = os.Rename(paths.Log, paths.Log+".old")
	}
	logf, err := os.OpenFile(paths.Log, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("session server log: %w", err)
	}
	defer logf.Close()
	devnull, err := os.Open(os.DevNull)
	if err != nil {
		return err
	}
	defer devnull.Close()
	cmd := exec.Command(exe, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = devnull, logf, logf
	cmd.Dir = "/"
	if ready := ReadyFile(); ready != nil {
		cmd.ExtraFiles = []*os.File{ready}
		defer ready.Close()
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("starting the session server: %w", err)
	}
	return cmd.Process.Release()
}
