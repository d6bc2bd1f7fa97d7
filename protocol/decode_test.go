package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestDecodeRejectsNonObjects(t *testing.T) {
	for _, line := range []string{"", "   ", "null", "[]", `[{"type":"user"}]`, `"user"`, "42", "true",
		"this is not json", `{"type":"assistant"`, `{"type":"assistant"} {}`} {
		msg, err := Decode([]byte(line))
		var de *DecodeError
		if !errors.As(err, &de) || msg != nil {
			t.Errorf("Decode(%q) = %#v, %v; want a *DecodeError", line, msg, err)
		}
	}
}

func TestDecodeWrongFieldTypeIsDecodeError(t *testing.T) {
	for _, line := range []string{
		`{"type":"assistant","message":"hello"}`,
		`{"type":"result","subtype":"success","is_error":"yes"}`,
		`{"type":"control_request","request_id":"r","request":{"subtype":"can_use_tool","tool_name":7}}`,
		`{"type":"control_request","request_id":"r","request":"can_use_tool"}`,
	} {
		var de *DecodeError
		if _, err := Decode([]byte(line)); !errors.As(err, &de) {
			t.Errorf("Decode(%s): error %v, want a *DecodeError", line, err)
		}
	}
}

func TestDecodeUnknownKeepsTheLine(t *testing.T) {
	tests := []struct {
		line      string
		kind      string
		requestID string
	}{
		{`{"type":"bogus_type","x":1}`, "bogus_type", ""},
		{`{"type":"system","subtype":"memory_recall","mode":"select"}`, "system/memory_recall", ""},
		{`{"type":"system"}`, "system", ""},
		{`{"x":1}`, "", ""},
		{`{"type":"control_request","request_id":"r9","request":{"subtype":"request_user_dialog"}}`, "control_request/request_user_dialog", "r9"},
		{`{"type":"control_request","request_id":"noreq"}`, "control_request", "noreq"},
	}
	for _, tt := range tests {
		buf := []byte(tt.line)
		msg, err := Decode(buf)
		if err != nil {
			t.Fatalf("Decode(%s): %v", tt.line, err)
		}
		u, ok := msg.(*Unknown)
		if !ok {
			t.Fatalf("Decode(%s) = %T, want *Unknown", tt.line, msg)
		}
		if u.Kind() != tt.kind || u.RequestID != tt.requestID {
			t.Errorf("Decode(%s): kind %q, request id %q; want %q, %q", tt.line, u.Kind(), u.RequestID, tt.kind, tt.requestID)
		}
		copy(buf, bytes.Repeat([]byte("#"), len(buf))) // the reader reuses its buffer
		if string(u.Raw) != tt.line {
			t.Errorf("Raw = %s, want the line as read", u.Raw)
		}
	}
}

func TestDecodeResultSubtypes(t *testing.T) {
	for _, sub := range []string{ResultSuccess, ResultErrorDuringExecution, ResultErrorMaxTurns, ResultErrorMaxBudgetUSD, "error_new_kind"} {
		msg, err := Decode([]byte(`{"type":"result","subtype":"` + sub + `","is_error":true}`))
		if err != nil {
			t.Fatal(err)
		}
		r, ok := msg.(*Result)
		if !ok || r.Kind() != "result/"+sub || !r.IsError {
			t.Errorf("%s: %#v", sub, msg)
		}
	}
}

func TestDecodeToleratesWhitespaceAndCRLF(t *testing.T) {
	msg, err := Decode([]byte("  \t{\"type\":\"keep_alive\"}\r\n"))
	if err != nil || reflect.TypeOf(msg) != reflect.TypeFor[*KeepAlive]() {
		t.Errorf("got %#v, %v", msg, err)
	}
}

func TestDecodeErrorText(t *testing.T) {
	long := []byte(strings.Repeat("x", 500))
	_, err := Decode(long)
	var de *DecodeError
	if !errors.As(err, &de) {
		t.Fatalf("error %v", err)
	}
	msg := de.Error()
	if !strings.HasPrefix(msg, "malformed line from claude: ") || !strings.HasSuffix(msg, "… (500 bytes)") || len(msg) > 250 {
		t.Errorf("Error() = %q", msg)
	}
	long[0] = '#' // the reader reuses its buffer
	if de.Line[0] != 'x' {
		t.Error("DecodeError.Line shares the caller's buffer")
	}
	var syn *json.SyntaxError
	if !errors.As(err, &syn) {
		t.Errorf("the JSON error is not unwrapped: %v", err)
	}
}

