package statusline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

// Timeout bounds one run. Claude Code gives its hooks minutes; a status line that
// has not answered in a few seconds is stuck, and gclaude says so.
const Timeout = 5 * time.Second

// maxOutput is as much of the command's output as is kept: a status line is a line or two.
const maxOutput = 64 << 10

// Result is what one run printed, or why it printed nothing usable.
type Result struct {
	Lines []string // stdout's non-blank lines, trimmed, not yet sanitised
	Err   error
}

// Run runs command as Claude Code does, `sh -c` in dir with input on its stdin, in its
// own process group, which is killed when timeout passes.
func Run(command, dir string, input []byte, env []string, timeout time.Duration) Result {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", command)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdin = bytes.NewReader(input)
	var stdout, stderr capped
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	// A child left holding stdout must not keep Wait waiting.
	cmd.WaitDelay = time.Second
	err := cmd.Run()
	switch {
	case ctx.Err() != nil:
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		return Result{Err: fmt.Errorf("did not finish within %s", timeout)}
	case err != nil:
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			err = fmt.Errorf("exited with status %d", exit.ExitCode())
		} else {
			err = fmt.Errorf("could not run in %s: %w", dir, err)
		}
		if first := firstLine(stderr.String()); first != "" {
			err = fmt.Errorf("%w: %s", err, first)
		}
		return Result{Err: err}
	}
	return Result{Lines: outputLines(stdout.String())}
}

// outputLines are the lines Claude Code shows of stdout: trimmed, blank ones dropped.
func outputLines(out string) []string {
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	return lines
}

func firstLine(s string) string {
	if l := outputLines(s); len(l) > 0 {
		return l[0]
	}
	return ""
}

// capped keeps the first maxOutput bytes written to it and drops the rest, so a
// command that floods its output neither fails nor fills memory. (Not an embedded
// bytes.Buffer: io.Copy would use its ReadFrom and skip the cap.)
type capped struct{ buf bytes.Buffer }

func (c *capped) Write(p []byte) (int, error) {
	if room := maxOutput - c.buf.Len(); room > 0 {
		c.buf.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

func (c *capped) String() string { return c.buf.String() }
