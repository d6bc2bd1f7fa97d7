package process

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"time"
)

// authTimeout bounds `claude auth status` (under a second on a idle machine).
const authTimeout = 15 * time.Second

// AuthStatus is what `claude auth status --json` reports (CLI 2.1.328).
type AuthStatus struct {
	LoggedIn     bool   `json:"loggedIn"`
	AuthMethod   string `json:"authMethod"`   // "none", "api_key", "claude.ai", …
	APIProvider  string `json:"apiProvider"`  // "firstParty", "bedrock", …
	APIKeySource string `json:"apiKeySource"` // "ANTHROPIC_API_KEY", "apiKeyHelper", …
	Email        string `json:"email"`
}

// Describe says in a few words how the CLI signs in: "api_key from ANTHROPIC_API_KEY".
func (s AuthStatus) Describe() string {
	parts := []string{s.AuthMethod}
	if s.APIKeySource != "" {
		parts = append(parts, "from "+s.APIKeySource)
	}
	if s.Email != "" {
		parts = append(parts, "as "+s.Email)
	}
	if s.APIProvider != "" && s.APIProvider != "firstParty" {
		parts = append(parts, "via "+s.APIProvider)
	}
	return strings.Join(parts, " ")
}

// CheckAuth runs `bin auth status --json` with env (nil: gclaude's own) and returns
// what it reports. Not being logged in is a status (LoggedIn false, the CLI exits 1),
// not an error; an error means the CLI could not say (an old CLI, a timeout).
func CheckAuth(bin string, env []string) (AuthStatus, error) {
	ctx, cancel := context.WithTimeout(context.Background(), authTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "auth", "status", "--json")
	cmd.Env = env
	cmd.WaitDelay = time.Second
	out, err := cmd.Output()
	if ctx.Err() != nil {
		return AuthStatus{}, fmt.Errorf("%s auth status did not answer within %v", bin, authTimeout)
	}
	return authFromOutput(out, err, bin)
}

// authFromOutput reads `claude auth status --json`'s output (err: how it exited).
func authFromOutput(out []byte, err error, name string) (AuthStatus, error) {
	var st AuthStatus
	if jerr := json.Unmarshal(out, &st); jerr != nil {
		msg := "printed no status"
		var ee *exec.ExitError
		var re *RemoteExitError
		switch {
		case errors.As(err, &ee) && len(ee.Stderr) > 0:
			msg = strings.TrimSpace(lastLine(string(ee.Stderr)))
		case errors.As(err, &re) && re.Stderr != "":
			msg = lastLine(re.Stderr)
		case err != nil:
			msg = err.Error()
		}
		return AuthStatus{}, fmt.Errorf("%s auth status: %s", name, msg)
	}
	return st, nil
}
