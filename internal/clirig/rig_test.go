package clirig

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gclaude/gclaude/fakeapi"
)

// TestTextTurn runs one plain-text turn through the real CLI and checks the streamed
// deltas, the final result and a clean exit.
func TestTextTurn(t *testing.T) {
	r := New(t, Options{})
	began := time.Now()
	c := r.Start(t, HeadlessArgs()...)
	c.Prompt("hi SCENARIO:" + fakeapi.ScenarioText)

	var streamed strings.Builder
	result := c.Until(isType("result"), func(m map[string]any) {
		if m["type"] == "stream_event" && Field(m, "event", "delta", "type") == "text_delta" {
			streamed.WriteString(Field(m, "event", "delta", "text").(string))
		}
	})
	t.Logf("CLI start + first reply: %v", time.Since(began))

	if got := streamed.String(); got != fakeapi.TextHello {
		t.Errorf("streamed text = %q, want %q", got, fakeapi.TextHello)
	}
	if result["is_error"] != false || result["result"] != fakeapi.TextHello {
		t.Errorf("result = %v / %q, want success with %q", result["is_error"], result["result"], fakeapi.TextHello)
	}
	if code := c.CloseAndWait(); code != 0 {
		t.Errorf("exit code %d, want 0; stderr:\n%s", code, c.Stderr())
	}

	req, ok := r.API.LastMainRequest()
	if !ok {
		t.Fatal("the fake API saw no conversation request")
	}
	if req.Scenario != fakeapi.ScenarioText || req.Step != 0 || !req.Stream {
		t.Errorf("request played %s/%d stream=%v, want text/0 stream=true", req.Scenario, req.Step, req.Stream)
	}
	if got := req.Header.Get("X-Api-Key"); got != FakeAPIKey {
		t.Errorf("x-api-key = %q, want the fake key", got)
	}
}

// TestBashPermissionAllow answers the CLI's can_use_tool request for Bash with allow
// and checks that the command ran.
func TestBashPermissionAllow(t *testing.T) {
	r := New(t, Options{})
	c := r.Start(t, HeadlessArgs()...)
	c.Prompt("Create the file. SCENARIO:" + fakeapi.ScenarioBashTouch)

	req := c.Until(IsToolRequest, nil)
	if name := Field(req, "request", "tool_name"); name != "Bash" {
		t.Fatalf("can_use_tool for %v, want Bash", name)
	}
	input, _ := json.Marshal(Field(req, "request", "input"))
	id, _ := json.Marshal(req["request_id"])
	c.SendLine(`{"type":"control_response","response":{"subtype":"success","request_id":` + string(id) +
		`,"response":{"behavior":"allow","updatedInput":` + string(input) + `}}}`)

	result := c.Until(isType("result"), nil)
	if result["is_error"] != false {
		t.Errorf("result is_error = %v: %v", result["is_error"], result["result"])
	}
	if text, _ := result["result"].(string); !strings.HasPrefix(text, fakeapi.TextToolDone) {
		t.Errorf("result = %q, want the scenario's final text", text)
	}
	if _, err := os.Stat(r.Path(fakeapi.FileTouched)); err != nil {
		t.Errorf("the allowed Bash command did not create the file: %v", err)
	}
	if code := c.CloseAndWait(); code != 0 {
		t.Errorf("exit code %d, want 0; stderr:\n%s", code, c.Stderr())
	}

	reqs := r.API.ConversationRequests()
	if len(reqs) != 2 || reqs[0].Step != 0 || reqs[1].Step != 1 {
		t.Fatalf("conversation requests = %d, want steps 0 and 1", len(reqs))
	}
	if res := reqs[1].ToolResults(); len(res) != 1 || res[0].IsError {
		t.Errorf("second call's tool results = %+v, want one successful result", res)
	}
}

// BenchmarkStartFirstReply measures a CLI start plus one plain-text turn.
func BenchmarkStartFirstReply(b *testing.B) {
	r := New(b, Options{})
	for b.Loop() {
		c := r.Start(b, HeadlessArgs()...)
		c.Prompt("hi")
		c.Until(isType("result"), nil)
		c.CloseAndWait()
	}
}

func isType(typ string) func(map[string]any) bool {
	return func(m map[string]any) bool { return m["type"] == typ }
}
