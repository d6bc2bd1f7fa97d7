package commands

import (
	"strings"
	"testing"
)

// A `!` command shows while it runs, one at a time; its result is shown and goes
// with the next prompt, once.
func TestShellRunsOneAtATimeAndFeedsTheNextPrompt(t *testing.T) {
	h := &fakeSession{info: Info{Folder: t.TempDir()}}
	s := h.Shell()
	s.Run(h, "")
	if len(h.notices) != 1 || !strings.Contains(h.notices[0], "usage") {
		t.Fatalf("empty command: %q", h.notices)
	}
	cmd := s.Run(h, "echo hi")
	if s.Run(h, "echo again") != nil || !strings.Contains(h.notices[1], "still running") {
		t.Fatalf("a second command started: %q", h.notices)
	}
	h.run(t, cmd)
	if len(h.shells) != 1 || h.shells[0] != "done 0" || s.Stop() {
		t.Fatalf("transcript %q, still running %v", h.shells, s.Stop())
	}
	want := shellContext("echo hi", ShellResult{Stdout: "hi\n"})
	if got := s.TakeContext(); got != want {
		t.Fatalf("context = %q, want %q", got, want)
	}
	if s.TakeContext() != "" {
		t.Fatal("the output went with a second prompt")
	}
}
