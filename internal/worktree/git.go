package worktree

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"strings"

	"github.com/gclaude/gclaude/internal/gitrun"
)

// gitError is a git command that failed, with what git said.
type gitError struct {
	Args   []string
	Code   int
	Stderr string
}

func (e *gitError) Error() string {
	msg := strings.TrimSpace(e.Stderr)
	if msg == "" {
		msg = fmt.Sprintf("exit status %d", e.Code)
	}
	return fmt.Sprintf("git %s: %s", strings.Join(e.Args, " "), msg)
}

// git runs git in dir and returns its standard output. stdin may be nil.
func git(ctx context.Context, dir string, stdin []byte, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
	cmd.Env = gitrun.Environ()
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		code := -1
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else {
			return "", fmt.Errorf("git %s: %w", strings.Join(args, " "), err)
		}
		return stdout.String(), &gitError{Args: args, Code: code, Stderr: stderr.String()}
	}
	return stdout.String(), nil
}

// exitCode is the exit code of a failed git command, or -1 for any other error.
func exitCode(err error) int {
	if ge, ok := err.(*gitError); ok {
		return ge.Code
	}
	return -1
}

// splitNUL splits git's -z output into its entries.
func splitNUL(s string) []string {
	s = strings.TrimSuffix(s, "\x00")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\x00")
}

// splitLines splits git's line output, without the empty last line.
func splitLines(s string) []string {
	s = strings.TrimRight(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}
