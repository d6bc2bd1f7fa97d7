package tasks

import (
	"strings"
	"time"

	"github.com/gclaude/gclaude/protocol"
)

func (s *Store) started(m *protocol.TaskStarted) {
	t := s.adopt(m.TaskID, m.ToolUseID)
	s.link(t, m.ToolUseID)
	t.RunID = or(m.RunID, t.RunID)
	t.Kind = or(m.TaskType, t.Kind)
	t.Description = or(m.Description, t.Description)
	t.SubagentType = or(m.SubagentType, t.SubagentType)
	t.Prompt = or(m.Prompt, t.Prompt)
	t.ParentTaskID = or(m.ParentTaskID, t.ParentTaskID)
	// background_tasks_changed may have said so first (exp07d).
	t.Backgrounded = t.Backgrounded || m.IsBackgrounded
	t.Ambient = m.Ambient
	if m.SpawnDepth > 0 {
		t.Depth = m.SpawnDepth
	}
}

// adopt returns the task taskID, taking over a placeholder made earlier for
// the same tool call from the subagent's messages (a CLI that sent them
// before task_started, without agent_id).
func (s *Store) adopt(taskID, toolUseID string) *Task {
	if _, known := s.byID[taskID]; !known && toolUseID != "" {
		if t, ok := s.byTool[toolUseID]; ok && t.ID != taskID {
			delete(s.byID, t.ID)
			for tool, owner := range s.tools {
				if owner == t.ID {
					s.tools[tool] = taskID
				}
			}
			t.ID = taskID
			s.byID[taskID] = t
			return t
		}
	}
	return s.task(taskID)
}

func (s *Store) progress(m *protocol.TaskProgress) {
	t := s.task(m.TaskID)
	s.link(t, m.ToolUseID)
	t.SubagentType = or(m.SubagentType, t.SubagentType)
	if t.Kind == "" && t.SubagentType != "" {
		t.Kind = protocol.TaskLocalAgent
	}
	t.Activity = or(clean(m.Summary), or(clean(m.Description), t.Activity))
	if m.Usage.TotalTokens > 0 {
		t.Tokens = m.Usage.TotalTokens
	}
	t.ToolUses = max(m.Usage.ToolUses, t.seenTools, t.ToolUses)
	t.LastTool = or(m.LastToolName, t.LastTool)
	if !t.Running() {
		return
	}
	// The CLI's own clock says how long it has run: a task first seen late
	// (a resumed view, a lost task_started) still shows its true age.
	if since := s.now().Add(-time.Duration(m.Usage.DurationMS) * time.Millisecond); since.Before(t.Started) {
		t.Started = since
	}
}

func (s *Store) updated(m *protocol.TaskUpdated) {
	t, ok := s.byID[m.TaskID]
	if !ok {
		return // a patch to nothing we know says nothing worth showing
	}
	p := m.Patch
	t.Description = or(p.Description, t.Description)
	if p.IsBackgrounded != nil {
		t.Backgrounded = *p.IsBackgrounded
	}
	if p.Error != "" {
		t.Error = clean(p.Error)
	}
	if st, ok := stateOf(p.Status); ok {
		s.setState(t, st, p.Status)
	}
}

func (s *Store) notified(m *protocol.TaskNotification) {
	t := s.task(m.TaskID)
	s.link(t, m.ToolUseID)
	st, ok := stateOf(m.Status)
	if !ok || st == StateRunning {
		// A notification is the end of a task, whatever the word.
		st = StateCompleted
		if m.Status != "" && m.Status != protocol.TaskCompleted {
			st = StateFailed
		}
	}
	if t.guessed {
		// The CLI's word replaces the store's guess.
		t.guessed, t.Error = false, ""
	}
	s.setState(t, st, m.Status)
	t.Summary = strings.TrimSpace(m.Summary)
	t.OutputFile = or(m.OutputFile, t.OutputFile)
	if m.Usage.TotalTokens > 0 {
		t.Tokens = m.Usage.TotalTokens
	}
	if m.Usage.ToolUses > 0 {
		t.ToolUses = m.Usage.ToolUses
	}
	if m.Usage.DurationMS > 0 {
		t.Elapsed = time.Duration(m.Usage.DurationMS) * time.Millisecond
	}
}

// setState moves t to st; a task that finishes gets its end time and loses
// what only a running task has.
func (s *Store) setState(t *Task, st State, status string) {
	t.Status = or(status, t.Status)
	if st == StateRunning {
		t.State, t.Ended = st, time.Time{}
		return
	}
	if t.Running() {
		t.Ended = s.now()
	}
	t.State, t.Stopping, t.RunningTool = st, false, ""
	s.dropRuns(t)
}

// dropRuns forgets the tool progress of a finished task's calls.
func (s *Store) dropRuns(t *Task) {
	delete(s.runs, t.ToolUseID)
	for tool, owner := range s.tools {
		if owner == t.ID {
			delete(s.runs, tool)
		}
	}
}

