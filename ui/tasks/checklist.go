package tasks

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// Checklist is the model's plan for the session, as Claude Code pins it above the
// prompt: TaskCreate, TaskUpdate and TaskList (CLI 2.1.3xx) and TodoWrite (older models)
// folded into one list of items with their status. The root holds one per session and
// feeds it every stdout message; the calls themselves leave the transcript.
type Checklist struct {
	items  []CheckItem
	hidden bool // ctrl+t hides it, as in Claude Code
	// creating holds TaskCreate calls until their result gives the task's id.
	creating map[string]protocol.TaskCreateInput
	// updating holds TaskUpdate calls until their result says whether they took.
	updating map[string]protocol.TaskUpdateInput
	// writing holds TodoWrite calls until their result: one the CLI refused ("No such
	// tool available") or that failed changes nothing.
	writing map[string][]protocol.Todo
}

// CheckItem is one task of the list.
type CheckItem struct {
	ID         string // TaskCreate's id; "" for a TodoWrite item
	Subject    string
	ActiveForm string // shown while the item is in progress
	Status     string // protocol.TodoPending, TodoInProgress or TodoCompleted
}

// NewChecklist returns an empty checklist, shown once it has items.
func NewChecklist() *Checklist { return &Checklist{} }

// Items returns the list in order.
func (c *Checklist) Items() []CheckItem { return c.items }

// Reset empties the list: a new conversation.
func (c *Checklist) Reset() { *c = Checklist{hidden: c.hidden} }

// Toggle hides the list or shows it again.
func (c *Checklist) Toggle() { c.hidden = !c.hidden }

// Hidden reports whether ctrl+t hid the list.
func (c *Checklist) Hidden() bool { return c.hidden }

// Done counts the completed items.
func (c *Checklist) Done() int {
	n := 0
	for _, it := range c.items {
		if it.Status == protocol.TodoCompleted {
			n++
		}
	}
	return n
}

// Apply follows one stdout message of the main thread: the task tools' calls and
// results, and the CLI's own task_list_statuses.
func (c *Checklist) Apply(msg protocol.Message) {
	switch m := msg.(type) {
	case *protocol.Assistant:
		if m.Parent() == "" {
			c.calls(m.Message.Content)
		}
	case *protocol.User:
		if m.Parent() == "" {
			c.results(m)
		}
	case *protocol.Unknown:
		c.statuses(m)
	}
}

func (c *Checklist) calls(blocks []protocol.ContentBlock) {
	for _, b := range blocks {
		if b.Type != protocol.BlockToolUse {
			continue
		}
		switch b.Name {
		case protocol.ToolTodoWrite:
			var in protocol.TodoWriteInput
			if json.Unmarshal(b.Input, &in) == nil {
				put(&c.writing, b.ID, in.Todos)
			}
		case protocol.ToolTaskCreate:
			var in protocol.TaskCreateInput
			if json.Unmarshal(b.Input, &in) == nil {
				put(&c.creating, b.ID, in)
			}
		case protocol.ToolTaskUpdate:
			var in protocol.TaskUpdateInput
			if json.Unmarshal(b.Input, &in) == nil {
				put(&c.updating, b.ID, in)
			}
		}
	}
}

// put notes a call until its result, making the map on first use.
func put[V any](m *map[string]V, id string, v V) {
	if *m == nil {
		*m = map[string]V{}
	}
	(*m)[id] = v
}

// todos replaces the list with TodoWrite's: it always sends the whole list.
func (c *Checklist) todos(todos []protocol.Todo) {
	c.items = c.items[:0]
	for _, t := range todos {
		c.items = append(c.items, CheckItem{Subject: t.Content, ActiveForm: t.ActiveForm, Status: t.Status})
	}
}

// results applies the task tools whose calls succeeded: the list changes only when the
// CLI's task list did.
func (c *Checklist) results(u *protocol.User) {
	for _, b := range u.Message.Blocks() {
		if b.Type != protocol.BlockToolResult {
			continue
		}
		if in, ok := c.creating[b.ToolUseID]; ok {
			delete(c.creating, b.ToolUseID)
			var r protocol.TaskCreateResult
			if !b.IsError && json.Unmarshal(u.ToolUseResult, &r) == nil && r.Task.ID != "" {
				c.items = append(c.items, CheckItem{ID: r.Task.ID, Subject: in.Subject, ActiveForm: in.ActiveForm, Status: protocol.TodoPending})
			}
			continue
		}
		if todos, ok := c.writing[b.ToolUseID]; ok {
			delete(c.writing, b.ToolUseID)
			if !b.IsError {
				c.todos(todos)
			}
			continue
		}
		if in, ok := c.updating[b.ToolUseID]; ok {
			delete(c.updating, b.ToolUseID)
			var r protocol.TaskUpdateResult
			if !b.IsError && json.Unmarshal(u.ToolUseResult, &r) == nil && r.Success {
				c.update(in)
			}
			continue
		}
		var list protocol.TaskListResult
		if !b.IsError && strings.HasPrefix(string(u.ToolUseResult), `{"tasks"`) && json.Unmarshal(u.ToolUseResult, &list) == nil {
			c.list(list)
		}
	}
}

