package worktree

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// gitEnvToDrop are variables that would make git ignore -C and act on another
// repository (they are set inside git hooks, for one): every command here names its
// folder explicitly and means it.
var gitEnvToDrop = []string{
	"GIT_DIR=", "GIT_WORK_TREE=", "GIT_INDEX_FILE=", "GIT_COMMON_DIR=",
	"GIT_OBJECT_DIRECTORY=", "GIT_ALTERNATE_OBJECT_DIRECTORIES=", "GIT_PREFIX=",
	"GIT_NAMESPACE=",
}

// gitEnv is the environment every git command runs with: the user's, minus the
// variables above, in the C locale so that the few messages matched here are English,
// and never asking for a password on the terminal the UI owns.
func gitEnv() []string {
	env := make([]string, 0, len(os.Environ())+2)
next:
	for _, kv := range os.Environ() {
		for _, drop := range gitEnvToDrop {
			if strings.HasPrefix(kv, drop) {
				continue next
			}
		}
		if strings.HasPrefix(kv, "LC_ALL=") {
			continue
		}
		env = append(env, kv)
	}
	return append(env, "LC_ALL=C", "GIT_TERMINAL_PROMPT=0")
}

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
	cmd.Env = gitEnv()
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
