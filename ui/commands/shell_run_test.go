package commands

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"
)

func TestShellCommand(t *testing.T) {
	for _, tt := range []struct {
		in, want string
		ok       bool
	}{{"!ls -l", "ls -l", true}, {"! git status ", "git status", true}, {"ls", "", false}, {"why!", "", false}} {
		got, ok := ShellCommand(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ShellCommand(%q) = %q, %v", tt.in, got, ok)
		}
	}
}

func TestRunShell(t *testing.T) {
	dir := t.TempDir()
	r := runShell(context.Background(), "pwd; echo oops >&2; exit 3", dir, os.Environ())
	if strings.TrimSpace(r.Stdout) != dir || strings.TrimSpace(r.Stderr) != "oops" || r.ExitCode != 3 || r.Interrupted {
		t.Fatalf("result %+v", r)
	}
}

// A cancelled command stops, children included (a pipe left open by a child would
// otherwise keep it waiting for a minute).
func TestRunShellInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan ShellResult)
	go func() { done <- runShell(ctx, "echo started; sleep 60 | cat", t.TempDir(), os.Environ()) }()
	time.Sleep(200 * time.Millisecond) // usually lets it start; the test passes either way
	cancel()
	r := <-done
	if !r.Interrupted {
		t.Fatalf("result %+v", r)
	}
}

func TestShellContext(t *testing.T) {
	got := shellContext("ls", ShellResult{Stdout: "a\nb\n", Stderr: ""})
	want := "<bash-input>ls</bash-input>\n<bash-stdout>a\nb</bash-stdout><bash-stderr></bash-stderr>"
	if got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
}
