package sshrig

import (
	"context"
	"strings"
	"testing"
	"time"
)

// The rig's server takes the rig's key, runs the command in the remote environment,
// and the remote claude finds its own settings there.
func TestRigRunsCommandsInTheRemoteEnvironment(t *testing.T) {
	r := New(t, Options{Files: map[string]string{"a.txt": "alpha"}})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := r.SSH(ctx, "cd "+r.Dir+" && cat a.txt && echo \" $HOME\" && claude --version").CombinedOutput()
	if err != nil {
		t.Fatalf("ssh: %v: %s\nsshd log:\n%s", err, out, r.Log())
	}
	got := string(out)
	if !strings.HasPrefix(got, "alpha "+r.Home+"\n") || !strings.Contains(got, "(Claude Code)") {
		t.Errorf("output = %q", got)
	}
	if n := r.Logins(); n != 1 {
		t.Errorf("Logins = %d, want 1", n)
	}
}
