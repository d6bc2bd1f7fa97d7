package tasks

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

func callLine(id, name, input string) string {
	return `{"type":"assistant","message":{"id":"m_` + id + `","role":"assistant","content":[{"type":"tool_use","id":"` + id + `","name":"` + name + `","input":` + input + `}]},"parent_tool_use_id":null,"session_id":"s"}`
}

func resultLine(id, structured string, isError bool) string {
	e := "false"
	if isError {
		e = "true"
	}
	return `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"` + id + `","content":"ok","is_error":` + e + `}]},"parent_tool_use_id":null,"session_id":"s","tool_use_result":` + structured + `}`
}

func applyLines(t *testing.T, c *Checklist, lines ...string) {
	t.Helper()
	for _, l := range lines {
		msg, err := protocol.Decode([]byte(l))
		if err != nil {
			t.Fatalf("decode %s: %v", l, err)
		}
		c.Apply(msg)
	}
}

func checklistText(c *Checklist) string {
	return ansi.Strip(c.View(80, 40, themes.New(themes.Dark)))
}

// TaskCreate adds pending tasks once the CLI gave them ids; TaskUpdate moves them;
// the header counts and names the active item by its activeForm.
func TestChecklistFollowsTaskTools(t *testing.T) {
	c := NewChecklist()
	applyLines(t, c,
		callLine("a", "TaskCreate", `{"subject":"Step one","description":"first","activeForm":"Doing step one"}`),
		resultLine("a", `{"task":{"id":"1","subject":"Step one"}}`, false),
		callLine("b", "TaskCreate", `{"subject":"Step two","description":"second"}`),
		resultLine("b", `{"task":{"id":"2","subject":"Step two"}}`, false),
	)
	if got := checklistText(c); !strings.Contains(got, "0/2 tasks done") || !strings.Contains(got, "◻ Step one") || !strings.Contains(got, "◻ Step two") {
		t.Fatalf("after two TaskCreate:\n%s", got)
	}
	applyLines(t, c,
		callLine("c", "TaskUpdate", `{"taskId":"1","status":"in_progress"}`),
		resultLine("c", `{"success":true,"taskId":"1","updatedFields":["status"]}`, false),
	)
	if got := checklistText(c); !strings.Contains(got, "0/2 tasks done · Doing step one…") || !strings.Contains(got, "◼ Step one") {
		t.Fatalf("after TaskUpdate in_progress:\n%s", got)
	}
	applyLines(t, c,
		callLine("d", "TaskUpdate", `{"taskId":"1","status":"completed"}`),
		resultLine("d", `{"success":true,"taskId":"1","updatedFields":["status"]}`, false),
		// A failed update changes nothing.
		callLine("e", "TaskUpdate", `{"taskId":"2","status":"completed"}`),
		resultLine("e", `"Error: boom"`, true),
	)
	if got := checklistText(c); !strings.Contains(got, "1/2 tasks done") || !strings.Contains(got, "✔ Step one") || !strings.Contains(got, "◻ Step two") {
		t.Fatalf("after completing one:\n%s", got)
	}
	// The CLI's own statuses and a deletion.
	applyLines(t, c,
		`{"type":"system","subtype":"task_list_statuses","statuses":[{"id":"2","status":"in_progress"}],"uuid":"u","session_id":"s"}`,
	)
	if got := checklistText(c); !strings.Contains(got, "◼ Step two") {
		t.Fatalf("task_list_statuses not applied:\n%s", got)
	}
	applyLines(t, c,
		callLine("f", "TaskUpdate", `{"taskId":"2","status":"deleted"}`),
		resultLine("f", `{"success":true,"taskId":"2","updatedFields":["deleted"]}`, false),
	)
	if got := checklistText(c); !strings.Contains(got, "1/1 tasks done") || strings.Contains(got, "Step two") {
		t.Fatalf("after deleting one:\n%s", got)
	}
}

