package tasks

import (
	"time"

	"github.com/gclaude/gclaude/protocol"
)

// State is where a task is in its life.
type State int

const (
	StateRunning State = iota
	StateCompleted
	StateFailed
	StateStopped
)

func (s State) String() string {
	switch s {
	case StateRunning:
		return "running"
	case StateCompleted:
		return "completed"
	case StateFailed:
		return "failed"
	case StateStopped:
		return "stopped"
	}
	return "unknown"
}

// stateOf maps a CLI task status to a State; ok is false for "" and for
// statuses this package does not know.
func stateOf(status string) (st State, ok bool) {
	switch status {
	case protocol.TaskPending, protocol.TaskPaused, protocol.TaskRunning:
		return StateRunning, true
	case protocol.TaskCompleted:
		return StateCompleted, true
	case protocol.TaskFailed:
		return StateFailed, true
	case protocol.TaskStopped, protocol.TaskKilled:
		return StateStopped, true
	}
	return 0, false
}

// Task is one subagent (Kind protocol.TaskLocalAgent) or long shell command
// (protocol.TaskLocalBash) as the store knows it. Store methods return
// copies; change a task through the store only.
type Task struct {
	ID        string // the CLI's task_id; a subagent's can_use_tool.agent_id
	RunID     string
	ToolUseID string // the Agent (or Bash) tool call that started it
	Kind      string // protocol.TaskLocalAgent, protocol.TaskLocalBash, or a newer kind

	Description  string // what the task is for ("List work files")
	Activity     string // the latest step the CLI reported ("Running List files in work dir")
	SubagentType string // "general-purpose", … ("" for shell commands)
	Prompt       string

	State    State
	Status   string // the CLI's own status word (completed, killed, …)
	Stopping bool   // a stop was asked for and has not been confirmed by the CLI yet
	Error    string

	Backgrounded bool // runs past the turn that started it
	Ambient      bool // housekeeping: listed, but not counted as activity
	ParentTaskID string
	Depth        int // spawn depth: 1 for a subagent of the main thread

	Started time.Time
	Ended   time.Time     // zero while running
	Elapsed time.Duration // the CLI's own measure once finished (0: unknown)

	Tokens   int
	ToolUses int
	LastTool string // the tool the task used last ("Bash")
	// RunningTool is the tool_use_id of the subagent's tool call that has no
	// result yet, "" when none.
	RunningTool string
	LastText    string // the subagent's latest words, when the CLI forwards them
	Summary     string // the final report of a finished task
	OutputFile  string
	// Tail is the last lines a shell task wrote, as its last get_task_output read them.
	Tail string

	seenTools int  // distinct tool calls seen in the subagent's transcript
	guessed   bool // ended by the store (turn over, CLI gone), not by the CLI
}

// Running reports whether the task has not finished.
func (t Task) Running() bool { return t.State == StateRunning }

// ElapsedAt is how long the task has run at now, or ran in all once it
// finished.
func (t Task) ElapsedAt(now time.Time) time.Duration {
	if !t.Running() {
		if t.Elapsed > 0 {
			return t.Elapsed
		}
		if !t.Ended.IsZero() {
			return max(t.Ended.Sub(t.Started), 0)
		}
		return 0
	}
	return max(now.Sub(t.Started), 0)
}

// IsAgent reports whether the task is a subagent (and so has a transcript).
func (t Task) IsAgent() bool { return t.Kind == protocol.TaskLocalAgent }