func (s *Store) backgroundChanged(m *protocol.BackgroundTasksChanged) {
	now := make(map[string]bool, len(m.Tasks))
	for _, bt := range m.Tasks {
		t := s.task(bt.TaskID)
		t.RunID = or(bt.RunID, t.RunID)
		t.Kind = or(bt.TaskType, t.Kind)
		t.SubagentType = or(bt.SubagentType, t.SubagentType)
		t.Description = or(bt.Description, t.Description)
		t.ParentTaskID = or(bt.ParentTaskID, t.ParentTaskID)
		t.Ambient = t.Ambient || bt.Ambient
		t.Backgrounded = true
		now[bt.TaskID] = true
	}
	// The notification comes first (exp07d); a task that left without one
	// must not run forever on screen.
	for id := range s.background {
		if !now[id] {
			if t, ok := s.byID[id]; ok {
				s.settle(t, "ended without a report")
			}
		}
	}
	s.background = now
}

func (s *Store) toolProgress(m *protocol.ToolProgress) {
	if m.ToolUseID == "" {
		return
	}
	s.runs[m.ToolUseID] = toolRun{
		name:    m.ToolName,
		elapsed: time.Duration(m.ElapsedTimeSeconds) * time.Second,
		at:      s.now(),
	}
	if parent := deref(m.ParentToolUseID); parent != "" {
		if t, ok := s.byTool[parent]; ok && t.Running() {
			s.tools[m.ToolUseID] = t.ID
			t.LastTool = or(m.ToolName, t.LastTool)
			t.RunningTool = m.ToolUseID
		}
	}
}

// assistant follows a subagent's own transcript: its tool calls and words.
func (s *Store) assistant(m *protocol.Assistant) {
	parent := m.Parent()
	if parent == "" {
		return
	}
	t := s.subagent(parent, m.SubagentFields)
	for _, b := range m.Message.Content {
		switch b.Type {
		case protocol.BlockToolUse:
			if _, seen := s.tools[b.ID]; !seen && b.ID != "" {
				s.tools[b.ID] = t.ID
				t.seenTools++
				t.ToolUses = max(t.ToolUses, t.seenTools)
			}
			t.LastTool = or(b.Name, t.LastTool)
			if t.Running() {
				t.RunningTool = b.ID
			}
		case protocol.BlockText:
			t.LastText = or(clean(b.Text), t.LastText)
		}
	}
}

// user follows tool results: a call that has its result no longer runs.
func (s *Store) user(m *protocol.User) {
	parent := m.Parent()
	var t *Task
	if parent != "" {
		t = s.subagent(parent, m.SubagentFields)
	}
	for _, b := range m.Message.Blocks() {
		switch b.Type {
		case protocol.BlockToolResult:
			delete(s.runs, b.ToolUseID)
			if t != nil && t.RunningTool == b.ToolUseID {
				t.RunningTool = ""
			}
		case protocol.BlockText:
			if t != nil && t.Prompt == "" {
				t.Prompt = b.Text // the subagent's first user line is its prompt
			}
		}
	}
}

// subagent is the task of the Agent call parent, made from the message's
// subagent fields when no task message named it yet.
func (s *Store) subagent(parent string, f protocol.SubagentFields) *Task {
	t, ok := s.byTool[parent]
	if !ok {
		// agent_id is the task_id (exp07c); without it the tool call stands in
		// until task_started names the task (adopt).
		t = s.task(or(f.AgentID, parent))
		t.Kind = or(t.Kind, protocol.TaskLocalAgent)
		s.link(t, parent)
	}
	t.SubagentType = or(t.SubagentType, f.SubagentType)
	t.Description = or(t.Description, f.TaskDescription)
	return t
}

// turnEnded settles the foreground tasks the CLI left running when the
// turn's result came: a foreground task cannot outlive its turn.
// Background tasks (and the tasks they started) go on.
func (s *Store) turnEnded() {
	for _, t := range s.order {
		if t.Running() && s.foreground(t) {
			s.settle(t, "ended with the turn")
		}
	}
	for tool := range s.runs {
		if t, ok := s.byID[s.tools[tool]]; !ok || !t.Running() {
			delete(s.runs, tool)
		}
	}
}

// foreground reports whether t and every task above it run in the
// foreground. A parent the store does not know counts as background: it
// cannot be settled with confidence.
func (s *Store) foreground(t *Task) bool {
	for range len(s.order) + 1 { // bounded: parent links could loop
		if t.Backgrounded || s.background[t.ID] {
			return false
		}
		if t.ParentTaskID == "" {
			return true
		}
		p, ok := s.byID[t.ParentTaskID]
		if !ok {
			return false
		}
		t = p
	}
	return false
}

func or(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
