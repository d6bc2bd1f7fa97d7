package commands

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"strings"
)

// shellOutputLimit caps what a `!` command's output keeps of each stream.
const shellOutputLimit = 256 << 10

// ShellResult is how a `!` command ended.
type ShellResult struct {
	Stdout, Stderr string
	ExitCode       int
	Interrupted    bool
}

// ShellCommand is the `!` command of a prompt ("!ls -l" → "ls -l"), ok false when the
// prompt is not one.
func ShellCommand(prompt string) (command string, ok bool) {
	rest, ok := strings.CutPrefix(strings.TrimLeft(prompt, " "), "!")
	if !ok {
		return "", false
	}
	return strings.TrimSpace(rest), true
}

// runShell runs command with `sh -c` in dir, like the user's own terminal would; a
// cancelled ctx stops it and everything it started. It blocks: run it in a tea.Cmd.
func runShell(ctx context.Context, command, dir string, env []string) ShellResult {
	if strings.TrimSpace(command) == "" {
		return ShellResult{Stderr: "Not run: no command was given.", ExitCode: 1}
	}
	cmd := exec.CommandContext(ctx, "/bin/sh", "-c", command)
	cmd.Dir, cmd.Env = dir, env
	var stdout, stderr capped
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	ownGroup(cmd)
	err := cmd.Run()
	r := ShellResult{Stdout: stdout.String(), Stderr: stderr.String()}
	var exit *exec.ExitError
	switch {
	case ctx.Err() != nil:
		r.Interrupted, r.ExitCode = true, -1
	case errors.As(err, &exit):
		r.ExitCode = exit.ExitCode()
	case err != nil:
		r.Stderr += "Command failed: " + err.Error()
		r.ExitCode = -1
	}
	return r
}

// capped is a buffer that keeps the first shellOutputLimit bytes and drops the rest.
type capped struct {
	bytes.Buffer
	dropped bool
}

func (c *capped) Write(p []byte) (int, error) {
	if room := shellOutputLimit - c.Len(); room < len(p) {
		c.dropped = true
		if room > 0 {
			c.Buffer.Write(p[:room])
		}
		return len(p), nil
	}
	return c.Buffer.Write(p)
}

func (c *capped) String() string {
	if c.dropped {
		return c.Buffer.String() + "\n… (output cut at 256 KiB)"
	}
	return c.Buffer.String()
}

// shellContext is how Claude Code tells the model about a `!` command: its input, then
// its output, in the tags its own transcript uses.
func shellContext(command string, r ShellResult) string {
	out := "<bash-stdout>" + strings.TrimRight(r.Stdout, "\n") + "</bash-stdout><bash-stderr>" + strings.TrimRight(r.Stderr, "\n") + "</bash-stderr>"
	if r.Interrupted {
		out = "<bash-stdout>" + strings.TrimRight(r.Stdout, "\n") + "</bash-stdout><bash-stderr>[Request interrupted by user]</bash-stderr>"
	}
	return "<bash-input>" + command + "</bash-input>\n" + out
}
