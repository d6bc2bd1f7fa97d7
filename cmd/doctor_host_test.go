package cmd

import (
	"strings"
	"testing"

	"github.com/gclaude/gclaude/internal/sshrig"
)

// doctor --host against a real OpenSSH server: a working host, then a wrong port, a
// claude too old, and a host without claude, each in words the user can act on.
func TestE2EDoctorHost(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: runs ssh and the real CLI")
	}
	r := sshrig.New(t, sshrig.Options{})
	t.Setenv("XDG_RUNTIME_DIR", r.ControlDir) // the connection's socket stays in the rig
	t.Setenv("GCLAUDE_SSH_CONFIG", r.ConfigFile)

	out, err := runCmd(t, "doctor", "--host", r.Host)
	if err != nil || !strings.Contains(out, "logged in without a prompt ✓") || !strings.Contains(out, "claude:   2.") ||
		!strings.Contains(out, "logged in: api_key") || !strings.Contains(out, "everything looks fine") {
		t.Fatalf("working host: err %v\n%s\nsshd log:\n%s", err, out, r.Log())
	}

	wrongPort := r.User + "@127.0.0.1:1"
	out, err = runCmd(t, "doctor", "--host", wrongPort)
	if code, ok := err.(exitCode); !ok || code != 1 || !strings.Contains(out, "refused the connection: is sshd running there, and is the port right?") {
		t.Fatalf("wrong port: err %v\n%s", err, out)
	}

	r.ReplaceClaude(t, `echo "1.0.128 (Claude Code)"`)
	out, err = runCmd(t, "doctor", "--host", r.Host)
	if code, ok := err.(exitCode); !ok || code != 1 || !strings.Contains(out, "claude CLI 1.0.128 on "+r.Host+" is too old: gclaude needs") {
		t.Fatalf("old claude: err %v\n%s", err, out)
	}

	r.RemoveClaude(t)
	out, err = runCmd(t, "doctor", "--host", r.Host, "--ssh-config", r.ConfigFile)
	if code, ok := err.(exitCode); !ok || code != 1 || !strings.Contains(out, "claude is not on the PATH on "+r.Host+": install it on "+r.Host+": npm install -g @anthropic-ai/claude-code") {
		t.Fatalf("no claude: err %v\n%s", err, out)
	}
}
