package protocol

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/gclaude/gclaude/internal/capturefiles"
	"github.com/gclaude/gclaude/internal/clirig"
)

// hostControlResponses reads exp06a_host_controls.responses.json: the CLI's answer to
// each client request, keyed by the experiment's name for it.
func hostControlResponses(t testing.TB) map[string]ControlResponseBody {
	t.Helper()
	return responsesByName(t, capturefiles.Read(t, "exp06a_host_controls.responses.json"))
}

// responsesByName reads a JSON object of control_response lines, keyed by name.
func responsesByName(t testing.TB, data []byte) map[string]ControlResponseBody {
	t.Helper()
	var lines map[string]ControlResponse
	if err := json.Unmarshal(data, &lines); err != nil {
		t.Fatal(err)
	}
	out := map[string]ControlResponseBody{}
	for k, v := range lines {
		out[k] = v.Response
	}
	return out
}

// testdataResponses reads testdata/<name>, control responses keyed by name.
func testdataResponses(t testing.TB, name string) map[string]ControlResponseBody {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return responsesByName(t, data)
}

// decodeAndCheck decodes a response payload into T and checks nothing was lost.
func decodeAndCheck[T any](t *testing.T, b ControlResponseBody) T {
	t.Helper()
	v, err := DecodeResponse[T](b)
	if err != nil {
		t.Fatalf("DecodeResponse[%T]: %v", v, err)
	}
	if len(b.Response) > 0 {
		assertRoundTrip(t, b.RequestID, rawJSON(t, b.Response), v)
	}
	return v
}

func TestDecodeClientControlResponses(t *testing.T) {
	resp := hostControlResponses(t)
	get := func(key string) ControlResponseBody {
		b, ok := resp[key]
		if !ok {
			t.Fatalf("no %q in the responses capture", key)
		}
		return b
	}

	t.Run("initialize", func(t *testing.T) {
		for _, key := range []string{"initialize", "initialize_again"} {
			r := decodeAndCheck[InitializeResponse](t, get(key))
			if len(r.Commands) != 44 || len(r.Models) != 5 || len(r.Agents) != 5 {
				t.Errorf("%s: %d commands, %d models, %d agents; want 44, 5, 5", key, len(r.Commands), len(r.Models), len(r.Agents))
			}
			if r.CurrentPermissionMode != ModeDefault || r.ClaudeCodeVersion != clirig.PinnedVersion || r.SessionState != "idle" || r.PID == 0 {
				t.Errorf("%s: mode %q, version %q, state %q, pid %d", key, r.CurrentPermissionMode, r.ClaudeCodeVersion, r.SessionState, r.PID)
			}
			if r.Account.APIKeySource != "ANTHROPIC_API_KEY" || r.Account.APIProvider != "firstParty" {
				t.Errorf("%s: account %+v", key, r.Account)
			}
			if m := r.Models[0]; m.Value != "default" || m.ResolvedModel != "claude-opus-5-5" || !m.SupportsEffort || len(m.SupportedEffortLevels) == 0 {
				t.Errorf("%s: first model %+v", key, m)
			}
			if len(r.Capabilities) == 0 || len(r.AvailableOutputStyles) == 0 {
				t.Errorf("%s: capabilities %q, output styles %q", key, r.Capabilities, r.AvailableOutputStyles)
			}
		}
	})
	t.Run("list_models", func(t *testing.T) {
		r := decodeAndCheck[ListModelsResponse](t, get("list_models"))
		if len(r.Models) != 5 || r.Models[0].DisplayName == "" {
			t.Errorf("%+v", r)
		}
	})
	t.Run("mcp_status", func(t *testing.T) {
		r := decodeAndCheck[MCPStatusResponse](t, get("mcp_status"))
		if r.MCPServers == nil || len(r.MCPServers) != 0 {
			t.Errorf("mcpServers = %#v, want an empty list", r.MCPServers)
		}
	})
	t.Run("get_context_usage", func(t *testing.T) {
		for _, key := range []string{"get_context_usage_summary", "get_context_usage_full"} {
			r := decodeAndCheck[ContextUsage](t, get(key))
			if len(r.Categories) == 0 || r.MaxTokens != 1_000_000 || r.TotalTokens == 0 || r.Model != "claude-opus-5-5" {
				t.Errorf("%s: %+v", key, r)
			}
			if !r.IsAutoCompactEnabled || r.AutoCompactThreshold == 0 || r.APIUsage != nil {
				t.Errorf("%s: autocompact %v at %d, apiUsage %v", key, r.IsAutoCompactEnabled, r.AutoCompactThreshold, r.APIUsage)
			}
		}
	})
	t.Run("get_usage", func(t *testing.T) {
		r := decodeAndCheck[UsageResponse](t, get("get_usage"))
		if r.Session.TotalDurationMS <= 0 || r.Session.ModelUsage == nil || r.SubscriptionType != nil || r.RateLimitsAvailable || r.RateLimits != nil {
			t.Errorf("%+v", r)
		}
	})
	t.Run("get_settings", func(t *testing.T) {
		r := decodeAndCheck[SettingsResponse](t, get("get_settings"))
		if len(r.Sources) != 0 || r.Applied.Model != "claude-opus-5-5" {
			t.Errorf("%+v", r)
		}
	})
	t.Run("get_session_cost", func(t *testing.T) {
		if r := decodeAndCheck[SessionCost](t, get("get_session_cost")); r.Text == "" {
			t.Error("empty cost text")
		}
	})
	t.Run("set_model", func(t *testing.T) {
		for key, want := range map[string]string{
			"set_model_sonnet": "claude-sonnet-5-5", "set_model_bogus": "not-a-real-model-xyz",
			"set_model_default": "claude-opus-5-5", "set_model_null": "claude-opus-5-5",
		} {
			if r := decodeAndCheck[SetModelResponse](t, get(key)); r.Model != want {
				t.Errorf("%s: model %q, want %q", key, r.Model, want)
			}
		}
	})
	t.Run("set_permission_mode", func(t *testing.T) {
		for key, want := range map[string]string{
			"set_permission_mode_acceptEdits": ModeAcceptEdits, "set_permission_mode_plan": ModePlan,
			"set_permission_mode_default": ModeDefault,
		} {
			if r := decodeAndCheck[SetPermissionModeResponse](t, get(key)); r.Mode != want {
				t.Errorf("%s: mode %q, want %q", key, r.Mode, want)
			}
		}
	})
	t.Run("interrupt", func(t *testing.T) {
		r := decodeAndCheck[InterruptResponse](t, get("interrupt_idle"))
		if r.StillQueued == nil || len(r.StillQueued) != 0 {
			t.Errorf("%#v", r)
		}
	})
	t.Run("no payload", func(t *testing.T) {
		for _, key := range []string{"set_max_thinking_tokens", "rename_session"} {
			b := get(key)
			if len(b.Response) != 0 {
				t.Fatalf("%s has a payload: %s", key, b.Response)
			}
			if r, err := DecodeResponse[SetModelResponse](b); err != nil || r != (SetModelResponse{}) {
				t.Errorf("%s: %+v, %v", key, r, err)
			}
		}
	})
	t.Run("errors", func(t *testing.T) {
		for key, wantCode := range map[string]string{
			"set_permission_mode_bypass": ErrCodeBypassNotLaunched,
			"set_permission_mode_bogus":  ErrCodeInvalidMode,
			"unknown_subtype":            ErrCodeUnsupportedRequest,
			"mcp_toggle_bogus":           "",
		} {
			b := get(key)
			_, err := DecodeResponse[SetPermissionModeResponse](b)
			var ce *ControlError
			if !errors.As(err, &ce) {
				t.Fatalf("%s: error %v, want a *ControlError", key, err)
			}
			if ce.Code != wantCode || ce.Message != b.Error || ce.Message == "" || ce.RequestID != b.RequestID {
				t.Errorf("%s: %+v", key, ce)
			}
		}
	})
}

