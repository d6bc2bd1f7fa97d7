package fakeapi

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"go.uber.org/goleak"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// newServer starts a server that the test closes.
func newServer(t *testing.T, cfg Config) *Server {
	t.Helper()
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

// post sends body as JSON to path and returns the response with its body read.
func post(t *testing.T, s *Server, path string, body any) (*http.Response, []byte) {
	t.Helper()
	data, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Post(s.URL()+path, "application/json", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, out
}

// event is one parsed SSE frame.
type event struct {
	Name string
	Data map[string]any
}

// parseSSE parses a complete event stream strictly: every frame is "event:" then
// "data:" then a blank line, and the data is JSON whose "type" equals the event name.
func parseSSE(t *testing.T, body []byte) []event {
	t.Helper()
	var events []event
	sc := bufio.NewScanner(bytes.NewReader(body))
	sc.Buffer(nil, 1<<24)
	var cur event
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event: "):
			cur.Name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			if err := json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &cur.Data); err != nil {
				t.Fatalf("bad data line %q: %v", line, err)
			}
		case line == "":
			if cur.Name == "" || cur.Data == nil {
				t.Fatalf("incomplete frame before blank line: %+v", cur)
			}
			if cur.Data["type"] != cur.Name {
				t.Fatalf("event %q carries data type %v", cur.Name, cur.Data["type"])
			}
			events = append(events, cur)
			cur = event{}
		default:
			t.Fatalf("unexpected SSE line %q", line)
		}
	}
	if cur.Name != "" || cur.Data != nil {
		t.Fatalf("stream ends inside a frame: %+v", cur)
	}
	return events
}

// assembled is a message rebuilt from SSE events the way a client does.
type assembled struct {
	ID         string
	StopReason string
	Blocks     []map[string]any
	Order      []string // event names
}

func assemble(t *testing.T, events []event) assembled {
	t.Helper()
	var a assembled
	partial := map[int]*strings.Builder{}
	for _, e := range events {
		a.Order = append(a.Order, e.Name)
		switch e.Name {
		case "message_start":
			a.ID, _ = e.Data["message"].(map[string]any)["id"].(string)
		case "content_block_start":
			idx := int(e.Data["index"].(float64))
			if idx != len(a.Blocks) {
				t.Fatalf("block %d started out of order", idx)
			}
			a.Blocks = append(a.Blocks, e.Data["content_block"].(map[string]any))
			partial[idx] = &strings.Builder{}
		case "content_block_delta":
			idx := int(e.Data["index"].(float64))
			b, d := a.Blocks[idx], e.Data["delta"].(map[string]any)
			switch d["type"] {
			case "text_delta":
				b["text"] = b["text"].(string) + d["text"].(string)
			case "thinking_delta":
				b["thinking"] = b["thinking"].(string) + d["thinking"].(string)
			case "signature_delta":
				b["signature"] = d["signature"]
			case "input_json_delta":
				partial[idx].WriteString(d["partial_json"].(string))
			default:
				t.Fatalf("unknown delta %v", d["type"])
			}
		case "content_block_stop":
			idx := int(e.Data["index"].(float64))
			if b := a.Blocks[idx]; b["type"] == "tool_use" {
				var input any
				if err := json.Unmarshal([]byte(partial[idx].String()), &input); err != nil {
					t.Fatalf("tool input of block %d is not JSON: %v", idx, err)
				}
				b["input"] = input
			}
		case "message_delta":
			a.StopReason, _ = e.Data["delta"].(map[string]any)["stop_reason"].(string)
		}
	}
	return a
}

// convo builds a conversation request body the way the CLI does: tools offered, the
// first user message led by a system-reminder, the environment in a system message.
func convo(stream bool, msgs ...map[string]any) map[string]any {
	all := append([]map[string]any{
		{"role": "system", "content": "# Environment\n - Primary working directory: /home/dev/project\n"},
	}, msgs...)
	return map[string]any{
		"model":      "claude-opus-5-5",
		"max_tokens": 128000,
		"stream":     stream,
		"system":     []map[string]any{{"type": "text", "text": "x-anthropic-billing-header: cc_version=2.1.328; cc_entrypoint=sdk-cli;"}},
		"tools":      []map[string]any{{"name": "Bash"}, {"name": "Write"}},
		"messages":   all,
	}
}

func userPrompt(text string) map[string]any {
	return map[string]any{"role": "user", "content": []map[string]any{
		{"type": "text", "text": "<system-reminder>\nAttribution…\n</system-reminder>\n"},
		{"type": "text", "text": text},
	}}
}

func assistantText(text string) map[string]any {
	return map[string]any{"role": "assistant", "content": []map[string]any{{"type": "text", "text": text}}}
}

func assistantTool(id string) map[string]any {
	return map[string]any{"role": "assistant", "content": []map[string]any{
		{"type": "tool_use", "id": id, "name": "Bash", "input": map[string]any{"command": "true"}},
	}}
}

func toolResult(id, content string) map[string]any {
	return map[string]any{"role": "user", "content": []map[string]any{
		{"type": "tool_result", "tool_use_id": id, "content": content, "is_error": false},
	}}
}
