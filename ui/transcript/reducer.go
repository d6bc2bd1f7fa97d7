package transcript

import (
	"strings"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
)

// Apply folds one message from the CLI into the conversation. Messages of a
// subagent (parent_tool_use_id set) go to that subagent's transcript, not
// the main flow. It also accepts *protocol.CanUseTool, to show the call it
// asks about as waiting for permission.
func (c *Conversation) Apply(msg protocol.Message) {
	switch p := parentOf(msg); {
	case p == c.parent:
		c.apply(msg)
	case p == "":
		c.shared.main.apply(msg)
	default:
		c.shared.main.sub(p).apply(msg)
	}
	if c.shared.taskStatus != nil && movesTasks(msg) {
		c.RefreshTaskStatus()
	}
}

// parentOf is the Agent tool_use_id a message belongs to, "" for the main
// thread.
func parentOf(msg protocol.Message) string {
	switch v := msg.(type) {
	case *protocol.StreamEvent:
		return v.Parent()
	case *protocol.Assistant:
		return v.Parent()
	case *protocol.User:
		return v.Parent()
	}
	return ""
}

func (c *Conversation) apply(msg protocol.Message) {
	switch v := msg.(type) {
	case *protocol.StreamEvent:
		c.applyStream(v)
	case *protocol.Assistant:
		c.applyAssistant(v)
	case *protocol.User:
		c.applyUser(v)
	case *protocol.Result:
		c.applyResult(v)
	case *protocol.APIRetry:
		c.applyRetry(v)
	case *protocol.SystemStatus:
		if v.PermissionMode != "" && v.Status == nil {
			c.AddNotice(NoticeInfo, "Permission mode: "+modeName(v.PermissionMode))
		}
	case *protocol.CompactBoundary:
		c.add(&compactItem{head: compactText(v)})
	case *protocol.TaskStarted, *protocol.TaskProgress, *protocol.TaskUpdated, *protocol.TaskNotification:
		c.applyTask(v)
	case *protocol.ToolProgress:
		c.applyToolProgress(v)
	case *protocol.Informational:
		// The CLI's own words for the user, e.g. why auto mode refuses calls here.
		if text := strings.TrimSpace(v.Content); text != "" {
			c.AddNotice(v.Level, text)
		}
	case *protocol.PermissionDenied:
		c.SetToolState(v.ToolUseID, render.ToolDenied)
	case *protocol.CanUseTool:
		if ref, ok := c.shared.tools[v.ToolUseID]; ok && !ref.tool.finished() {
			c.SetToolState(v.ToolUseID, render.ToolWaitingPermission)
		}
	case *protocol.HookResponse:
		if v.Outcome == "error" {
			c.AddNotice(NoticeWarn, hookText(v))
		}
	}
}
