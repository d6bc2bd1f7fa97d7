package process

import (
	"context"
	"errors"
)

// Reachable logs in to the host (over its connection, opening it if needed) and runs
// nothing but `true`: an *SSHError says why it cannot.
func (h *SSHHost) Reachable(ctx context.Context) error {
	_, err := h.Run(ctx, "", "true")
	return err
}

// CheckVersion runs `claude --version` on the host and returns the version. Errors
// are an *SSHError (SSHNoClaude when it is not on the remote PATH), a *TooOldError, or
// a version that cannot be read.
func (h *SSHHost) CheckVersion(ctx context.Context) (string, error) {
	out, err := h.Run(ctx, "", h.claude, "--version")
	if err != nil {
		return "", err
	}
	return versionFromOutput(out, h.claude+" on "+h.Spec, "on "+h.Spec)
}

// CheckAuth runs `claude auth status --json` on the host, with the host's own login
// and settings. As with CheckAuth, not being logged in is a status, not an error.
func (h *SSHHost) CheckAuth(ctx context.Context) (AuthStatus, error) {
	out, err := h.Run(ctx, "", h.claude, "auth", "status", "--json")
	var se *SSHError
	if errors.As(err, &se) {
		return AuthStatus{}, err
	}
	return authFromOutput(out, err, h.claude+" on "+h.Spec)
}
