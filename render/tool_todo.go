package render

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

func init() { registerTool(todoView, protocol.ToolTodoWrite) }

// todoView: "Update Todos" and the checklist ☐ / ◐ / ☑.
func todoView(c ToolCall, st *themes.Styles) toolView {
	var in protocol.TodoWriteInput
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
			case protocol.TodoInProgress:
				icon, style = st.Icons.TodoActive, st.Tool.TodoActive
			case protocol.TodoCompleted:
				icon, style = st.Icons.TodoDone, st.Tool.TodoDone
			}
			pad := strings.Repeat(" ", ansi.StringWidth(icon)+1)
			rows = append(rows, hangRows(style.Render(icon)+" ", pad, Sanitize(OneLine(t.Content)), width, style.Render))
		}
		return strings.Join(rows, "\n")
	}
	return v
}
