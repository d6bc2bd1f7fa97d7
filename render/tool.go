package render

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

// ToolState is where a tool call is in its life.
type ToolState int

const (
	ToolInputStreaming    ToolState = iota // the model is still writing the input
	ToolWaitingPermission                  // a permission dialog is open for it
	ToolRunning                            // approved, no result yet
	ToolDone                               // finished successfully
	ToolFailed                             // finished with an error result
	ToolDenied                             // the user or a rule said no
	ToolInterrupted                        // stopped by an interrupt
)

// ToolCall is everything the renderers need to know about one tool call,
// independent of the wire protocol.
type ToolCall struct {
	ID   string
	Name string // "Bash", "Edit", "mcp__server__tool", …
	// Input is the tool input as JSON. While State is ToolInputStreaming it
	// may be an unfinished prefix; renderers show what they can of it.
	Input  json.RawMessage
	State  ToolState
	Result *ToolResult // nil until the result arrives
	// Elapsed is shown in the header while the call is running.
	Elapsed time.Duration
	// Expanded shows everything instead of a head/tail excerpt.
	Expanded bool
	// Spinner is the current spinner frame, shown as the state icon while
	// the input streams or the tool runs ("" shows a static icon).
	Spinner string
	// TaskStatus and TaskLink are the caller's live view of an Agent/Task
	// call (e.g. "Running Bash · 3 tool uses · 2.1k tokens" and the output
	// file); shown under the header.
	TaskStatus string
	TaskLink   string
}

// ToolResult is a tool's result.
type ToolResult struct {
	Content string // the text the model saw
	IsError bool
	// Structured is the CLI's tool_use_result: an object whose shape
	// depends on the tool, or a JSON string (usually an error message).
	Structured json.RawMessage
}

// Layout of a tool block: a header line, then the body hanging off a
// connector ("  ⎿  first line" / "     next line").
const (
	bodyIndent = 5
	// collapsedHead and collapsedTail are the lines of long output shown
	// when a call is not expanded.
	collapsedHead = 5
	collapsedTail = 3
)

// toolView is what a tool renderer decides; Tool lays it out.
type toolView struct {
	name   string // display name in the header
	arg    string // key argument, shown as name(arg)
	detail string // extra header info in muted text
	// body renders the body for the given width (the space after the
	// connector); "" for none.
	body func(width int) string
	// argIsPath shortens the argument from the left, keeping the file name.
	argIsPath bool
	// ownsErrors is set by renderers that show error results themselves.
	ownsErrors bool
}

type toolRenderer func(c ToolCall, st *themes.Styles) toolView

// toolRenderers maps a tool's wire name (protocol.Tool…) to its renderer.
// Each renderer's file registers it (registerTool); unknown tools, and MCP
// tools, are handled by Tool.
var toolRenderers = map[string]toolRenderer{}

// registerTool makes r the renderer of the named tools; call it from the
// renderer's own file, in init.
func registerTool(r toolRenderer, names ...string) {
	for _, n := range names {
		if _, dup := toolRenderers[n]; dup {
			panic("render: two renderers for tool " + n)
		}
		if !protocol.HasToolSchema(n) { // its input would only ever be raw JSON
			panic("render: tool " + n + " has a renderer but no schema (registerToolSchema in protocol/tool_<name>.go)")
		}
		toolRenderers[n] = r
	}
}

// Tool renders a tool call: a header with state icon, name, key argument
// and (while running) elapsed time, then a body that depends on the tool.
func Tool(c ToolCall, width int, st *themes.Styles) string {
	width = max(width, 1)
	var v toolView
	if r, ok := toolRenderers[c.Name]; ok {
		v = r(c, st)
	} else if server, tool, ok := protocol.MCPToolName(c.Name); ok {
		v = mcpView(c, server, tool, st)
	} else {
		v = genericView(c, st)
	}
	out := toolHeader(c, v, width, st)
	body := toolBody(c, v, width-bodyIndent, st)
	if body == "" {
		return out
	}
	connector := "  " + st.Tool.Connector.Render(st.Icons.Connector) + "  "
	return clamp(out+"\n"+prefixLines(body, connector, strings.Repeat(" ", bodyIndent)), width)
}

// toolBody picks the body: the state says more than the tool when the
// call was denied, interrupted or failed.
func toolBody(c ToolCall, v toolView, width int, st *themes.Styles) string {
	width = max(width, 1)
	var msg string
	if c.Result != nil {
		msg = resultText(c.Result)
	}
	switch {
	case c.State == ToolDenied:
		return errorBody("Denied", msg, c.Expanded, width, st)
	case c.State == ToolInterrupted:
		return st.Transcript.Interrupted.Render(Truncate("Interrupted", width))
	case (c.State == ToolFailed || (c.Result != nil && c.Result.IsError)) && !v.ownsErrors:
		return errorBody("", msg, c.Expanded, width, st)
	case c.State == ToolWaitingPermission && v.body == nil:
		return st.Tool.IconWaiting.Render(Truncate("Waiting for permission…", width))
	}
	if v.body == nil {
		return ""
	}
	return v.body(width)
}

// errorBody shows an error message, clipped unless expanded.
func errorBody(label, msg string, expanded bool, width int, st *themes.Styles) string {
	msg = strings.TrimPrefix(strings.TrimSpace(msg), "Error: ")
	switch {
	case label != "" && msg != "":
		msg = label + ": " + msg
	case label != "":
		msg = label
	case msg == "":
		msg = "Failed"
	}
	return textBlock(msg, expanded, width, st.Tool.Error, st)
}

// resultText prefers the structured result when it is a plain string (the
// CLI puts the user-facing error there), else the model-facing content.
func resultText(r *ToolResult) string {
	var s string
	if len(r.Structured) > 0 && r.Structured[0] == '"' && json.Unmarshal(r.Structured, &s) == nil && s != "" {
		return s
	}
	return r.Content
}

// prefixLines puts first before the first line of s and rest before the
// others that are not empty.
func prefixLines(s, first, rest string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		switch {
		case i == 0:
			lines[i] = first + l
		case l != "":
			lines[i] = rest + l
		}
	}
	return strings.Join(lines, "\n")
}

func (s ToolState) String() string {
	switch s {
	case ToolInputStreaming:
		return "input-streaming"
	case ToolWaitingPermission:
		return "waiting-permission"
	case ToolRunning:
		return "running"
	case ToolDone:
		return "done"
	case ToolFailed:
		return "failed"
	case ToolDenied:
		return "denied"
	case ToolInterrupted:
		return "interrupted"
	}
	return "ToolState(" + strconv.Itoa(int(s)) + ")"
}
