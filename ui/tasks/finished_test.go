package tasks

import (
	"testing"
	"time"

	"github.com/gclaude/gclaude/protocol"
)

// An agent's summary is its report: the notice names the agent and how it ended.
func TestFinishedTextNamesAgent(t *testing.T) {
	s := NewStore(time.Now)
	s.Apply(&protocol.TaskStarted{TaskID: "a1", ToolUseID: "toolu_2", Description: "Background lister", TaskType: protocol.TaskLocalAgent, IsBackgrounded: true})
	got := s.FinishedText(&protocol.TaskNotification{TaskID: "a1", Status: "failed", Summary: "could not list"})
	if want := "Background task “Background lister” failed: could not list"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
