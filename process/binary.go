package process

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// MinVersion is the oldest CLI gclaude accepts: the floor the official Python SDK checks
// (it warns below 2.0.0). The wire protocol was measured on 2.1.328; older 2.x releases
// may lack some messages, which the decoder tolerates.
const MinVersion = "2.0.0"

// InstallHint says how to get the CLI.
const InstallHint = "npm install -g @anthropic-ai/claude-code"

// versionTimeout bounds `claude --version` (it answers in milliseconds).
const versionTimeout = 5 * time.Second

// NotFoundError says where the CLI was looked for and why each place failed.
type NotFoundError struct {
	Searched []string // e.g. "$CLAUDE_BIN (/opt/claude): no such file or directory"
}

func (e *NotFoundError) Error() string {
	var b strings.Builder
	b.WriteString("claude CLI not found; looked in:\n")
	for _, s := range e.Searched {
		b.WriteString("  - " + s + "\n")
	}
	b.WriteString("Install it with `" + InstallHint + "`, or point --claude-bin or $CLAUDE_BIN at it.")
	return b.String()
}

// FindBinary locates the CLI: explicit (a path, or a name looked up on PATH), then
// $CLAUDE_BIN, then `claude` on PATH, then ~/.claude/local/claude (the CLI's own local
// install). An explicit value or $CLAUDE_BIN that does not work is an error rather than
// a reason to run some other claude. The result is an absolute path, so a working
// directory set later cannot change which file runs.
func FindBinary(explicit string) (string, error) {
	if explicit != "" {
		return lookOnly("--claude-bin "+explicit, explicit)
	}
	if env := os.Getenv("CLAUDE_BIN"); env != "" {
		return lookOnly("$CLAUDE_BIN ("+env+")", env)
	}
	path, err := look("claude")
	if err == nil {
		return path, nil
	}
	searched := []string{"claude on $PATH: " + reason(err)}
	if home, herr := os.UserHomeDir(); herr == nil {
		local := filepath.Join(home, ".claude", "local", "claude")
		if path, err = look(local); err == nil {
			return path, nil
		}
		searched = append(searched, local+": "+reason(err))
	}
	return "", &NotFoundError{Searched: searched}
}

func lookOnly(where, name string) (string, error) {
	path, err := look(name)
	if err != nil {
		return "", &NotFoundError{Searched: []string{where + ": " + reason(err)}}
	}
	return path, nil
}

// look resolves name like a shell (a name with a slash is a path) and makes it absolute.
func look(name string) (string, error) {
	path, err := exec.LookPath(name)
	if errors.Is(err, exec.ErrDot) {
		err = nil // found relative to the current directory: fine once made absolute
	}
	if err != nil {
		return "", err
	}
	return filepath.Abs(path)
}

// reason strips exec's "exec: \"name\": " prefix, which only repeats the name.
func reason(err error) string {
	var ee *exec.Error
	if errors.As(err, &ee) {
		err = ee.Err
	}
	if errors.Is(err, os.ErrNotExist) || errors.Is(err, exec.ErrNotFound) {
		return "not found"
	}
	if errors.Is(err, os.ErrPermission) {
		return "not executable"
	}
	return err.Error()
}

// CheckVersion runs `bin --version` and returns the version (e.g. "2.1.328"). It fails
// when the command fails, prints no version, or the version is older than MinVersion.
func CheckVersion(bin string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), versionTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--version")
	cmd.WaitDelay = time.Second // a child left holding stdout must not hang us
	out, err := cmd.Output()
	if ctx.Err() != nil {
		return "", fmt.Errorf("%s --version did not answer within %v", bin, versionTimeout)
	}
	if err != nil {
		msg := err.Error()
		var ee *exec.ExitError
		if errors.As(err, &ee) && len(ee.Stderr) > 0 {
			msg += ": " + strings.TrimSpace(lastLine(string(ee.Stderr)))
		}
		return "", fmt.Errorf("%s --version failed: %s", bin, msg)
	}
	return versionFromOutput(out, bin, "at "+bin)
}

// versionFromOutput reads `claude --version`'s output: name is the command for
// messages, where says where it runs for TooOldError ("at PATH", "on HOST").
func versionFromOutput(out []byte, name, where string) (string, error) {
	// The CLI prints "2.1.328 (Claude Code)".
	first, _, _ := strings.Cut(strings.TrimSpace(string(out)), " ")
	v, ok := parseVersion(first)
	if !ok {
		return "", fmt.Errorf("%s --version printed %q, not a version: is it the claude CLI? (%s)",
			name, strings.TrimSpace(lastLine(string(out))), InstallHint)
	}
	if tooOld(v) {
		return first, &TooOldError{Version: first, Where: where}
	}
	return first, nil
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	const max = 200
	if len(s) > max {
		s = s[:max] + "…"
	}
	return s
}

// tooOld reports whether v is older than MinVersion.
func tooOld(v version) bool {
	min, _ := parseVersion(MinVersion)
	return v.less(min)
}

type version [3]int

// parseVersion reads "X.Y.Z" with an optional "-suffix" or "+suffix", which is ignored.
func parseVersion(s string) (version, bool) {
	if i := strings.IndexAny(s, "-+"); i >= 0 {
		s = s[:i]
	}
	parts := strings.Split(s, ".")
	if len(parts) != 3 {
		return version{}, false
	}
	var v version
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return version{}, false
		}
		v[i] = n
	}
	return v, true
}

func (v version) less(w version) bool {
	for i := range v {
		if v[i] != w[i] {
			return v[i] < w[i]
		}
	}
	return false
}
