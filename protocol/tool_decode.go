package protocol

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// toolResults maps a tool's wire name to a constructor of its typed result.
var toolResults = map[string]func() any{
	ToolBash:            func() any { return new(BashResult) },
	ToolWrite:           func() any { return new(WriteResult) },
	ToolEdit:            func() any { return new(EditResult) },
	ToolMultiEdit:       func() any { return new(EditResult) }, // the fields a UI shows
	ToolRead:            func() any { return new(ReadResult) },
	ToolGlob:            func() any { return new(GlobResult) },
	ToolGrep:            func() any { return new(GrepResult) },
	ToolWebFetch:        func() any { return new(WebFetchResult) },
	ToolWebSearch:       func() any { return new(WebSearchResult) },
	ToolTodoWrite:       func() any { return new(TodoWriteResult) },
	ToolAgent:           func() any { return new(AgentResult) },
	ToolTask:            func() any { return new(AgentResult) },
	ToolExitPlanMode:    func() any { return new(ExitPlanModeResult) },
	ToolAskUserQuestion: func() any { return new(AskUserQuestionResult) },
}

// DecodeToolInput decodes a tool_use input (or a can_use_tool input) into the tool's typed
// input, e.g. *BashInput. Tools without a typed input (MCP tools, newer tools) give the
// raw JSON as json.RawMessage. An error means the input did not have the expected shape;
// the caller can still show the raw JSON.
func DecodeToolInput(toolName string, raw json.RawMessage) (any, error) {
	return decodeTool(toolInputs, toolName, "input", raw)
}

// DecodeToolUseResult decodes a user line's tool_use_result into the tool's typed result,
// e.g. *EditResult. When the tool did not run (denied, interrupted, failed) the CLI sends
// a plain string such as "User rejected tool use" or "Error: …"; that comes back as a
// string. An absent or null result gives nil. Tools without a typed result give
// json.RawMessage.
func DecodeToolUseResult(toolName string, raw json.RawMessage) (any, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, fmt.Errorf("protocol: %s tool_use_result: %w", toolName, err)
		}
		return s, nil
	}
	return decodeTool(toolResults, toolName, "tool_use_result", raw)
}

// registerToolSchema adds a tool's typed input and result (nil for none) to the tables
// DecodeToolInput and DecodeToolUseResult read; call it from the tool's file, in init.
func registerToolSchema(name string, input, result func() any) {
	if _, dup := toolInputs[name]; dup {
		panic("protocol: two schemas for tool " + name)
	}
	toolInputs[name] = input
	if result != nil {
		toolResults[name] = result
	}
}

func decodeTool(table map[string]func() any, toolName, what string, raw json.RawMessage) (any, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	newValue, ok := table[toolName]
	if !ok || raw[0] != '{' {
		return json.RawMessage(bytes.Clone(raw)), nil
	}
	v := newValue()
	if err := json.Unmarshal(raw, v); err != nil {
		return nil, fmt.Errorf("protocol: %s %s: %w", toolName, what, err)
	}
	return v, nil
}

// HasToolSchema reports whether name has a typed input (registerToolSchema): a
// renderer or dialog for a tool without one would only ever see raw JSON.
func HasToolSchema(name string) bool {
	_, ok := toolInputs[name]
	return ok
}
