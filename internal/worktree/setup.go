package worktree

import (
	"context"
	"errors"
	"io"
	"os/exec"
	"time"
)

// Setup runs the workspace's setup command (installing dependencies, say) with
// `sh -c` in the worktree before claude starts there, its output and errors to out. A
// failure is a *SetupError with the exit code. An empty command does nothing. Cancelling
// ctx stops the command and, on Unix, everything it started.
func Setup(ctx context.Context, wt Worktree, command string, out io.Writer) error {
	if command == "" {
		return nil
	}
	cmd := exec.CommandContext(ctx, "sh", "-c", command)
	cmd.Dir = wt.Path
	cmd.Stdout, cmd.Stderr = out, out // one writer: exec copies both through one pipe
	cmd.WaitDelay = time.Second       // a child left holding the pipe must not hang us
	ownGroup(cmd)
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		se := &SetupError{Command: command, Code: ee.ExitCode()}
		if se.Code == -1 {
			se.Signal = ee.String()
		}
		return se
	}
	return err
}
