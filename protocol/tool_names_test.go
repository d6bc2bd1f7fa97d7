package protocol

import "testing"

func TestMCPToolName(t *testing.T) {
	tests := []struct {
		name         string
		server, tool string
		ok           bool
	}{
		{"mcp__github__create_issue", "github", "create_issue", true},
		{"mcp__claude_ai_Gmail__search_threads", "claude_ai_Gmail", "search_threads", true},
		{"mcp__claude-in-chrome__navigate__deep", "claude-in-chrome", "navigate__deep", true},
		{"mcp__srv__", "", "", false},
		{"mcp____tool", "", "", false},
		{"mcp__srv", "", "", false},
		{"Bash", "", "", false},
	}
	for _, tt := range tests {
		server, tool, ok := MCPToolName(tt.name)
		if server != tt.server || tool != tt.tool || ok != tt.ok {
			t.Errorf("MCPToolName(%q) = %q, %q, %v", tt.name, server, tool, ok)
		}
	}
}
