package transcript

import (
	"strings"
	"testing"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

// decodeLines decodes stdout lines written for a test.
func decodeLines(t *testing.T, lines ...string) []protocol.Message {
	t.Helper()
	var out []protocol.Message
	for _, l := range lines {
		msg, err := protocol.Decode([]byte(l))
		if err != nil {
			t.Fatalf("decode %s: %v", l, err)
		}
		out = append(out, msg)
	}
	return out
}

func assistantCall(id, name, input string) string {
	return `{"type":"assistant","message":{"id":"m_` + id + `","role":"assistant","content":[{"type":"tool_use","id":"` + id + `","name":"` + name + `","input":` + input + `}]},"parent_tool_use_id":null,"session_id":"s"}`
}

func toolResultLine(id, content, structured string, isError bool) string {
	e := "false"
	if isError {
		e = "true"
	}
	return `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"` + id + `","content":` + content + `,"is_error":` + e + `}]},"parent_tool_use_id":null,"session_id":"s","tool_use_result":` + structured + `}`
}

// CLI 2.1.332 loads deferred tools with ToolSearch("select:…") before it calls them; the
// answer is tool_reference blocks. Claude Code shows no row for it; a real search, and
// the task tools' failures, stay.
func TestFoldedPlumbingCalls(t *testing.T) {
	m, c := newTest(80, 20, themes.Dark)
	feed(m, c, decodeLines(t,
		assistantCall("ts1", "ToolSearch", `{"query":"select:TaskCreate,TaskUpdate","max_results":5}`),
		toolResultLine("ts1", `[{"type":"tool_reference","tool_name":"TaskCreate"},{"type":"tool_reference","tool_name":"TaskUpdate"}]`, `{"matches":["TaskCreate","TaskUpdate"],"query":"select:TaskCreate,TaskUpdate"}`, false),
		assistantCall("tc1", "TaskCreate", `{"subject":"Step one","description":"d"}`),
		toolResultLine("tc1", `"Task #1 created successfully: Step one"`, `{"task":{"id":"1","subject":"Step one"}}`, false),
		assistantCall("tu1", "TaskUpdate", `{"taskId":"9","status":"in_progress"}`),
		toolResultLine("tu1", `"Error: Task not found"`, `"Error: Task not found"`, true),
		assistantCall("ts2", "ToolSearch", `{"query":"notebook jupyter"}`),
		toolResultLine("ts2", `[{"type":"tool_reference","tool_name":"NotebookEdit"}]`, `{"matches":["NotebookEdit"],"query":"notebook jupyter"}`, false),
		assistantCall("tw1", "TodoWrite", `{"todos":[{"content":"Write it","status":"pending","activeForm":"Writing it"}]}`),
	))
	screen := plainView(m)
	for _, gone := range []string{"select:", "TaskCreate", "Step one", "Update Todos", "Write it"} {
		if strings.Contains(screen, gone) {
			t.Errorf("the transcript shows %q, which the checklist shows instead or is plumbing:\n%s", gone, screen)
		}
	}
	for _, want := range []string{"TaskUpdate", "Task not found", "notebook jupyter"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the transcript lacks %q (a failed task call, a real search):\n%s", want, screen)
		}
	}
}
