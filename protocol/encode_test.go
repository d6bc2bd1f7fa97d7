package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"testing"
)

func TestEncodeControlRequestBytes(t *testing.T) {
	budget := 1024
	tests := []struct {
		req  ClientRequest
		want string
	}{
		{Initialize{}, `{"subtype":"initialize"}`},
		{Initialize{Hooks: json.RawMessage(`{"PreToolUse": [{"matcher": "Bash", "hookCallbackIds": ["hook_0"]}]}`), ForwardSubagentText: true},
			`{"forwardSubagentText":true,"hooks":{"PreToolUse":[{"matcher":"Bash","hookCallbackIds":["hook_0"]}]},"subtype":"initialize"}`},
		{Interrupt{}, `{"subtype":"interrupt"}`},
		{SetModel{Model: "sonnet"}, `{"model":"sonnet","subtype":"set_model"}`},
		{SetModel{}, `{"subtype":"set_model"}`},
		{SetPermissionMode{Mode: ModeAcceptEdits}, `{"mode":"acceptEdits","subtype":"set_permission_mode"}`},
		{SetMaxThinkingTokens{MaxThinkingTokens: &budget}, `{"max_thinking_tokens":1024,"subtype":"set_max_thinking_tokens"}`},
		{SetMaxThinkingTokens{}, `{"max_thinking_tokens":null,"subtype":"set_max_thinking_tokens"}`},
		{GetContextUsage{Detail: "summary"}, `{"detail":"summary","subtype":"get_context_usage"}`},
		{GetContextUsage{}, `{"subtype":"get_context_usage"}`},
		{MCPStatus{}, `{"subtype":"mcp_status"}`},
		{MCPReconnect{ServerName: "words"}, `{"serverName":"words","subtype":"mcp_reconnect"}`},
		{MCPToggle{ServerName: "words"}, `{"enabled":false,"serverName":"words","subtype":"mcp_toggle"}`},
		{MCPToggle{ServerName: "words", Enabled: true}, `{"enabled":true,"serverName":"words","subtype":"mcp_toggle"}`},
		{MCPAuthenticate{ServerName: "remote"}, `{"serverName":"remote","subtype":"mcp_authenticate"}`},
		{GetSettings{}, `{"subtype":"get_settings"}`},
		{GetUsage{SkipBehaviors: true}, `{"skip_behaviors":true,"subtype":"get_usage"}`},
		{UpdateSettings{Source: SourceLocalSettings, Settings: map[string]string{"outputStyle": "Explanatory"}},
			`{"settings":{"outputStyle":"Explanatory"},"source":"localSettings","subtype":"update_settings"}`},
		{StopTask{TaskID: "t1"}, `{"subtype":"stop_task","task_id":"t1"}`},
		{ReadSessionFile{Path: "notes.md"}, `{"path":"notes.md","subtype":"read_file"}`},
		{RewindFiles{UserMessageID: "u1", DryRun: true}, `{"dry_run":true,"subtype":"rewind_files","user_message_id":"u1"}`},
		{RenameSession{Title: "My test session"}, `{"subtype":"rename_session","title":"My test session"}`},
		{GetSessionCost{}, `{"subtype":"get_session_cost"}`},
		{ListModels{}, `{"subtype":"list_models"}`},
		{CancelAsyncMessage{MessageUUID: "u-1"}, `{"message_uuid":"u-1","subtype":"cancel_async_message"}`},
		{RawClientRequest{Name: "side_question", Body: json.RawMessage(`{"question": "why?"}`)}, `{"question":"why?","subtype":"side_question"}`},
		{RawClientRequest{Name: "get_binary_version"}, `{"subtype":"get_binary_version"}`},
		// Name wins over a subtype already in the body.
		{RawClientRequest{Name: "a", Body: json.RawMessage(`{"subtype":"b"}`)}, `{"subtype":"a"}`},
	}
	for _, tt := range tests {
		t.Run(tt.req.Subtype(), func(t *testing.T) {
			got, err := EncodeControlRequest("req-1", tt.req)
			if err != nil {
				t.Fatal(err)
			}
			want := `{"type":"control_request","request_id":"req-1","request":` + tt.want + "}\n"
			if string(got) != want {
				t.Errorf("got  %s\nwant %s", got, want)
			}
			assertOneLine(t, got)
		})
	}
}

