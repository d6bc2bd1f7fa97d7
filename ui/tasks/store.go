package tasks

import (
	"time"

	"github.com/gclaude/gclaude/protocol"
)

// Store follows every task of a session. The zero value is not usable; call
// NewStore. It is not safe for concurrent use (the root model owns it).
type Store struct {
	now func() time.Time

	order  []*Task           // in the order they started
	byID   map[string]*Task  // task_id → task
	byTool map[string]*Task  // the starting tool_use_id → task
	tools  map[string]string // a subagent's tool_use_id → the task that made the call
	runs   map[string]toolRun
	// background is the membership of the last background_tasks_changed.
	background map[string]bool
	// finished are announcements of tasks that finished during a turn (Announce).
	finished []string
	// polling is set while a read of the running shells' output is scheduled (output.go).
	polling bool
}

// toolRun is the last tool_progress of a running tool call.
type toolRun struct {
	name    string
	elapsed time.Duration
	at      time.Time // when the progress arrived, to extrapolate
}

// NewStore returns an empty store on a clock; nil means time.Now.
func NewStore(now func() time.Time) *Store {
	if now == nil {
		now = time.Now
	}
	s := &Store{now: now}
	s.Reset()
	return s
}

// Reset forgets every task (a new conversation).
func (s *Store) Reset() {
	s.order = nil
	s.byID = map[string]*Task{}
	s.byTool = map[string]*Task{}
	s.tools = map[string]string{}
	s.runs = map[string]toolRun{}
	s.background = map[string]bool{}
	s.finished = nil
}

// Now is the store's clock.
func (s *Store) Now() time.Time { return s.now() }

// Tasks is every task, in the order they started.
func (s *Store) Tasks() []Task {
	out := make([]Task, len(s.order))
	for i, t := range s.order {
		out[i] = *t
	}
	return out
}

// Len is the number of tasks.
func (s *Store) Len() int { return len(s.order) }

// Task looks a task up by its task_id.
func (s *Store) Task(taskID string) (Task, bool) {
	t, ok := s.byID[taskID]
	if !ok {
		return Task{}, false
	}
	return *t, true
}

// ByToolUseID is the task started by the Agent (or Bash) tool call toolUseID.
func (s *Store) ByToolUseID(toolUseID string) (Task, bool) {
	t, ok := s.byTool[toolUseID]
	if !ok || toolUseID == "" {
		return Task{}, false
	}
	return *t, true
}

// TaskOfTool is the task whose subagent made the tool call toolUseID (e.g.
// the tool_use_id of a can_use_tool that carries an agent_id).
func (s *Store) TaskOfTool(toolUseID string) (Task, bool) {
	return s.Task(s.tools[toolUseID])
}

// RunningCount is the number of tasks still running, housekeeping (ambient)
// tasks aside: what the status bar shows.
func (s *Store) RunningCount() int {
	n := 0
	for _, t := range s.order {
		if t.Running() && !t.Ambient {
			n++
		}
	}
	return n
}

// Live reports whether anything shown changes with time (elapsed times,
// spinners): the root keeps ticking while it is true.
func (s *Store) Live() bool {
	for _, t := range s.order {
		if t.Running() {
			return true
		}
	}
	return len(s.runs) > 0
}

// ToolElapsed is how long the tool call toolUseID has been running, from
// the CLI's tool_progress reports carried forward to now; ok is false when
// no progress was reported or the call has its result.
func (s *Store) ToolElapsed(toolUseID string) (time.Duration, bool) {
	r, ok := s.runs[toolUseID]
	if !ok {
		return 0, false
	}
	return r.elapsed + max(s.now().Sub(r.at), 0), true
}

// SetStopping marks a task whose stop was asked for (or, with false, a stop
// that failed). The CLI's notification settles it.
func (s *Store) SetStopping(taskID string, stopping bool) {
	if t, ok := s.byID[taskID]; ok && t.Running() {
		t.Stopping = stopping
	}
}

// SessionEnded settles every running task as stopped: the CLI is gone and
// will report nothing more.
func (s *Store) SessionEnded() {
	for _, t := range s.order {
		s.settle(t, "claude exited")
	}
	clear(s.runs)
	clear(s.background)
}

// settle ends a task the CLI did not report on, as stopped with a reason. A
// notification that comes later still overrides it.
func (s *Store) settle(t *Task, reason string) {
	if !t.Running() {
		return
	}
	t.State, t.Stopping, t.guessed = StateStopped, false, true
	if t.Error == "" {
		t.Error = reason
	}
	t.Ended = s.now()
	t.RunningTool = ""
	s.dropRuns(t)
}

// task returns the task with id, creating it (started now) if it is new.
func (s *Store) task(id string) *Task {
	if t, ok := s.byID[id]; ok {
		return t
	}
	t := &Task{ID: id, State: StateRunning, Started: s.now(), Depth: 1}
	s.byID[id] = t
	s.order = append(s.order, t)
	return t
}

// link records the tool call that started t.
func (s *Store) link(t *Task, toolUseID string) {
	if toolUseID == "" || t.ToolUseID == toolUseID {
		return
	}
	t.ToolUseID = toolUseID
	s.byTool[toolUseID] = t
}

// Apply folds one stdout message into the store. Messages that say nothing
// about tasks are ignored, so the root can pass every message.
func (s *Store) Apply(msg protocol.Message) {
	switch m := msg.(type) {
	case *protocol.TaskStarted:
		s.started(m)
	case *protocol.TaskProgress:
		s.progress(m)
	case *protocol.TaskUpdated:
		s.updated(m)
	case *protocol.TaskNotification:
		s.notified(m)
	case *protocol.BackgroundTasksChanged:
		s.backgroundChanged(m)
	case *protocol.ToolProgress:
		s.toolProgress(m)
	case *protocol.Assistant:
		s.assistant(m)
	case *protocol.User:
		s.user(m)
	case *protocol.Result:
		s.turnEnded()
	}
}
