package dialogs

import "github.com/gclaude/gclaude/protocol"

// NewRequest builds the dialog for a can_use_tool request: plan review for
// ExitPlanMode, questions for AskUserQuestion, a permission prompt for anything
// else. Call it inside a tea.Cmd (a permission prompt may read a file).
func NewRequest(req *protocol.CanUseTool, info RequestInfo, env Env) Dialog {
	switch req.ToolName {
	case "ExitPlanMode":
		return NewPlanReview(req, env)
	case "AskUserQuestion":
		return NewQuestions(req, env)
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
