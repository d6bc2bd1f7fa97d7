package session

import (
	"errors"
	"slices"
	"testing"

	"github.com/gclaude/gclaude/process"
)

func TestExitSummary(t *testing.T) {
	tests := []struct {
		ev       process.Exited
		headline string
		details  []string
	}{
		{process.Exited{Code: 0}, "claude exited", nil},
		{process.Exited{Code: 1, Err: errors.New("exit status 1")}, "claude exited with code 1", nil},
		{process.Exited{Code: -1, Signal: "SIGKILL"}, "claude was killed by SIGKILL", nil},
		{process.Exited{Code: -1, Signal: "SIGTERM", Stopped: &process.LineTooLongError{Max: process.MaxLineBytes}},
			"claude wrote a stdout line longer than 64 MiB, the most gclaude reads as one message; gclaude stopped it", nil},
		{process.Exited{Code: 0, Err: errors.New("stdout: read error")}, "claude exited: stdout: read error", nil},
		{process.Exited{Code: 1, Stderr: []string{"1", "2", "", "3", "4", "5", "6\x1b[31m"}}, "claude exited with code 1", []string{"3", "4", "5", "6␛[31m"}},
	}
	for _, tt := range tests {
		h, d := ExitSummary(tt.ev)
		if h != tt.headline || !slices.Equal(d, tt.details) {
			t.Errorf("ExitSummary(%+v) = %q %q, want %q %q", tt.ev, h, d, tt.headline, tt.details)
		}
	}
}

func TestExitText(t *testing.T) {
	if got := ExitText("claude exited", nil); got != "claude exited" {
		t.Errorf("no details: %q", got)
	}
	if got := ExitText("claude exited", []string{"a", "b"}); got != "claude exited\n  a\n  b" {
		t.Errorf("details: %q", got)
	}
}