func TestDecodeClientShapes(t *testing.T) {
	tests := []struct {
		line string
		want any
	}{
		{`{"type":"control_request","request_id":"noreq"}`, &ClientControlRequest{RequestID: "noreq"}},
		{`{"type":"control_request","request":{"subtype":"mcp_status"}}`,
			&ClientControlRequest{Request: MCPStatus{}, Raw: json.RawMessage(`{"subtype":"mcp_status"}`)}},
		{`{"type":"control_request","request_id":"s","request":{"subtype":"set_model","model":"sonnet","only_if_model_is_current":true}}`,
			&ClientControlRequest{RequestID: "s", Request: SetModel{Model: "sonnet"},
				Raw: json.RawMessage(`{"subtype":"set_model","model":"sonnet","only_if_model_is_current":true}`)}},
		{`{"type":"control_request","request_id":"q","request":{"subtype":"side_question","question":"why?"}}`,
			&ClientControlRequest{RequestID: "q",
				Request: RawClientRequest{Name: "side_question", Body: json.RawMessage(`{"subtype":"side_question","question":"why?"}`)},
				Raw:     json.RawMessage(`{"subtype":"side_question","question":"why?"}`)}},
		{`{"type":"control_cancel_request","request_id":"no-such-request"}`, &ControlCancelRequest{RequestID: "no-such-request"}},
		{`{"type":"keep_alive"}`, &KeepAlive{}},
		{`{"type":"control_response","response":{"subtype":"error","request_id":"x","error":"boom"}}`,
			&ControlResponse{Response: ControlResponseBody{Subtype: "error", RequestID: "x", Error: "boom"}}},
		{`{"type":"bogus_type","x":1}`, &Unknown{Type: "bogus_type", Raw: json.RawMessage(`{"type":"bogus_type","x":1}`)}},
	}
	for _, tt := range tests {
		got, err := DecodeClient([]byte(tt.line))
		if err != nil {
			t.Fatalf("DecodeClient(%s): %v", tt.line, err)
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("DecodeClient(%s)\n got %#v\nwant %#v", tt.line, got, tt.want)
		}
	}
}

func TestDecodeClientErrors(t *testing.T) {
	for _, line := range []string{
		"this is not json", "null", `[]`,
		`{"type":"control_request","request_id":"r","request":[1]}`,
		`{"type":"control_request","request_id":"r","request":{"subtype":"set_model","model":5}}`,
		`{"type":"user","message":{"role":7}}`,
	} {
		v, err := DecodeClient([]byte(line))
		var de *DecodeError
		if !errors.As(err, &de) || v != nil {
			t.Errorf("DecodeClient(%s) = %#v, %v; want a *DecodeError", line, v, err)
		}
	}
}

func TestClientControlRequestKind(t *testing.T) {
	for _, tt := range []struct {
		r    ClientControlRequest
		want string
	}{
		{ClientControlRequest{}, "control_request"},
		{ClientControlRequest{Request: Interrupt{}}, "control_request/interrupt"},
		{ClientControlRequest{Request: RawClientRequest{Name: "get_usage"}}, "control_request/get_usage"},
	} {
		if got := tt.r.Kind(); got != tt.want {
			t.Errorf("Kind() = %q, want %q", got, tt.want)
		}
	}
}

// A 16 MiB line (far over bufio.Scanner's and the SDKs' limits) decodes whole.
func TestDecodeHugeLine(t *testing.T) {
	text := strings.Repeat("y", 16<<20)
	line := []byte(`{"type":"assistant","message":{"id":"msg_1","role":"assistant","model":"m","content":[{"type":"text","text":"` +
		text + `"}],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":2}},"parent_tool_use_id":null,"session_id":"s","uuid":"u"}`)
	msg, err := Decode(line)
	if err != nil {
		t.Fatal(err)
	}
	a, ok := msg.(*Assistant)
	if !ok || len(a.Message.Content) != 1 || len(a.Message.Content[0].Text) != len(text) || a.UUID != "u" {
		t.Fatalf("decoded %T", msg)
	}
}

// system/informational (research expJ: auto mode behind a custom base URL) decodes to
// its own type, not Unknown, so the user sees the CLI's explanation.
func TestDecodeInformational(t *testing.T) {
	line := `{"type":"system","subtype":"informational","content":"Auto mode can't check actions in this session.","isMeta":false,"timestamp":"2026-11-25T08:00:00Z","uuid":"u1","level":"warning","tag":"auto_mode_no_server_check","session_id":"s1"}`
	msg, err := Decode([]byte(line))
	if err != nil {
		t.Fatal(err)
	}
	inf, ok := msg.(*Informational)
	if !ok || inf.Level != "warning" || inf.Tag != "auto_mode_no_server_check" || inf.Content != "Auto mode can't check actions in this session." {
		t.Fatalf("decoded %#v", msg)
	}
}

// system/commands_changed (CLI 2.1.332, after /reload-skills found a new skill) decodes
// to its own type with the whole new list.
func TestDecodeCommandsChanged(t *testing.T) {
	line := `{"type":"system","subtype":"commands_changed","commands":[{"argumentHint":"","description":"the alpha skill (project)","name":"alpha"},{"argumentHint":"","description":"the beta skill (project)","name":"beta"}],"uuid":"u1","session_id":"s1"}`
	msg, err := Decode([]byte(line))
	if err != nil {
		t.Fatal(err)
	}
	cc, ok := msg.(*CommandsChanged)
	if !ok || len(cc.Commands) != 2 || cc.Commands[1].Name != "beta" || cc.Commands[1].Description != "the beta skill (project)" {
		t.Fatalf("decoded %#v", msg)
	}
}
