// Package gitrun runs the programs review and landing need (git, and gh for a pull
// request) in a session's folder through one small interface, so that a remote
// session's git runs on its host over the session's connection while a local one runs
// here. Nothing goes through a shell.
package gitrun

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// Command is one program to run: Args[0] is the program, Dir the folder it runs in.
type Command struct {
	Dir   string
	Args  []string
	Stdin []byte   // nil: no input
	Env   []string // NAME=value added to the environment (a temporary index, say)
}

// Runner runs a Command and returns its standard output. A program that ran and
// failed is an *ExitError (its stdout is still returned); a program that is not
// installed is an error that errors.Is ErrNotFound.
type Runner interface {
	Run(ctx context.Context, c Command) ([]byte, error)
}

// ErrNotFound is a program that is not installed where the command runs.
var ErrNotFound = errors.New("not installed")

// ExitError is a program that ran and exited with a non-zero status.
type ExitError struct {
	Args   []string
	Code   int // -1 when a signal ended it
	Stderr string
}

func (e *ExitError) Error() string {
	msg := strings.TrimSpace(e.Stderr)
	if msg == "" {
		msg = fmt.Sprintf("exit status %d", e.Code)
	}
	return fmt.Sprintf("%s: %s", strings.Join(e.Args, " "), msg)
}

// Code is a failed command's exit code, or -1 for any other error (nil included).
func Code(err error) int {
	var ee *ExitError
	if errors.As(err, &ee) {
		return ee.Code
	}
	return -1
}

// Stderr is what a failed command wrote on its standard error, trimmed ("" for any
// other error).
func Stderr(err error) string {
	var ee *ExitError
	if errors.As(err, &ee) {
		return strings.TrimSpace(ee.Stderr)
	}
	return ""
}

// Git runs git with args in dir and returns its output as a string.
func Git(ctx context.Context, r Runner, dir string, args ...string) (string, error) {
	out, err := r.Run(ctx, Command{Dir: dir, Args: append([]string{"git"}, args...)})
	return string(out), err
}

// GitIn is Git with standard input.
func GitIn(ctx context.Context, r Runner, dir string, stdin []byte, args ...string) (string, error) {
	if stdin == nil {
		stdin = []byte{}
	}
	out, err := r.Run(ctx, Command{Dir: dir, Args: append([]string{"git"}, args...), Stdin: stdin})
	return string(out), err
}

// SplitNUL splits git's -z output into its entries.
func SplitNUL(s string) []string {
	s = strings.TrimSuffix(s, "\x00")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\x00")
}
