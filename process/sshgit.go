package process

import (
	"context"
	"errors"
	"fmt"

	"github.com/gclaude/gclaude/internal/gitrun"
)

// Runner is the gitrun.Runner of a session on this host: review and landing run git
// (and gh, cp, rm) there, in the session's folder, over the host's one connection.
// Nothing of this machine's files is read in the host's place.
func (h *SSHHost) Runner() gitrun.Runner { return hostRunner{h} }

type hostRunner struct{ h *SSHHost }

// remoteGitEnv is what gitrun.Environ sets for a local git: the C locale (the few
// messages matched are English, whatever LC_* ssh sends along) and no password
// prompt (there is no terminal on the other end).
var remoteGitEnv = []string{"LC_ALL=C", "GIT_TERMINAL_PROMPT=0"}

// Run runs c on the host. A program that ran and failed is a *gitrun.ExitError; one
// the host does not have (the remote shell's 127) is gitrun.ErrNotFound; ssh's own
// failures stay *SSHError, so the user reads what went wrong with the connection.
func (r hostRunner) Run(ctx context.Context, c gitrun.Command) ([]byte, error) {
	if len(c.Args) == 0 {
		return nil, errors.New("gitrun: no program to run")
	}
	env := append(append([]string{}, remoteGitEnv...), c.Env...)
	out, err := r.h.RunCommand(ctx, RemoteCommand{Dir: c.Dir, Argv: c.Args, Stdin: c.Stdin, Env: env})
	var re *RemoteExitError
	if !errors.As(err, &re) {
		return out, err
	}
	if re.Code == 127 {
		return out, fmt.Errorf("%s on %s: %w", c.Args[0], r.h.Spec, gitrun.ErrNotFound)
	}
	return out, &gitrun.ExitError{Args: c.Args, Code: re.Code, Stderr: re.Stderr}
}
