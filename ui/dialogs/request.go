package dialogs

import "github.com/gclaude/gclaude/protocol"

// requestDialogs maps a tool's wire name (protocol.Tool…) to the dialog that answers
// its can_use_tool request; every other tool gets a Permission. Each dialog's file
// registers itself (registerRequestDialog, in init).
var requestDialogs = map[string]func(*protocol.CanUseTool, RequestInfo, Env) Dialog{}

// registerRequestDialog makes build the dialog for the named tool's requests.
func registerRequestDialog(tool string, build func(*protocol.CanUseTool, RequestInfo, Env) Dialog) {
	if _, dup := requestDialogs[tool]; dup {
		panic("dialogs: two dialogs for tool " + tool)
	}
	requestDialogs[tool] = build
}

// NewRequest builds the dialog for a can_use_tool request: plan review for
// ExitPlanMode, questions for AskUserQuestion, a permission prompt for anything
// else. Call it inside a tea.Cmd (a permission prompt may read a file).
func NewRequest(req *protocol.CanUseTool, info RequestInfo, env Env) Dialog {
	if build, ok := requestDialogs[req.ToolName]; ok {
		return build(req, info, env)
	}
	return NewPermission(req, info, env)
}

// decodeAs decodes a request's input through the tool's one schema
// (protocol.DecodeToolInput); ok is false when it is not a T.
func decodeAs[T any](req *protocol.CanUseTool) (*T, bool) {
	v, err := protocol.DecodeToolInput(req.ToolName, req.Input)
	in, ok := v.(*T)
	return in, ok && err == nil
}
