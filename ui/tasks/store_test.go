package tasks

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
)

// TestForegroundSubagentCaptures: a foreground subagent's life from the real
// CLI, with and without partial messages and forwarded subagent text.
func TestForegroundSubagentCaptures(t *testing.T) {
	tests := []struct {
		capture, description string
		summary, lastText    string
	}{
		{"exp07a_task_subagent", "List work files", "Subagent done: files listed.", ""},
		{"exp07b_task_subagent_partial", "List work files", "Subagent done: files listed.", ""},
		{"exp07c_task_subagent_write_perm", "Write a file", "Subagent done: file written.", ""},
		{"exp07e_task_forward_subagent_text", "List work files", "Subagent done: files listed.", "Subagent done: files listed."},
	}
	for _, tt := range tests {
		t.Run(tt.capture, func(t *testing.T) {
			msgs := loadCapture(t, tt.capture)
			s, c := newTestStore()
			// The task's id, tokens and duration are the recording's.
			taskID := first[*protocol.TaskStarted](t, msgs).TaskID
			progress := first[*protocol.TaskProgress](t, msgs).Usage
			done := first[*protocol.TaskNotification](t, msgs).Usage
			elapsed := time.Duration(done.DurationMS) * time.Millisecond

			// Up to the first task_progress: running, counted, linked.
			feed(c, msgs[:indexOf(t, msgs, "system/task_progress", 1)+1], s)
			got, ok := s.ByToolUseID("toolu_fake001")
			if !ok {
				t.Fatal("no task for the Agent call")
			}
			if got.ID != taskID || got.Kind != protocol.TaskLocalAgent || got.SubagentType != "general-purpose" ||
				got.Description != tt.description || !got.Running() || got.Backgrounded {
				t.Fatalf("running task = %+v", got)
			}
			if got.Prompt == "" || got.Activity == "" || got.LastTool == "" || got.Tokens != progress.TotalTokens || got.ToolUses != 1 {
				t.Errorf("progress not kept: %+v", got)
			}
			if n := s.RunningCount(); n != 1 {
				t.Errorf("RunningCount = %d mid-task, want 1", n)
			}
			if line := s.StatusLine("toolu_fake001"); !strings.HasPrefix(line, "● running · ") {
				t.Errorf("StatusLine = %q", line)
			}

			feed(c, msgs[indexOf(t, msgs, "system/task_progress", 1)+1:], s)
			got, _ = s.Task(taskID)
			if got.State != StateCompleted || got.Summary != tt.summary || got.Tokens != done.TotalTokens || got.ToolUses != 1 ||
				got.Elapsed != elapsed || !strings.HasSuffix(got.OutputFile, taskID+".output") || got.LastText != tt.lastText {
				t.Errorf("finished task = %+v", got)
			}
			if got.Error != "" || got.RunningTool != "" {
				t.Errorf("finished task keeps Error %q, RunningTool %q", got.Error, got.RunningTool)
			}
			if s.RunningCount() != 0 || s.Live() || s.Len() != 1 {
				t.Errorf("RunningCount %d, Live %v, Len %d at the end", s.RunningCount(), s.Live(), s.Len())
			}
			want := "✓ completed · " + render.FormatDuration(elapsed) + " · 1 tool · " + strconv.Itoa(done.TotalTokens) + " tokens" // the CLI's duration_ms
			if line := s.StatusLine("toolu_fake001"); line != want {
				t.Errorf("StatusLine = %q, want %q", line, want)
			}
		})
	}
}