// The typed requests read back as what was encoded.
func TestEncodeControlRequestDecodesBack(t *testing.T) {
	budget := 0
	for _, req := range []ClientRequest{
		Initialize{ForwardSubagentText: true}, Interrupt{}, SetModel{Model: "opus"}, SetPermissionMode{Mode: ModePlan},
		SetMaxThinkingTokens{MaxThinkingTokens: &budget}, GetContextUsage{Detail: "full"}, MCPStatus{},
		MCPReconnect{ServerName: "a"}, MCPToggle{ServerName: "b", Enabled: true}, MCPAuthenticate{ServerName: "c"},
		GetSettings{}, GetUsage{}, UpdateSettings{Source: SourceUserSettings, Settings: map[string]string{"effortLevel": "high"}},
		StopTask{TaskID: "t"}, ReadSessionFile{Path: "a", MaxBytes: 9}, RewindFiles{UserMessageID: "u"}, RenameSession{Title: "x"}, GetSessionCost{}, ListModels{},
	} {
		line, err := EncodeControlRequest("id-7", req)
		if err != nil {
			t.Fatal(err)
		}
		v, err := DecodeClient(line)
		if err != nil {
			t.Fatal(err)
		}
		hr, ok := v.(*ClientControlRequest)
		if !ok || hr.RequestID != "id-7" || !reflect.DeepEqual(hr.Request, req) {
			t.Errorf("%s: decoded back as %#v", req.Subtype(), v)
		}
	}
}