// TaskList's answer is the truth; TodoWrite replaces the whole list; a subagent's
// calls are its own.
func TestChecklistListTodoAndSubagents(t *testing.T) {
	c := NewChecklist()
	applyLines(t, c,
		callLine("a", "TaskList", `{}`),
		resultLine("a", `{"tasks":[{"id":"1","subject":"Old one","status":"completed","blockedBy":[]},{"id":"2","subject":"New one","status":"pending","blockedBy":[]}]}`, false),
	)
	if got := checklistText(c); !strings.Contains(got, "1/2 tasks done") || !strings.Contains(got, "✔ Old one") {
		t.Fatalf("after TaskList:\n%s", got)
	}
	applyLines(t, c,
		callLine("b", "TodoWrite", `{"todos":[{"content":"Plan","status":"completed","activeForm":"Planning"},{"content":"Build","status":"in_progress","activeForm":"Building"},{"content":"Ship","status":"pending","activeForm":"Shipping"}]}`),
		resultLine("b", `{"oldTodos":[],"newTodos":[]}`, false),
		strings.Replace(callLine("s", "TaskCreate", `{"subject":"Sub task"}`), `"parent_tool_use_id":null`, `"parent_tool_use_id":"agent1"`, 1),
	)
	got := checklistText(c)
	for _, want := range []string{"1/3 tasks done · Building…", "✔ Plan", "◼ Build", "◻ Ship"} {
		if !strings.Contains(got, want) {
			t.Errorf("after TodoWrite the list lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "Old one") || strings.Contains(got, "Sub task") {
		t.Errorf("TodoWrite should replace the list, and a subagent's task is not the session's:\n%s", got)
	}
}

// ctrl+t hides it; empty, it takes no rows; a long list is capped and counts the rest,
// showing the items not done yet.
func TestChecklistRowsToggleAndCap(t *testing.T) {
	c := NewChecklist()
	if c.Rows(40) != 0 || c.View(80, 40, themes.New(themes.Dark)) != "" {
		t.Fatal("an empty checklist takes rows")
	}
	var todos []string
	for i := range 10 {
		status := "completed"
		if i >= 7 {
			status = "pending"
		}
		todos = append(todos, `{"content":"Item `+string(rune('A'+i))+`","status":"`+status+`","activeForm":"x"}`)
	}
	applyLines(t, c, callLine("a", "TodoWrite", `{"todos":[`+strings.Join(todos, ",")+`]}`), resultLine("a", `{}`, false))
	got := checklistText(c)
	if n := strings.Count(got, "\n") + 1; n != c.Rows(40) || n > maxChecklistRows+2 {
		t.Fatalf("Rows says %d, the view has %d lines:\n%s", c.Rows(40), n, got)
	}
	for _, want := range []string{"7/10 tasks done", "◻ Item J", "… +4 more"} {
		if !strings.Contains(got, want) {
			t.Errorf("the capped list lacks %q:\n%s", want, got)
		}
	}
	c.Toggle()
	if c.Rows(40) != 0 || c.View(80, 40, themes.New(themes.Dark)) != "" {
		t.Fatal("a hidden checklist still draws")
	}
	c.Reset()
	c.Toggle()
	if c.Rows(40) != 0 {
		t.Fatal("Reset kept the items")
	}
}

// A task call the CLI refused ("No such tool available": the model called a tool the
// session does not have) or that failed changes nothing: TodoWrite's list is taken only
// once its result says it was written.
func TestChecklistIgnoresRefusedCalls(t *testing.T) {
	c := NewChecklist()
	applyLines(t, c,
		callLine("a", "TodoWrite", `{"todos":[{"content":"Plan","status":"pending","activeForm":"Planning"}]}`),
		resultLine("a", `"Error: No such tool available: TodoWrite"`, true),
	)
	if len(c.Items()) != 0 || c.Rows(40) != 0 {
		t.Fatalf("a refused TodoWrite pinned a checklist:\n%s", checklistText(c))
	}
	applyLines(t, c,
		callLine("b", "TodoWrite", `{"todos":[{"content":"Plan","status":"pending","activeForm":"Planning"}]}`),
	)
	if len(c.Items()) != 0 {
		t.Fatalf("a TodoWrite without its result yet changed the list:\n%s", checklistText(c))
	}
	applyLines(t, c, resultLine("b", `{"oldTodos":[],"newTodos":[]}`, false))
	if got := checklistText(c); !strings.Contains(got, "◻ Plan") {
		t.Fatalf("the TodoWrite that was written is not shown:\n%s", got)
	}
	applyLines(t, c,
		callLine("c", "TodoWrite", `{"todos":[{"content":"Other","status":"pending","activeForm":"x"}]}`),
		resultLine("c", `"Error: No such tool available: TodoWrite"`, true),
	)
	if got := checklistText(c); !strings.Contains(got, "◻ Plan") || strings.Contains(got, "Other") {
		t.Fatalf("a refused TodoWrite replaced the list:\n%s", got)
	}
}
