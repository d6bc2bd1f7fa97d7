package protocol

import "strings"

// Wire names of the built-in tools the UI renders specially. The model calls the subagent
// tool "Agent" while system/init still lists it as "Task"; both are accepted.
const (
	ToolBash            = "Bash"
	ToolWrite           = "Write"
	ToolEdit            = "Edit"
	ToolRead            = "Read"
	ToolGlob            = "Glob"
	ToolGrep            = "Grep"
	ToolWebFetch        = "WebFetch"
	ToolWebSearch       = "WebSearch"
	ToolTodoWrite       = "TodoWrite"
	ToolAgent           = "Agent"
	ToolTask            = "Task"
	ToolExitPlanMode    = "ExitPlanMode"
	ToolAskUserQuestion = "AskUserQuestion"
)

// IsMCPTool reports whether name is an MCP tool ("mcp__<server>__<tool>").
func IsMCPTool(name string) bool { return strings.HasPrefix(name, "mcp__") }

// MCPToolName splits an MCP tool name into server and tool; ok is false for other names.
func MCPToolName(name string) (server, tool string, ok bool) {
	rest, found := strings.CutPrefix(name, "mcp__")
	if !found {
		return "", "", false
	}
	server, tool, ok = strings.Cut(rest, "__")
	if !ok || server == "" || tool == "" {
		return "", "", false
	}
	return server, tool, true
}
