package ui

import (
	"strings"
	"testing"

	"github.com/gclaude/gclaude/protocol"
)

// Messages and steps the workspace's tests build sessions from (ui/tab's tests have
// their own).

func bashRequest(id, toolUseID string) *protocol.CanUseTool {
	msg, err := protocol.Decode([]byte(`{"type":"control_request","request_id":"` + id + `","request":{"subtype":"can_use_tool","tool_name":"Bash","input":{"command":"touch x","description":"Create x"},"tool_use_id":"` + toolUseID + `"}}`))
	if err != nil {
		panic(err)
	}
	return msg.(*protocol.CanUseTool)
}

func toolUse(id string) *protocol.Assistant {
	return &protocol.Assistant{Message: protocol.APIMessage{ID: "msg_1", Role: "assistant",
		Content: []protocol.ContentBlock{{Type: protocol.BlockToolUse, ID: id, Name: "Bash", Input: []byte(`{"command":"touch x"}`)}}}}
}

func assistantText(id, text string) *protocol.Assistant {
	return &protocol.Assistant{Message: protocol.APIMessage{ID: id, Role: "assistant",
		Content: []protocol.ContentBlock{{Type: protocol.BlockText, Text: text}}}}
}

func bgStarted() *protocol.TaskStarted {
	return &protocol.TaskStarted{TaskID: "b71", ToolUseID: "toolu_1", Description: "research cmd", IsBackgrounded: true, TaskType: protocol.TaskLocalBash}
}

// run types a slash command in the session in front and sends it.
func (h *harness) run(command string) {
	h.typeText(command)
	h.keys("esc") // close the completion popup, so enter sends what was typed
	h.keys("enter")
}

// transcriptHas checks the front session's transcript, as markdown.
func (h *harness) transcriptHas(t *testing.T, want ...string) {
	t.Helper()
	md, _ := h.front().Conversation()
	for _, w := range want {
		if !strings.Contains(md, w) {
			t.Errorf("transcript lacks %q:\n%s", w, md)
		}
	}
}
