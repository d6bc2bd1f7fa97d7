package tasks

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
)

// A running shell command is read once a second (one read scheduled at a time, none
// once it ended); its last lines, escape sequences stripped, follow its status line.
func TestShellOutputPollAndTail(t *testing.T) {
	s, c := newTestStore()
	if s.PollOutput(tea.Tick) != nil {
		t.Fatal("a read is scheduled with no shell running")
	}
	s.Apply(&protocol.TaskStarted{TaskID: "b1", ToolUseID: "tu1", Description: "Count", TaskType: protocol.TaskLocalBash})
	s.Apply(&protocol.TaskStarted{TaskID: "a1", ToolUseID: "tu2", Description: "Agent", TaskType: protocol.TaskLocalAgent})
	if s.PollOutput(tea.Tick) == nil {
		t.Fatal("no read scheduled for a running shell")
	}
	if s.PollOutput(tea.Tick) != nil {
		t.Fatal("a second read scheduled while one is")
	}
	if ids := s.OutputPolled(); len(ids) != 1 || ids[0] != "b1" {
		t.Fatalf("reads %v, want the shell b1 only", ids)
	}
	out := "\x1b[32mtick 1\x1b[m\r\n"
	for i := 2; i <= 7; i++ {
		out += "tick " + string(rune('0'+i)) + "\n"
	}
	if !s.SetOutput("b1", out) || s.SetOutput("b1", out) {
		t.Fatal("SetOutput should report a change once")
	}
	c.Advance(3 * time.Second)
	want := "● running · 3.0s\ntick 3\ntick 4\ntick 5\ntick 6\ntick 7"
	if got := s.StatusLine("tu1"); got != want {
		t.Fatalf("StatusLine = %q, want %q", got, want)
	}
	s.Apply(&protocol.TaskNotification{TaskID: "b1", Status: protocol.TaskCompleted})
	if s.PollOutput(tea.Tick) != nil || len(s.RunningShells()) != 0 {
		t.Fatal("reads go on after the shell ended")
	}
}