// TestAgentIDIsTaskID: in exp07c the subagent's Write asks for permission
// with agent_id equal to the task_id of task_started, and tool_use_id the
// subagent's own call.
func TestAgentIDIsTaskID(t *testing.T) {
	msgs := loadCapture(t, "exp07c_task_subagent_write_perm")
	s, c := newTestStore()
	i := indexOf(t, msgs, "control_request/can_use_tool", 1)
	feed(c, msgs[:i], s)
	req := msgs[i].(*protocol.CanUseTool)
	if want := first[*protocol.TaskStarted](t, msgs).TaskID; req.AgentID != want {
		t.Fatalf("agent_id %q, want the task_id %q", req.AgentID, want)
	}
	if got, want := s.DescribeAgent(req.AgentID), `general-purpose subagent "Write a file"`; got != want {
		t.Errorf("DescribeAgent = %q, want %q", got, want)
	}
	if got := s.AgentDescription(req.AgentID); got != "Write a file" {
		t.Errorf("AgentDescription = %q", got)
	}
	if task, ok := s.TaskOfTool(req.ToolUseID); !ok || task.ID != req.AgentID {
		t.Errorf("TaskOfTool(%s) = %+v, %v", req.ToolUseID, task, ok)
	}
	if got := s.DescribeAgent(""); got != "" {
		t.Errorf("DescribeAgent of the main thread = %q", got)
	}
	if got := s.DescribeAgent("a\x1b]0;x\x07b"); strings.ContainsAny(got, "\x1b\x07") {
		t.Errorf("unknown agent id not sanitised: %q", got)
	}
}

// TestBackgroundSubagent follows exp07d: membership first, the turn's result
// while the subagent runs, then its end and a turn the CLI starts itself.
func TestBackgroundSubagent(t *testing.T) {
	msgs := loadCapture(t, "exp07d_task_background")
	s, c := newTestStore()
	id := first[*protocol.TaskStarted](t, msgs).TaskID
	steps := []struct {
		upTo  int // messages applied so far (index of the last one + 1)
		check func(t *testing.T, task Task)
	}{
		{indexOf(t, msgs, "system/background_tasks_changed", 1) + 1, func(t *testing.T, task Task) {
			if !task.Running() || !task.Backgrounded || task.Description != "Background lister" || task.ToolUseID != "" {
				t.Errorf("after membership: %+v", task)
			}
		}},
		{indexOf(t, msgs, "system/task_started", 1) + 1, func(t *testing.T, task Task) {
			if task.ToolUseID != "toolu_fake001" || !task.Backgrounded || s.Len() != 1 {
				t.Errorf("after task_started: %+v (Len %d)", task, s.Len())
			}
		}},
		{indexOf(t, msgs, "result/success", 1) + 1, func(t *testing.T, task Task) {
			if !task.Running() || s.RunningCount() != 1 {
				t.Errorf("the turn's result stopped the background task: %+v", task)
			}
		}},
		{indexOf(t, msgs, "system/task_notification", 1) + 1, func(t *testing.T, task Task) {
			if task.State != StateCompleted || task.Summary != "Subagent done: files listed." || task.LastText != task.Summary {
				t.Errorf("after the notification: %+v", task)
			}
		}},
		{len(msgs), func(t *testing.T, task Task) {
			if task.State != StateCompleted || task.Error != "" || s.RunningCount() != 0 || s.Len() != 1 {
				t.Errorf("after the follow-up turn: %+v (running %d, Len %d)", task, s.RunningCount(), s.Len())
			}
		}},
	}
	done := 0
	for _, st := range steps {
		feed(c, msgs[done:st.upTo], s)
		done = st.upTo
		task, ok := s.Task(id)
		if !ok {
			t.Fatalf("no task %s after %d messages", id, done)
		}
		st.check(t, task)
	}
}

// TestLocalBashCapture: a long Bash command is a local_bash task (exp08i).
func TestLocalBashCapture(t *testing.T) {
	msgs := loadCapture(t, "exp08i_keepalive_idle_and_long")
	s, c := newTestStore()
	i := indexOf(t, msgs, "system/task_started", 1)
	feed(c, msgs[:i+1], s)
	id := first[*protocol.TaskStarted](t, msgs).TaskID
	task, ok := s.ByToolUseID("toolu_fake001")
	if !ok || task.ID != id || task.Kind != protocol.TaskLocalBash || task.Description != "Wait twenty seconds" || !task.Running() {
		t.Fatalf("bash task = %+v, %v", task, ok)
	}
	if s.RunningCount() != 1 {
		t.Errorf("RunningCount = %d", s.RunningCount())
	}
	c.Advance(17 * time.Second)
	if line := s.StatusLine("toolu_fake001"); line != "● running · 17s" {
		t.Errorf("StatusLine = %q", line)
	}
	feed(c, msgs[i+1:], s)
	task, _ = s.Task(id)
	if task.State != StateCompleted || task.OutputFile != "" || task.Summary != "Wait twenty seconds" || s.RunningCount() != 0 {
		t.Errorf("finished bash task = %+v", task)
	}
	if got := s.DescribeAgent(id); got != `shell task "Wait twenty seconds"` {
		t.Errorf("DescribeAgent = %q", got)
	}
}

