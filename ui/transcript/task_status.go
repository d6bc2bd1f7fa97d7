package transcript

import "github.com/gclaude/gclaude/protocol"

// SetTaskStatusFunc lets the root show its own live account of the task an
// Agent call started ("● running · 12s · 3 tools · Bash 4s") under that
// call, in place of the status the transcript builds from the task
// messages. fn gets the Agent call's tool_use_id; "" keeps the
// transcript's own status. nil removes the hook.
//
// The lines are asked for again after every message that can move a task
// and on every Tick, and a call is redrawn only when its line changed; call
// RefreshTaskStatus after changing what fn reports by other means (a stop
// was asked for, the CLI exited).
func (c *Conversation) SetTaskStatusFunc(fn func(toolUseID string) string) {
	c.shared.taskStatus = fn
	if fn == nil {
		for _, ref := range c.shared.tools {
			ref.tool.setTaskLine("")
		}
		return
	}
	c.RefreshTaskStatus()
}

// RefreshTaskStatus asks the status function again for every call that
// started a task. Its cost grows with the number of tasks, not with the
// conversation.
func (c *Conversation) RefreshTaskStatus() {
	sh := c.shared
	if sh.taskStatus == nil {
		return
	}
	refresh := func(toolUseID string) {
		if ref, ok := sh.tools[toolUseID]; ok {
			ref.tool.setTaskLine(sh.taskStatus(toolUseID))
		}
	}
	for _, toolUseID := range sh.tasks {
		refresh(toolUseID)
	}
	// Subagents the CLI sent no task_started for; asking twice is harmless.
	for toolUseID := range sh.subs {
		refresh(toolUseID)
	}
}

// setTaskLine sets the live status line, redrawing only on a change.
func (t *toolItem) setTaskLine(line string) {
	if line != t.taskLine {
		t.taskLine = line
		t.touch()
	}
}

// movesTasks reports whether a message can change what the status
// function says: task messages, tool progress, a subagent's own lines and
// the end of a turn. Stream deltas, the bulk of the traffic, cannot.
func movesTasks(msg protocol.Message) bool {
	switch v := msg.(type) {
	case *protocol.TaskStarted, *protocol.TaskProgress, *protocol.TaskUpdated, *protocol.TaskNotification,
		*protocol.BackgroundTasksChanged, *protocol.ToolProgress, *protocol.Result:
		return true
	case *protocol.Assistant:
		return v.Parent() != ""
	case *protocol.User:
		return v.Parent() != ""
	}
	return false
}
