package gitrun

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// Local runs commands on this machine with os/exec (no shell), in Environ.
type Local struct{}

// Run runs c here.
func (Local) Run(ctx context.Context, c Command) ([]byte, error) {
	if len(c.Args) == 0 {
		return nil, errors.New("gitrun: no program to run")
	}
	path, err := exec.LookPath(c.Args[0])
	if err != nil {
		return nil, fmt.Errorf("%s: %w", c.Args[0], ErrNotFound)
	}
	cmd := exec.CommandContext(ctx, path, c.Args[1:]...)
	cmd.Dir = c.Dir
	cmd.Env = append(Environ(), c.Env...)
	detach(cmd)
	if c.Stdin != nil {
		cmd.Stdin = bytes.NewReader(c.Stdin)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	if err == nil {
		return stdout.Bytes(), nil
	}
	if ctx.Err() != nil {
		return stdout.Bytes(), ctx.Err()
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		return stdout.Bytes(), fmt.Errorf("%s: %w", strings.Join(c.Args, " "), err)
	}
	return stdout.Bytes(), &ExitError{Args: c.Args, Code: ee.ExitCode(), Stderr: stderr.String()}
}

// envToDrop are variables that would make git ignore the folder it is given and act
// on another repository (they are set inside git hooks, for one): every command here
// names its folder and means it.
var envToDrop = []string{
	"GIT_DIR=", "GIT_WORK_TREE=", "GIT_INDEX_FILE=", "GIT_COMMON_DIR=",
	"GIT_OBJECT_DIRECTORY=", "GIT_ALTERNATE_OBJECT_DIRECTORIES=", "GIT_PREFIX=",
	"GIT_NAMESPACE=",
}

// Environ is the environment git runs with: the user's, minus the variables above, in
// the C locale so that the few messages matched are English, and never asking for a
// password or an editor on the terminal the UI owns.
func Environ() []string {
	env := make([]string, 0, len(os.Environ())+3)
next:
	for _, kv := range os.Environ() {
		for _, drop := range envToDrop {
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