func TestDecodeResponseWrongShape(t *testing.T) {
	_, err := DecodeResponse[SetModelResponse](ControlResponseBody{Subtype: "success", RequestID: "r1", Response: json.RawMessage(`{"model":7}`)})
	var ce *ControlError
	if err == nil || errors.As(err, &ce) {
		t.Errorf("error = %v, want a decode error that is not a *ControlError", err)
	}
}

func TestControlErrorText(t *testing.T) {
	for _, tt := range []struct {
		e    ControlError
		want string
	}{
		{ControlError{Message: "Model 'x' not found", Code: ErrCodeNotFound}, "claude: Model 'x' not found (not_found)"},
		{ControlError{Message: "Server not found: nope"}, "claude: Server not found: nope"},
		{ControlError{}, "claude: request failed"},
	} {
		if got := tt.e.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
	}
	if (ControlResponseBody{Subtype: "success"}).Err() != nil {
		t.Error("a success response has an error")
	}
}

func TestPermissionResultFromStdin(t *testing.T) {
	tests := []struct {
		file, find string
		check      func(PermissionResult) bool
	}{
		{"exp02a_perm_allow.stdin.jsonl", `"behavior"`, func(r PermissionResult) bool {
			return r.Behavior == BehaviorAllow && len(r.UpdatedInput) > 0 && r.UpdatedPermissions == nil
		}},
		{"exp02c_perm_always.stdin.jsonl", `"updatedPermissions"`, func(r PermissionResult) bool {
			return r.Behavior == BehaviorAllow && len(r.UpdatedPermissions) == 3 && r.UpdatedPermissions[0].Rules[0].String() == "Bash(touch /home/dev/project/x)"
		}},
		{"exp02b_perm_deny.stdin.jsonl", `"behavior"`, func(r PermissionResult) bool {
			return r.Behavior == BehaviorDeny && r.Message == "User said no to this (test)" && !r.Interrupt
		}},
		{"exp02e_perm_deny_interrupt.stdin.jsonl", `"behavior"`, func(r PermissionResult) bool {
			return r.Behavior == BehaviorDeny && r.Interrupt
		}},
	}
	for _, tt := range tests {
		v, err := DecodeClient(findLine(t, tt.file, tt.find))
		if err != nil {
			t.Fatal(err)
		}
		resp, ok := v.(*ControlResponse)
		if !ok {
			t.Fatalf("%s: %T", tt.file, v)
		}
		r := decodeAndCheck[PermissionResult](t, resp.Response)
		if !tt.check(r) {
			t.Errorf("%s: %+v", tt.file, r)
		}
	}
}

