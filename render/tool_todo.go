package render

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/themes"
)

type todoInput struct {
	Todos []todoItem `json:"todos"`
}

type todoItem struct {
	Content    string `json:"content"`
	Status     string `json:"status"` // pending, in_progress, completed
	ActiveForm string `json:"activeForm"`
}

// todoView: "Update Todos" and the checklist ☐ / ◐ / ☑.
func todoView(c ToolCall, st *themes.Styles) toolView {
	var in todoInput
	decodeInput(c.Input, &in)
	v := toolView{name: "Update Todos"}
	if len(in.Todos) == 0 {
		return v
	}
	v.body = func(width int) string {
		rows := make([]string, 0, len(in.Todos))
		for _, t := range in.Todos {
			icon, style := st.Icons.TodoPending, st.Tool.TodoPending
			switch t.Status {
			case "in_progress":
				icon, style = st.Icons.TodoActive, st.Tool.TodoActive
			case "completed":
				icon, style = st.Icons.TodoDone, st.Tool.TodoDone
			}
			pad := strings.Repeat(" ", ansi.StringWidth(icon)+1)
			rows = append(rows, hangRows(style.Render(icon)+" ", pad, Sanitize(OneLine(t.Content)), width, style.Render))
		}
		return strings.Join(rows, "\n")
	}
	return v
}
