package tasks

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/protocol"
)

// The output of a running shell command: stream-json sends no output while a command
// runs (tool_progress carries only the elapsed time), so, as the CLI's get_task_output
// documentation suggests, gclaude reads the end of it once a second. Its last lines
// show under the Bash call (StatusLine) until it ends.

// OutputPollInterval is how often the running shells' output is read.
const OutputPollInterval = time.Second

// tailLines is how many of the last lines a running command shows.
const tailLines = 5

// OutputPollMsg is due when the running shells' output should be read again.
type OutputPollMsg struct{}

// PollOutput schedules the next read with after (tea.Tick, or a test's clock) when a
// shell command runs and none is scheduled; nil otherwise.
func (s *Store) PollOutput(after func(time.Duration, func(time.Time) tea.Msg) tea.Cmd) tea.Cmd {
	if s.polling || len(s.RunningShells()) == 0 {
		return nil
	}
	s.polling = true
	return after(OutputPollInterval, func(time.Time) tea.Msg { return OutputPollMsg{} })
}

// OutputPolled notes that the scheduled read is due: the ids of the shells to read
// now. The root asks PollOutput again for the next one.
func (s *Store) OutputPolled() []string {
	s.polling = false
	return s.RunningShells()
}

// RunningShells are the task ids of the shell commands still running.
func (s *Store) RunningShells() []string {
	var ids []string
	for _, t := range s.order {
		if t.Kind == protocol.TaskLocalBash && t.Running() {
			ids = append(ids, t.ID)
		}
	}
	return ids
}

// SetOutput keeps the last lines of what get_task_output returned for a task; false
// when nothing changed.
func (s *Store) SetOutput(taskID, output string) bool {
	t, ok := s.byID[taskID]
	if !ok {
		return false
	}
	tail := lastLines(ansi.Strip(strings.ReplaceAll(output, "\r\n", "\n")), tailLines)
	if tail == t.Tail {
		return false
	}
	t.Tail = tail
	return true
}

// lastLines is the last n non-empty-ended lines of s.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
