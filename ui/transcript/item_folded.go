package transcript

import (
	"encoding/json"
	"strings"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
)

// Calls Claude Code leaves out of the conversation, as gclaude does: the task tools,
// whose list is pinned above the prompt instead (ui/tasks.Checklist), and ToolSearch
// loading deferred tools by name ("select:TaskCreate"), which answers only with
// tool_reference blocks. A call that failed or was refused stays, so nothing is hidden
// that the user must know; a ToolSearch that searched stays too.

// folded reports whether the call takes no rows.
func (t *toolItem) folded() bool {
	switch t.call.State {
	case render.ToolFailed, render.ToolDenied, render.ToolInterrupted:
		return false
	}
	switch t.call.Name {
	case protocol.ToolTaskCreate, protocol.ToolTaskUpdate, protocol.ToolTaskList, protocol.ToolTodoWrite:
		return true
	case protocol.ToolToolSearch:
		return t.selectsTools()
	}
	return false
}

// selectsTools is a ToolSearch that loads tools by name and got nothing else back.
func (t *toolItem) selectsTools() bool {
	var in protocol.ToolSearchInput
	if json.Unmarshal(t.call.Input, &in) != nil || !strings.HasPrefix(in.Query, "select:") {
		return false
	}
	return t.call.Result == nil || t.onlyReferences
}
