package sessionserver

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/internal/capturefiles"
	"github.com/gclaude/gclaude/protocol"
)

func TestReadStdout(t *testing.T) {
	long := strings.Repeat("word ", 20000)
	assistant, _ := json.Marshal(map[string]any{"type": "assistant", "message": map[string]any{"content": []any{
		map[string]any{"type": "text", "text": "\n\n  First line.\nSecond line " + long},
		map[string]any{"type": "tool_use", "id": "t1", "name": "Bash", "input": map[string]any{}},
	}}})
	tests := []struct {
		line string
		want stdoutFacts
	}{
		{`{"type":"stream_event","event":{"type":"content_block_delta"}}`, stdoutFacts{delta: true}},
		{`{"type":"control_request","request_id":"r1","request":{"subtype":"can_use_tool","tool_name":"Write","input":{}}}`, stdoutFacts{kind: lineDecision, requestID: "r1", tool: "Write"}},
		{`{"type":"control_request","request_id":"r2","request":{"subtype":"elicitation"}}`, stdoutFacts{kind: lineDecision, requestID: "r2", tool: "elicitation"}},
		{`{"type":"control_request","request_id":"r3","request":{"subtype":"hook_callback"}}`, stdoutFacts{kind: lineRequest, requestID: "r3"}},
		{`{"type":"control_cancel_request","request_id":"r1"}`, stdoutFacts{kind: lineCancel, requestID: "r1"}},
		{`{"type":"control_response","response":{"subtype":"success","request_id":"gc-1"}}`, stdoutFacts{kind: lineResponse, requestID: "gc-1"}},
		{`{"type":"system","subtype":"init","session_id":"s1"}`, stdoutFacts{kind: lineTurnStart, conversation: "s1"}},
		{`{"type":"result","subtype":"success","is_error":false,"result":"` + long + `","queued_turn_count":1}`, stdoutFacts{kind: lineResult, turnGoesOn: true}},
		{`{"type":"result","subtype":"success","is_error":true,"result":"API Error: 500\nmore"}`, stdoutFacts{kind: lineResult, said: "API Error: 500"}},
		{string(assistant), stdoutFacts{kind: lineAssistant, said: "First line."}},
		{`{"type":"assistant","parent_tool_use_id":"t0","message":{"content":[{"type":"text","text":"a subagent"}]}}`, stdoutFacts{}},
		{`{"type":"assistant","message":{"content":[{"type":"text","text":"a \\n b\u001b[31m"}]}}`, stdoutFacts{kind: lineAssistant, said: `a \n b[31m`}},
		{`not json`, stdoutFacts{}},
	}
	for _, tt := range tests {
		if got := readStdout([]byte(tt.line)); got != tt.want {
			t.Errorf("readStdout(%.80s) = %+v, want %+v", tt.line, got, tt.want)
		}
	}
}

// The server's reading agrees with the protocol package's on every recorded line.
func TestReadStdoutAgreesWithTheDecoder(t *testing.T) {
	n := 0
	dir := capturefiles.Dir(t)
	for _, path := range capturefiles.Stdout(t, dir) {
		for _, line := range capturefiles.Lines(capturefiles.ReadIn(t, dir, path)) {
			msg, err := protocol.Decode(line)
			if err != nil {
				continue
			}
			f := readStdout(line)
			var want lineKind
			switch m := msg.(type) {
			case *protocol.CanUseTool, *protocol.Elicitation:
				want = lineDecision
			case *protocol.HookCallback, *protocol.MCPMessage:
				want = lineRequest
			case *protocol.Unknown:
				if m.Type == "control_request" {
					want = lineRequest
				}
			case *protocol.ControlCancelRequest:
				want = lineCancel
			case *protocol.ControlResponse:
				want = lineResponse
			case *protocol.SystemInit:
				want = lineTurnStart
			case *protocol.Result:
				want = lineResult
			case *protocol.StreamEvent:
				if !f.delta {
					t.Errorf("%s: a stream_event not seen as one: %.80s", path, line)
				}
				continue
			default:
				if f.kind == lineAssistant || f.kind == lineOther {
					continue
				}
			}
			if f.kind != want {
				t.Errorf("%s: kind %d, want %d: %.120s", path, f.kind, want, line)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no recorded line checked")
	}
}
