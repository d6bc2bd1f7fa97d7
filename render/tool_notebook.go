package render

import (
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

func init() { registerTool(notebookView, protocol.ToolNotebookEdit) }

// notebookView: NotebookEdit(path) · replace cell 3 · markdown; the body is
// the cell's new source with line numbers (its head unless expanded), or for
// a deleted cell the CLI's words once it has run.
func notebookView(c ToolCall, st *themes.Styles) toolView {
	var in protocol.NotebookEditInput
	decodeInput(c.Input, &in)
	v := toolView{name: protocol.ToolNotebookEdit, arg: in.NotebookPath, argIsPath: true}
	v.detail = joinDetail(notebookAction(in), in.CellType)
	v.body = func(width int) string {
		if in.EditMode == protocol.NotebookDelete {
			if c.Result == nil {
				return ""
			}
			return textBlock(c.Result.Content, c.Expanded, width, st.Tool.Detail, st)
		}
		return contentHead(in.NewSource, c.Expanded, width, st)
	}
	return v
}

// notebookAction says which cell the edit touches and how.
func notebookAction(in protocol.NotebookEditInput) string {
	cell := "cell " + in.CellID
	switch in.EditMode {
	case protocol.NotebookInsert:
		if in.CellID == "" {
			return "insert at start"
		}
		return "insert after " + cell
	case protocol.NotebookDelete:
		return "delete " + cell
	}
	if in.CellID == "" {
		return "replace"
	}
	return "replace " + cell
}
