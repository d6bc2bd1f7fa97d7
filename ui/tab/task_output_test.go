package tab

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/tasks"
)

// A Bash call the CLI made a shell task: each second gclaude reads its output with
// get_task_output, and the last lines show under the call; the reads stop when it ends.
func TestRunningShellOutputIsPolled(t *testing.T) {
	h := newHarness(t)
	b := h.b
	b.answers = map[string]string{"get_task_output": `{"output":"tick 1\ntick 2\n","total_bytes":14,"truncated":false}`}
	h.ready()
	h.msgs(systemInit(),
		&protocol.Assistant{Message: protocol.APIMessage{ID: "m1", Role: "assistant", Content: []protocol.ContentBlock{
			{Type: protocol.BlockToolUse, ID: "tu1", Name: protocol.ToolBash, Input: json.RawMessage(`{"command":"count","description":"Count"}`)}}}},
		&protocol.TaskStarted{TaskID: "b1", ToolUseID: "tu1", Description: "Count", TaskType: protocol.TaskLocalBash})
	h.advance(tasks.OutputPollInterval)
	reads := func() int {
		n := 0
		for _, r := range b.requests {
			if r == (protocol.GetTaskOutput{TaskID: "b1"}) {
				n++
			}
		}
		return n
	}
	if reads() != 1 {
		t.Fatalf("requests %#v, want one get_task_output for b1", b.requests)
	}
	if scr := h.screen(); !strings.Contains(scr, "tick 2") {
		t.Fatalf("the Bash call does not show the output so far:\n%s", scr)
	}
	h.advance(tasks.OutputPollInterval)
	if reads() != 2 {
		t.Fatalf("%d reads after two seconds, want 2", reads())
	}
	h.msgs(&protocol.TaskNotification{TaskID: "b1", Status: protocol.TaskCompleted})
	h.advance(5 * time.Second)
	if reads() > 3 {
		t.Fatalf("reads go on after the command ended: %d", reads())
	}
}
