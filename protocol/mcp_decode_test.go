package protocol

import (
	"encoding/json"
	"errors"
	"testing"
)

// mcpControls reads testdata/mcp_controls.json: CLI 2.1.328's answers to the MCP
// requests with three servers configured by --mcp-config (two stdio servers, one of
// which fails to start, and an http one nothing listens for), before and after
// mcp_toggle and mcp_reconnect.
func mcpControls(t *testing.T) map[string]ControlResponseBody {
	return testdataResponses(t, "mcp_controls.json")
}

func TestDecodeMCPStatus(t *testing.T) {
	resp := mcpControls(t)
	byName := func(key string) map[string]MCPServer {
		r := decodeAndCheck[MCPStatusResponse](t, resp[key])
		m := map[string]MCPServer{}
		for _, s := range r.MCPServers {
			m[s.Name] = s
		}
		if len(m) != 3 {
			t.Fatalf("%s: %d servers, want 3: %+v", key, len(m), r.MCPServers)
		}
		return m
	}
	pending := byName("mcp_status_pending")
	if s := pending["words"]; s.Status != MCPPending || s.Transport != "stdio" || s.Scope != "dynamic" || s.Source != "dynamic" || len(s.Config) == 0 {
		t.Errorf("pending words: %+v", s)
	}
	failed := byName("mcp_status_failed_disabled")
	if s := failed["flaky"]; s.Status != MCPFailed || s.Error != "Connection closed" {
		t.Errorf("failed flaky: %+v", s)
	}
	if s := failed["remote"]; s.Status != MCPFailed || s.Transport != "http" || s.Error == "" {
		t.Errorf("failed remote: %+v", s)
	}
	if s := failed["words"]; s.Status != MCPDisabled || s.Tools != nil {
		t.Errorf("disabled words: %+v", s)
	}
	connected := byName("mcp_status_connected")
	s := connected["words"]
	if s.Status != MCPConnected || s.ServerInfo == nil || *s.ServerInfo != (MCPServerInfo{Name: "words", Version: "1.2.3"}) {
		t.Errorf("connected words: %+v", s)
	}
	if len(s.Tools) != 2 || s.Tools[0].Name != "echo_words" || s.Tools[1].Name != "shout" || s.Tools[0].Annotations == nil {
		t.Errorf("words' tools: %+v", s.Tools)
	}
	if s := connected["flaky"]; s.Status != MCPConnected || len(s.Tools) != 1 || s.Error != "" {
		t.Errorf("reconnected flaky: %+v", s)
	}
}

// mcp_toggle and mcp_reconnect succeed with no payload; their refusals are plain
// errors with no code.
func TestDecodeMCPActions(t *testing.T) {
	resp := mcpControls(t)
	for _, key := range []string{"mcp_toggle_off", "mcp_toggle_on", "mcp_reconnect"} {
		b := resp[key]
		if b.IsError() || len(b.Response) != 0 {
			t.Errorf("%s: %+v", key, b)
		}
	}
	for key, want := range map[string]string{
		"mcp_reconnect_unknown":        "Server not found: nope",
		"mcp_authenticate_stdio":       `Server type "stdio" does not support OAuth authentication`,
		"mcp_authenticate_unreachable": "SDK auth failed: ECONNREFUSED: Unable to connect. Is the computer able to access the url?",
	} {
		_, err := DecodeResponse[MCPAuthenticateResponse](resp[key])
		var ce *ControlError
		if !errors.As(err, &ce) || ce.Message != want || ce.Code != "" {
			t.Errorf("%s: %v, want the error %q", key, err, want)
		}
	}
}

// A sign-in that needs the browser, as CLI 2.1.328's mcp_authenticate handler words
// its answer (no OAuth server was at hand to capture one).
func TestDecodeMCPAuthenticate(t *testing.T) {
	body := ControlResponseBody{Subtype: "success", RequestID: "a", Response: json.RawMessage(
		`{"authUrl":"https://auth.example/authorize?client_id=c&state=s","requiresUserAction":true,"callbackExpected":true,"redirectScheme":"localhost","state":"s","callbackPort":38211}`)}
	r := decodeAndCheck[MCPAuthenticateResponse](t, body)
	want := MCPAuthenticateResponse{AuthURL: "https://auth.example/authorize?client_id=c&state=s", RequiresUserAction: true,
		CallbackExpected: true, RedirectScheme: "localhost", State: "s", CallbackPort: 38211}
	if r != want {
		t.Errorf("%+v", r)
	}
	done := decodeAndCheck[MCPAuthenticateResponse](t, ControlResponseBody{Subtype: "success", RequestID: "b",
		Response: json.RawMessage(`{"requiresUserAction":false,"callbackExpected":false}`)})
	if done != (MCPAuthenticateResponse{}) {
		t.Errorf("already signed in: %+v", done)
	}
}
