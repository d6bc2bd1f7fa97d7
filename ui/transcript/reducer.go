package transcript

import (
	"strings"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
)

// Apply folds one message from the CLI into the transcript. Messages of a
// subagent (parent_tool_use_id set) go to that subagent's transcript, not
// the main flow. It also accepts *protocol.CanUseTool, to show the call it
// asks about as waiting for permission.
func (m *Model) Apply(msg protocol.Message) {
	switch p := parentOf(msg); {
	case p == m.parent:
		m.apply(msg)
	case p == "":
		m.shared.main.apply(msg)
	default:
		m.shared.main.sub(p).apply(msg)
	}
	if m.shared.taskStatus != nil && movesTasks(msg) {
		m.RefreshTaskStatus()
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

func (m *Model) apply(msg protocol.Message) {
	switch v := msg.(type) {
	case *protocol.StreamEvent:
		m.applyStream(v)
	case *protocol.Assistant:
		m.applyAssistant(v)
	case *protocol.User:
		m.applyUser(v)
	case *protocol.Result:
		m.applyResult(v)
	case *protocol.APIRetry:
		m.applyRetry(v)
	case *protocol.SystemStatus:
		if v.PermissionMode != "" && v.Status == nil {
			m.AddNotice(NoticeInfo, "Permission mode: "+modeName(v.PermissionMode))
		}
	case *protocol.CompactBoundary:
		m.add(&compactItem{head: compactText(v)})
	case *protocol.TaskStarted, *protocol.TaskProgress, *protocol.TaskUpdated, *protocol.TaskNotification:
		m.applyTask(v)
	case *protocol.ToolProgress:
		m.applyToolProgress(v)
	case *protocol.Informational:
		// The CLI's own words for the user, e.g. why auto mode refuses calls here.
		if text := strings.TrimSpace(v.Content); text != "" {
			m.AddNotice(v.Level, text)
		}
	case *protocol.PermissionDenied:
		m.SetToolState(v.ToolUseID, render.ToolDenied)
	case *protocol.CanUseTool:
		if ref, ok := m.shared.tools[v.ToolUseID]; ok && !ref.tool.finished() {
			m.SetToolState(v.ToolUseID, render.ToolWaitingPermission)
		}
	case *protocol.HookResponse:
		if v.Outcome == "error" {
			m.AddNotice(NoticeWarn, hookText(v))
		}
	}
}