func started(id, tool, desc string, bg bool) *protocol.TaskStarted {
	return &protocol.TaskStarted{TaskID: id, ToolUseID: tool, Description: desc, SubagentType: "general-purpose",
		TaskType: protocol.TaskLocalAgent, IsBackgrounded: bg, SpawnDepth: 1}
}

func sub(parent string, blocks ...protocol.ContentBlock) *protocol.Assistant {
	return &protocol.Assistant{ParentToolUseID: &parent, Message: protocol.APIMessage{ID: "msg_" + parent, Content: blocks}}
}

func subResult(parent, toolID string) *protocol.User {
	return &protocol.User{ParentToolUseID: &parent, Message: protocol.UserBody{Role: "user",
		Content: []byte(`[{"type":"tool_result","tool_use_id":"` + toolID + `","content":"ok"}]`)}}
}

func TestToolProgress(t *testing.T) {
	s, c := newTestStore()
	parent := "toolu_agent"
	s.Apply(started("t1", parent, "Build", false))
	s.Apply(sub(parent, protocol.ContentBlock{Type: protocol.BlockToolUse, ID: "toolu_b", Name: "Bash"}))
	s.Apply(&protocol.ToolProgress{ToolUseID: "toolu_b", ToolName: "Bash", ParentToolUseID: &parent, ElapsedTimeSeconds: 4})
	c.Advance(3 * time.Second)
	if el, ok := s.ToolElapsed("toolu_b"); !ok || el != 7*time.Second {
		t.Errorf("ToolElapsed = %v, %v; want 7s", el, ok)
	}
	if line := s.StatusLine(parent); line != "● running · 3.0s · 1 tool · Bash 7.0s" {
		t.Errorf("StatusLine = %q", line)
	}
	s.Apply(subResult(parent, "toolu_b"))
	if _, ok := s.ToolElapsed("toolu_b"); ok {
		t.Error("a call with its result still has an elapsed time")
	}
	if task, _ := s.Task("t1"); task.RunningTool != "" || task.LastTool != "Bash" {
		t.Errorf("after the result: %+v", task)
	}
	// A main-thread tool's progress is dropped at the end of the turn.
	s.Apply(&protocol.ToolProgress{ToolUseID: "toolu_main", ToolName: "Bash", ElapsedTimeSeconds: 1})
	s.Apply(&protocol.Result{Subtype: "success"})
	if _, ok := s.ToolElapsed("toolu_main"); ok {
		t.Error("main-thread progress kept after the result")
	}
}