// update changes one task by id.
func (c *Checklist) update(in protocol.TaskUpdateInput) {
	for i := range c.items {
		it := &c.items[i]
		if it.ID != in.TaskID {
			continue
		}
		if in.Status == protocol.TaskDeleted {
			c.items = append(c.items[:i], c.items[i+1:]...)
			return
		}
		if in.Subject != "" {
			it.Subject = in.Subject
		}
		if in.ActiveForm != "" {
			it.ActiveForm = in.ActiveForm
		}
		if in.Status != "" {
			it.Status = in.Status
		}
		return
	}
}

// list takes TaskList's answer as the truth: tasks created before gclaude followed the
// session appear, statuses set elsewhere are taken, activeForms known are kept.
func (c *Checklist) list(r protocol.TaskListResult) {
	known := map[string]CheckItem{}
	for _, it := range c.items {
		known[it.ID] = it
	}
	items := make([]CheckItem, 0, len(r.Tasks))
	for _, t := range r.Tasks {
		it := known[t.ID]
		it.ID, it.Subject, it.Status = t.ID, t.Subject, t.Status
		items = append(items, it)
	}
	c.items = items
}

// taskListStatuses is the CLI's system message for statuses it set itself.
type taskListStatuses struct {
	Subtype  string `json:"subtype"`
	Statuses []struct {
		ID     string `json:"id"`
		Status string `json:"status"`
	} `json:"statuses"`
}

// statuses applies a task_list_statuses line (a system subtype the decoder keeps raw).
func (c *Checklist) statuses(u *protocol.Unknown) {
	var s taskListStatuses
	if json.Unmarshal(u.Raw, &s) != nil || s.Subtype != "task_list_statuses" {
		return
	}
	for _, st := range s.Statuses {
		c.update(protocol.TaskUpdateInput{TaskID: st.ID, Status: st.Status})
	}
}

// Checklist glyphs, Claude Code's.
const (
	checkPending = "◻"
	checkActive  = "◼"
	checkDone    = "✔"
)

// maxChecklistRows caps the items shown; the rest are counted.
const maxChecklistRows = 6

// Rows is how many rows View takes at this terminal height (0 when hidden or empty).
func (c *Checklist) Rows(height int) int {
	if c.hidden || len(c.items) == 0 {
		return 0
	}
	return len(c.lines(c.cap(height)))
}

// cap is how many items fit: at most maxChecklistRows, fewer on a short terminal.
func (c *Checklist) cap(height int) int { return max(1, min(maxChecklistRows, height/6)) }

// View draws the pinned list at width: the count and the active item's activeForm, then
// the items, the active ones first shown when there are too many.
func (c *Checklist) View(width, height int, st *themes.Styles) string {
	if c.hidden || len(c.items) == 0 {
		return ""
	}
	lines := c.lines(c.cap(height))
	out := make([]string, len(lines))
	for i, l := range lines {
		style := st.Tool.TodoPending
		switch l.status {
		case protocol.TodoInProgress:
			style = st.Tool.TodoActive
		case protocol.TodoCompleted:
			style = st.Tool.TodoDone
		case "":
			style = st.Muted
		}
		out[i] = render.Truncate(l.prefix+style.Render(render.Sanitize(render.OneLine(l.text))), width)
	}
	return strings.Join(out, "\n")
}

type checkLine struct {
	prefix, text, status string
}

// lines lays the list out: a header, then at most n items (the window around the first
// unfinished one) and how many more there are.
func (c *Checklist) lines(n int) []checkLine {
	head := fmt.Sprintf("%d/%d tasks done", c.Done(), len(c.items))
	if a := c.active(); a != "" {
		head += " · " + a + "…"
	}
	out := []checkLine{{prefix: "  ", text: head}}
	start := 0
	if len(c.items) > n {
		for i, it := range c.items {
			if it.Status != protocol.TodoCompleted {
				start = min(i, len(c.items)-n)
				break
			}
		}
	}
	end := min(len(c.items), start+n)
	for i, it := range c.items[start:end] {
		glyph := checkPending
		switch it.Status {
		case protocol.TodoInProgress:
			glyph = checkActive
		case protocol.TodoCompleted:
			glyph = checkDone
		}
		prefix := "    "
		if i == 0 {
			prefix = "  ⎿ "
		}
		out = append(out, checkLine{prefix: prefix, text: glyph + " " + it.Subject, status: it.Status})
	}
	if rest := len(c.items) - (end - start); rest > 0 {
		out = append(out, checkLine{prefix: "    ", text: fmt.Sprintf("… +%d more", rest)})
	}
	return out
}

// active is the activeForm (else the subject) of the first item in progress.
func (c *Checklist) active() string {
	for _, it := range c.items {
		if it.Status == protocol.TodoInProgress {
			if it.ActiveForm != "" {
				return it.ActiveForm
			}
			return it.Subject
		}
	}
	return ""
}
