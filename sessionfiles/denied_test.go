package sessionfiles

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// A call a decision kept from running is told apart from one the user interrupted
// and from one that failed, from what the CLI records (or, in files that do not
// record it, from its rejection text).
func TestToolResultDenied(t *testing.T) {
	text := func(s string) json.RawMessage { b, _ := json.Marshal(s); return b }
	tests := []struct {
		name string
		r    ToolResult
		want bool
	}{
		{"the user said no", ToolResult{IsError: true, Content: text("no thanks"), Denial: "permission-rule", Decision: "reject"}, true},
		{"a rule said no to an interrupted-looking call", ToolResult{IsError: true, Content: text("needs approval"), Denial: "user-rejected", Decision: "reject"}, true},
		{"interrupted while it waited", ToolResult{IsError: true, Content: text(rejectText + ". The tool use was rejected"), Denial: "user-rejected"}, false},
		{"older file: the rejection text", ToolResult{IsError: true, Content: text(rejectText + ". The tool use was rejected"), Structured: text("User rejected tool use")}, true},
		{"failed", ToolResult{IsError: true, Content: text("Exit code 1"), Structured: text("Error: Exit code 1")}, false},
		{"ran", ToolResult{Content: text("ok")}, false},
	}
	for _, tt := range tests {
		if got := tt.r.Denied(); got != tt.want {
			t.Errorf("%s: Denied() = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestDenialReadFromSessionFile(t *testing.T) {
	h := mustLoad(t, fixture("tools"))
	for _, e := range h.Entries {
		if e.Kind != KindToolCall || e.Tool.Result == nil {
			continue
		}
		r := e.Tool.Result
		denied := e.Tool.ID == "toolu_fake006" // toolsDenied's call
		if r.Denied() != denied {
			t.Errorf("%s: Denied() = %v (denial %q, decision %q), want %v", e.Tool.ID, r.Denied(), r.Denial, r.Decision, denied)
		}
	}

	// What the CLI 2.1.328 wrote for a call interrupted at its permission request.
	lines := `{"parentUuid":null,"isSidechain":false,"type":"user","message":{"role":"user","content":"touch"},"uuid":"u1","timestamp":"2026-11-22T03:52:15.500Z","sessionId":"s"}
{"parentUuid":"u1","isSidechain":false,"type":"assistant","message":{"id":"msg_1","role":"assistant","model":"claude-opus-5-5","content":[{"type":"tool_use","id":"toolu_fake002","name":"Bash","input":{"command":"touch x"}}]},"uuid":"a1","timestamp":"2026-11-22T03:52:15.600Z","sessionId":"s"}
{"parentUuid":"a1","isSidechain":false,"type":"user","message":{"role":"user","content":[{"type":"tool_result","content":"` + rejectText + `. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.","is_error":true,"tool_use_id":"toolu_fake002"}]},"uuid":"u2","timestamp":"2026-11-22T03:52:15.626Z","toolUseResult":"User rejected tool use","toolDenialKind":"user-rejected","toolDenialBeforeRun":true,"sessionId":"s"}
`
	path := filepath.Join(t.TempDir(), "s.jsonl")
	if err := os.WriteFile(path, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, e := range mustLoad(t, path).Entries {
		if e.Kind == KindToolCall {
			if r := e.Tool.Result; r == nil || r.Denial != "user-rejected" || r.Denied() {
				t.Fatalf("interrupted call read as %+v", r)
			}
			return
		}
	}
	t.Fatal("no tool call read")
}