// TestSettling: tasks the CLI leaves running without a word are settled,
// and the CLI's later word wins.
func TestSettling(t *testing.T) {
	tests := []struct {
		name   string
		msgs   []protocol.Message
		state  State
		reason string
	}{
		{"foreground task at the turn's result", []protocol.Message{
			started("t1", "toolu_1", "fg", false), &protocol.Result{Subtype: "error_during_execution"},
		}, StateStopped, "ended with the turn"},
		{"background task at the turn's result", []protocol.Message{
			started("t1", "toolu_1", "bg", true), &protocol.Result{Subtype: "success"},
		}, StateRunning, ""},
		{"foreground child of a background task", []protocol.Message{
			started("t0", "toolu_0", "bg", true),
			&protocol.TaskStarted{TaskID: "t1", ToolUseID: "toolu_1", TaskType: protocol.TaskLocalAgent, ParentTaskID: "t0", SpawnDepth: 2},
			&protocol.Result{Subtype: "success"},
		}, StateRunning, ""},
		{"left the background set", []protocol.Message{
			&protocol.BackgroundTasksChanged{Tasks: []protocol.BackgroundTask{{TaskID: "t1", TaskType: protocol.TaskLocalAgent}}},
			&protocol.BackgroundTasksChanged{},
		}, StateStopped, "ended without a report"},
		{"notification after a guess", []protocol.Message{
			started("t1", "toolu_1", "fg", false), &protocol.Result{Subtype: "success"},
			&protocol.TaskNotification{TaskID: "t1", Status: protocol.TaskCompleted, Summary: "done"},
		}, StateCompleted, ""},
		{"failed patch", []protocol.Message{
			started("t1", "toolu_1", "fg", false),
			&protocol.TaskUpdated{TaskID: "t1", Patch: protocol.TaskPatch{Status: protocol.TaskFailed, Error: "boom\nline 2"}},
		}, StateFailed, "boom line 2"},
		{"killed notification", []protocol.Message{
			started("t1", "toolu_1", "fg", false),
			&protocol.TaskNotification{TaskID: "t1", Status: protocol.TaskKilled},
		}, StateStopped, ""},
		{"unknown notification status", []protocol.Message{
			started("t1", "toolu_1", "fg", false),
			&protocol.TaskNotification{TaskID: "t1", Status: "exploded"},
		}, StateFailed, ""},
		{"patch to an unknown task", []protocol.Message{
			started("t1", "toolu_1", "fg", false),
			&protocol.TaskUpdated{TaskID: "nope", Patch: protocol.TaskPatch{Status: protocol.TaskFailed}},
		}, StateRunning, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, c := newTestStore()
			feed(c, tt.msgs, s)
			task, ok := s.Task("t1")
			if !ok {
				t.Fatal("no task t1")
			}
			if task.State != tt.state || task.Error != tt.reason {
				t.Errorf("state %v, error %q; want %v, %q", task.State, task.Error, tt.state, tt.reason)
			}
			if !task.Running() && task.Ended.IsZero() {
				t.Error("finished without an end time")
			}
		})
	}
}

func TestSessionEndedAndStopping(t *testing.T) {
	s, c := newTestStore()
	s.Apply(started("t1", "toolu_1", "bg", true))
	s.SetStopping("t1", true)
	if line := s.StatusLine("toolu_1"); !strings.HasPrefix(line, "● stopping · background") {
		t.Errorf("StatusLine = %q", line)
	}
	c.Advance(5 * time.Second)
	s.SessionEnded()
	task, _ := s.Task("t1")
	if task.State != StateStopped || task.Stopping || task.Error != "claude exited" || s.Live() {
		t.Errorf("after SessionEnded: %+v", task)
	}
	if got := task.ElapsedAt(c.Now().Add(time.Hour)); got != 5*time.Second {
		t.Errorf("elapsed of a stopped task = %v, want 5s", got)
	}
	s.Reset()
	if s.Len() != 0 {
		t.Error("Reset kept tasks")
	}
}

// TestPlaceholderAdopted: subagent lines before task_started (no agent_id)
// make one task, which task_started then names.
func TestPlaceholderAdopted(t *testing.T) {
	s, c := newTestStore()
	feed(c, []protocol.Message{
		sub("toolu_a", protocol.ContentBlock{Type: protocol.BlockToolUse, ID: "toolu_x", Name: "Read"}),
		started("t9", "toolu_a", "Read things", false),
		&protocol.TaskProgress{TaskID: "t9", ToolUseID: "toolu_a", Usage: protocol.TaskUsage{TotalTokens: 5, DurationMS: 2000}},
	}, s)
	if s.Len() != 1 {
		t.Fatalf("%d tasks, want 1: %+v", s.Len(), s.Tasks())
	}
	task, ok := s.Task("t9")
	if !ok || task.ToolUseID != "toolu_a" || task.LastTool != "Read" || task.ToolUses != 1 {
		t.Fatalf("adopted task = %+v, %v", task, ok)
	}
	if owner, _ := s.TaskOfTool("toolu_x"); owner.ID != "t9" {
		t.Errorf("TaskOfTool = %q", owner.ID)
	}
	// task_progress's duration moves the start back to the CLI's.
	if got := task.ElapsedAt(c.Now()); got != 2*time.Second {
		t.Errorf("elapsed %v, want 2s", got)
	}
}