func TestEncodePermissionBytes(t *testing.T) {
	const env = `{"type":"control_response","response":{"subtype":"success","request_id":"r-1","response":`
	tests := []struct {
		name     string
		decision PermissionDecision
		want     string
	}{
		{"allow with updatedInput", PermissionAllow{UpdatedInput: json.RawMessage(`{"command": "touch x", "description": "Create x"}`)},
			`{"behavior":"allow","updatedInput":{"command":"touch x","description":"Create x"}}`},
		{"allow unchanged", PermissionAllow{}, `{"behavior":"allow"}`},
		{"allow with updatedPermissions", PermissionAllow{
			UpdatedInput: json.RawMessage(`{"command":"touch x"}`),
			UpdatedPermissions: []PermissionUpdate{
				{Type: UpdateAddRules, Rules: []PermissionRule{{ToolName: "Bash", RuleContent: "touch x"}}, Behavior: "allow", Destination: DestLocalSettings},
				{Type: UpdateAddDirectories, Directories: []string{"/p"}, Destination: DestSession},
				{Type: UpdateSetMode, Mode: ModeAcceptEdits, Destination: DestSession},
			}},
			`{"behavior":"allow","updatedInput":{"command":"touch x"},"updatedPermissions":[` +
				`{"type":"addRules","rules":[{"toolName":"Bash","ruleContent":"touch x"}],"behavior":"allow","destination":"localSettings"},` +
				`{"type":"addDirectories","directories":["/p"],"destination":"session"},` +
				`{"type":"setMode","mode":"acceptEdits","destination":"session"}]}`},
		{"exit plan mode into acceptEdits", PermissionAllow{
			UpdatedInput:       json.RawMessage(`{}`),
			UpdatedPermissions: []PermissionUpdate{{Type: UpdateSetMode, Mode: ModeAcceptEdits, Destination: DestSession}}},
			`{"behavior":"allow","updatedInput":{},"updatedPermissions":[{"type":"setMode","mode":"acceptEdits","destination":"session"}]}`},
		{"deny with message", PermissionDeny{Message: "User said no to this (test)"},
			`{"behavior":"deny","message":"User said no to this (test)"}`},
		{"deny with interrupt", PermissionDeny{Message: "stop", Interrupt: true},
			`{"behavior":"deny","message":"stop","interrupt":true}`},
		{"deny with empty message", PermissionDeny{}, `{"behavior":"deny","message":""}`},
		{"deny with hostile message", PermissionDeny{Message: "no\n\u2028\x07\xff"}, `{"behavior":"deny","message":"no\n\u2028\u0007\ufffd"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := EncodePermission("r-1", tt.decision)
			if err != nil {
				t.Fatal(err)
			}
			if want := env + tt.want + "}}\n"; string(got) != want {
				t.Errorf("got  %s\nwant %s", got, want)
			}
			assertOneLine(t, got)
		})
	}
}

func TestEncodeControlErrorBytes(t *testing.T) {
	got, err := EncodeControlError("r-2", "host UI crashed (test)")
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type":"control_response","response":{"subtype":"error","request_id":"r-2","error":"host UI crashed (test)"}}` + "\n"
	if string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestEncodeControlSuccessBytes(t *testing.T) {
	tests := []struct {
		payload any
		want    string
	}{
		{nil, `{}`},
		{map[string]bool{"continue": true}, `{"continue":true}`},
		{ElicitationResponse{Action: ElicitDecline}, `{"action":"decline"}`},
	}
	for _, tt := range tests {
		got, err := EncodeControlSuccess("h-1", tt.payload)
		if err != nil {
			t.Fatal(err)
		}
		want := `{"type":"control_response","response":{"subtype":"success","request_id":"h-1","response":` + tt.want + "}}\n"
		if string(got) != want {
			t.Errorf("got  %s\nwant %s", got, want)
		}
	}
}

func TestEncodeUserMessageBytes(t *testing.T) {
	tests := []struct {
		name string
		in   UserInput
		want string
	}{
		{"text", UserInput{Text: "Say hello."},
			`{"type":"user","message":{"role":"user","content":"Say hello."},"parent_tool_use_id":null,"session_id":""}`},
		{"uuid", UserInput{Text: "First.", UUID: "5e02378f-cdbe-4ddb-a7da-e65fd893a951"},
			`{"type":"user","message":{"role":"user","content":"First."},"parent_tool_use_id":null,"session_id":"","uuid":"5e02378f-cdbe-4ddb-a7da-e65fd893a951"}`},
		{"images then text", UserInput{Text: "What is this?", Images: []ImageSource{
			{Type: "base64", MediaType: "image/png", Data: "iVBORw0KGgo="},
			{Type: "base64", MediaType: "image/jpeg", Data: "/9j/4AAQ"},
		}},
			`{"type":"user","message":{"role":"user","content":[` +
				`{"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBORw0KGgo="}},` +
				`{"type":"image","source":{"type":"base64","media_type":"image/jpeg","data":"/9j/4AAQ"}},` +
				`{"type":"text","text":"What is this?"}]},"parent_tool_use_id":null,"session_id":""}`},
		{"image alone", UserInput{Images: []ImageSource{{Type: "base64", MediaType: "image/gif", Data: "R0lG"}}},
			`{"type":"user","message":{"role":"user","content":[{"type":"image","source":{"type":"base64","media_type":"image/gif","data":"R0lG"}}]},"parent_tool_use_id":null,"session_id":""}`},
		{"hostile text", UserInput{Text: "a\nb\r\u2028\u2029c\x00\x01\x1b[31md\xff\xfee\"\\"},
			`{"type":"user","message":{"role":"user","content":"a\nb\r\u2028\u2029c\u0000\u0001\u001b[31md\ufffd\ufffde\"\\"},"parent_tool_use_id":null,"session_id":""}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := EncodeUserMessage(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if want := tt.want + "\n"; string(got) != want {
				t.Errorf("got  %s\nwant %s", got, want)
			}
			assertOneLine(t, got)
			v, err := DecodeClient(got)
			if err != nil {
				t.Fatal(err)
			}
			if u, ok := v.(*User); !ok || u.UUID != tt.in.UUID || len(u.Message.Blocks()) == 0 {
				t.Errorf("decoded back as %#v", v)
			}
		})
	}
}

func TestEncodersRefuseInvalidLines(t *testing.T) {
	bad := json.RawMessage(`{"command":`)
	tests := []struct {
		name   string
		encode func() ([]byte, error)
	}{
		{"invalid updatedInput", func() ([]byte, error) { return EncodePermission("r", PermissionAllow{UpdatedInput: bad}) }},
		{"invalid hooks", func() ([]byte, error) { return EncodeControlRequest("r", Initialize{Hooks: bad}) }},
		{"invalid raw request", func() ([]byte, error) {
			return EncodeControlRequest("r", RawClientRequest{Name: "x", Body: json.RawMessage("{\n")})
		}},
		{"raw request not an object", func() ([]byte, error) {
			return EncodeControlRequest("r", RawClientRequest{Name: "x", Body: json.RawMessage(`[1]`)})
		}},
		{"invalid success payload", func() ([]byte, error) { return EncodeControlSuccess("r", bad) }},
		{"unencodable payload", func() ([]byte, error) { return EncodeControlSuccess("r", func() {}) }},
		{"no decision", func() ([]byte, error) { return EncodePermission("r", nil) }},
		{"empty request id (request)", func() ([]byte, error) { return EncodeControlRequest("", Interrupt{}) }},
		{"empty request id (permission)", func() ([]byte, error) { return EncodePermission("", PermissionDeny{Message: "no"}) }},
		{"empty request id (error)", func() ([]byte, error) { return EncodeControlError("", "x") }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			line, err := tt.encode()
			if !errors.Is(err, ErrInvalidLine) {
				t.Errorf("error = %v, want ErrInvalidLine", err)
			}
			if line != nil {
				t.Errorf("wrote %q", line)
			}
		})
	}
}

// A RawMessage spread over lines is compacted, never written with its newlines.
func TestEncodeCompactsRawJSON(t *testing.T) {
	got, err := EncodePermission("r", PermissionAllow{UpdatedInput: json.RawMessage("{\n  \"a\": 1\n}\n")})
	if err != nil {
		t.Fatal(err)
	}
	assertOneLine(t, got)
	if !bytes.Contains(got, []byte(`"updatedInput":{"a":1}`)) {
		t.Errorf("got %s", got)
	}
}

// assertOneLine checks b is exactly one JSON object followed by one newline.
func assertOneLine(t testing.TB, b []byte) {
	t.Helper()
	if len(b) == 0 || b[len(b)-1] != '\n' {
		t.Fatalf("line does not end in a newline: %q", b)
	}
	body := b[:len(b)-1]
	if bytes.ContainsAny(body, "\r\n") {
		t.Fatalf("line has a line break inside: %q", b)
	}
	if !json.Valid(body) || body[0] != '{' {
		t.Fatalf("line is not one JSON object: %q", b)
	}
}
