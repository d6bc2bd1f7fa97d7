package protocol

// ToolNotebookEdit edits one cell of a Jupyter notebook.
const ToolNotebookEdit = "NotebookEdit"

// NotebookEdit edit modes.
const (
	NotebookReplace = "replace" // the default
	NotebookInsert  = "insert"
	NotebookDelete  = "delete"
)

// NotebookEditInput is the input of NotebookEdit (its schema in the CLI's API request):
// one cell replaced, inserted after CellID (at the start without one) or deleted.
type NotebookEditInput struct {
	NotebookPath string `json:"notebook_path"`
	CellID       string `json:"cell_id,omitempty"`
	NewSource    string `json:"new_source"`
	CellType     string `json:"cell_type,omitempty"` // code or markdown
	EditMode     string `json:"edit_mode,omitempty"`
}

// No capture shows NotebookEdit's tool_use_result, so it has no typed result: the
// renderer shows the result's text.
func init() {
	registerToolSchema(ToolNotebookEdit, func() any { return new(NotebookEditInput) }, nil)
}