// responseDecoders decodes a success payload by the subtype of the request it answers.
var responseDecoders = map[string]func(ControlResponseBody) (any, error){
	"initialize":          func(b ControlResponseBody) (any, error) { return DecodeResponse[InitializeResponse](b) },
	"interrupt":           func(b ControlResponseBody) (any, error) { return DecodeResponse[InterruptResponse](b) },
	"set_model":           func(b ControlResponseBody) (any, error) { return DecodeResponse[SetModelResponse](b) },
	"set_permission_mode": func(b ControlResponseBody) (any, error) { return DecodeResponse[SetPermissionModeResponse](b) },
	"get_context_usage":   func(b ControlResponseBody) (any, error) { return DecodeResponse[ContextUsage](b) },
	"get_session_cost":    func(b ControlResponseBody) (any, error) { return DecodeResponse[SessionCost](b) },
	"list_models":         func(b ControlResponseBody) (any, error) { return DecodeResponse[ListModelsResponse](b) },
	"mcp_status":          func(b ControlResponseBody) (any, error) { return DecodeResponse[MCPStatusResponse](b) },
	"can_use_tool":        func(b ControlResponseBody) (any, error) { return DecodeResponse[PermissionResult](b) },
}

// answeredResponse is a success control_response of a capture, either direction, with
// the subtype of the request it answers.
type answeredResponse struct {
	where   string
	subtype string
	body    ControlResponseBody
}

// capturedResponses pairs every success control_response in the captures with its
// request, matching request ids within each session's stdout and stdin.
func capturedResponses(t testing.TB) []answeredResponse {
	t.Helper()
	var out []answeredResponse
	for _, stdout := range captureFiles(t, false) {
		stdin := stdout[:len(stdout)-len(".jsonl")] + ".stdin.jsonl"
		var lines []captureLine
		lines = append(lines, readCapture(t, stdout)...)
		lines = append(lines, readCapture(t, stdin)...)
		subtypes := map[string]string{} // request_id → request subtype
		var responses []captureLine
		for _, l := range lines {
			// DecodeClient reads the control lines of both directions: a CLI request comes back as
			// a ClientControlRequest with a RawClientRequest, which still names its subtype.
			v, err := DecodeClient(l.data)
			if err != nil {
				continue
			}
			switch m := v.(type) {
			case *ClientControlRequest:
				if m.Request != nil {
					subtypes[m.RequestID] = m.Request.Subtype()
				}
			case *ControlResponse:
				responses = append(responses, l)
			}
		}
		for _, l := range responses {
			v, _ := DecodeClient(l.data)
			body := v.(*ControlResponse).Response
			if sub, ok := subtypes[body.RequestID]; ok && !body.IsError() {
				out = append(out, answeredResponse{l.String(), sub, body})
			}
		}
	}
	return out
}

func TestDecodeCapturedResponses(t *testing.T) {
	count := map[string]int{}
	for _, r := range capturedResponses(t) {
		decode, ok := responseDecoders[r.subtype]
		if !ok {
			continue
		}
		v, err := decode(r.body)
		if err != nil {
			t.Errorf("%s: %s response: %v", r.where, r.subtype, err)
			continue
		}
		count[r.subtype]++
		if len(r.body.Response) > 0 {
			assertRoundTrip(t, r.where, rawJSON(t, r.body.Response), v)
		}
	}
	for sub := range responseDecoders {
		if count[sub] == 0 {
			t.Errorf("no answered %s request in the captures", sub)
		}
	}
	t.Logf("typed responses decoded: %v", count)
}

func TestAccountLoggedOut(t *testing.T) {
	tests := []struct {
		raw  string
		want bool
	}{
		// CLI 2.1.328 with an empty HOME and no key.
		{`{"tokenSource":"none","apiProvider":"firstParty"}`, true},
		{`{"tokenSource":"none","apiKeySource":"none"}`, true},
		{`{}`, false}, // not described: not known to be logged out
		// With ANTHROPIC_API_KEY (captures).
		{`{"tokenSource":"none","apiKeySource":"ANTHROPIC_API_KEY","apiProvider":"firstParty"}`, false},
		{`{"tokenSource":"claude.ai","apiProvider":"firstParty","email":"a@b.c"}`, false},
		{`{"tokenSource":"none","apiProvider":"bedrock"}`, false},
	}
	for _, tt := range tests {
		var a Account
		if err := json.Unmarshal([]byte(tt.raw), &a); err != nil {
			t.Fatal(err)
		}
		if got := a.LoggedOut(); got != tt.want {
			t.Errorf("%s: LoggedOut() = %v, want %v", tt.raw, got, tt.want)
		}
	}
}
