package fakeapi

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestStreamMatchesJSON streams each scenario's first step, parses the SSE back,
// rebuilds the message like a client, and compares it with the non-streaming reply to
// the same request.
func TestStreamMatchesJSON(t *testing.T) {
	s := newServer(t, Config{})
	tests := []struct {
		scenario   string
		wantTypes  []string
		wantStop   string
		wantDeltas int // text/thinking/json deltas plus signature deltas; 0 = don't check
	}{
		{ScenarioText, []string{"text"}, "end_turn", 3},
		{ScenarioThinking, []string{"thinking", "text"}, "end_turn", 0},
		{ScenarioMarkdown, []string{"text"}, "end_turn", 0},
		{ScenarioBashTouch, []string{"tool_use"}, "tool_use", 0},
		{ScenarioTwoTools, []string{"tool_use", "tool_use"}, "tool_use", 0},
		{ScenarioAsk, []string{"tool_use"}, "tool_use", 0},
		{ScenarioBig, []string{"text"}, "end_turn", 25},
	}
	for _, tc := range tests {
		t.Run(tc.scenario, func(t *testing.T) {
			prompt := userPrompt("Go. SCENARIO:" + tc.scenario)
			resp, body := post(t, s, "/v1/messages?beta=true", convo(true, prompt))
			if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") {
				t.Fatalf("Content-Type = %q", ct)
			}
			if resp.Header.Get("request-id") == "" {
				t.Error("no request-id header")
			}
			events := parseSSE(t, body)
			got := assemble(t, events)
			checkOrder(t, got.Order, len(tc.wantTypes))
			if got.StopReason != tc.wantStop {
				t.Errorf("stop_reason = %q, want %q", got.StopReason, tc.wantStop)
			}
			if tc.wantDeltas > 0 {
				if n := countDeltas(got.Order); n != tc.wantDeltas {
					t.Errorf("%d deltas, want %d", n, tc.wantDeltas)
				}
			}

			_, jsonBody := post(t, s, "/v1/messages?beta=true", convo(false, prompt))
			var msg struct {
				Content    []map[string]any `json:"content"`
				StopReason string           `json:"stop_reason"`
				Role       string           `json:"role"`
			}
			if err := json.Unmarshal(jsonBody, &msg); err != nil {
				t.Fatalf("non-streaming reply: %v", err)
			}
			if msg.Role != "assistant" || msg.StopReason != tc.wantStop {
				t.Errorf("JSON reply role %q stop %q", msg.Role, msg.StopReason)
			}
			if len(got.Blocks) != len(tc.wantTypes) || len(msg.Content) != len(tc.wantTypes) {
				t.Fatalf("streamed %d blocks, JSON %d, want %d", len(got.Blocks), len(msg.Content), len(tc.wantTypes))
			}
			for i, want := range tc.wantTypes {
				sb, jb := withoutID(got.Blocks[i]), withoutID(msg.Content[i])
				if sb["type"] != want {
					t.Errorf("block %d type %v, want %s", i, sb["type"], want)
				}
				if !reflect.DeepEqual(sb, jb) {
					t.Errorf("block %d differs:\nstreamed %v\njson     %v", i, sb, jb)
				}
			}
		})
	}
}

// checkOrder checks the Messages API event grammar:
// message_start ping (block_start delta* block_stop){n} message_delta message_stop.
func checkOrder(t *testing.T, order []string, blocks int) {
	t.Helper()
	want := []string{"message_start", "ping"}
	i := 2
	for b := 0; b < blocks; b++ {
		want = append(want, "content_block_start")
		if i >= len(order) || order[i] != "content_block_start" {
			t.Fatalf("event order %v", order)
		}
		i++
		for i < len(order) && order[i] == "content_block_delta" {
			want = append(want, "content_block_delta")
			i++
		}
		want = append(want, "content_block_stop")
		i++
	}
	want = append(want, "message_delta", "message_stop")
	if !reflect.DeepEqual(order, want) {
		t.Fatalf("event order\n got %v\nwant %v", order, want)
	}
}

func countDeltas(order []string) int {
	n := 0
	for _, e := range order {
		if e == "content_block_delta" {
			n++
		}
	}
	return n
}

func withoutID(b map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range b {
		if k != "id" {
			out[k] = v
		}
	}
	return out
}

// TestPlaceholdersExpand checks that tool inputs and texts are filled from the request.
func TestPlaceholdersExpand(t *testing.T) {
	s := newServer(t, Config{Scenarios: []Scenario{{
		Name: "ph",
		Steps: []Step{
			Reply(ToolUse("Write", map[string]any{"file_path": "{{plan_file}}", "content": `say "{{cwd}}"`})),
			Reply(Text("got: {{tool_result}} from {{tool_use_id}} for {{prompt}}")),
		},
	}}})
	plan := map[string]any{"role": "system", "content": "## Plan File Info:\nNo plan file exists yet. You should create your plan at /home/dev/.claude/plans/brave-tide.md using the Write tool.\n"}
	prompt := userPrompt("Plan. SCENARIO:ph")

	_, body := post(t, s, "/v1/messages", convo(false, prompt, plan))
	var msg struct {
		Content []struct {
			ID    string          `json:"id"`
			Input json.RawMessage `json:"input"`
		} `json:"content"`
	}
	if err := json.Unmarshal(body, &msg); err != nil {
		t.Fatal(err)
	}
	var input map[string]string
	if err := json.Unmarshal(msg.Content[0].Input, &input); err != nil {
		t.Fatalf("input %s: %v", msg.Content[0].Input, err)
	}
	want := map[string]string{"file_path": "/home/dev/.claude/plans/brave-tide.md", "content": `say "/home/dev/project"`}
	if !reflect.DeepEqual(input, want) {
		t.Errorf("input = %v, want %v", input, want)
	}

	id := msg.Content[0].ID
	_, body = post(t, s, "/v1/messages", convo(false, prompt, plan, assistantTool(id), toolResult(id, "it worked")))
	if want := `"text":"got: it worked from ` + id + ` for Plan. SCENARIO:ph"`; !strings.Contains(string(body), want) {
		t.Errorf("reply %s lacks %s", body, want)
	}
}

func TestChunking(t *testing.T) {
	tests := []struct {
		name  string
		block Block
		opts  StreamOptions
		want  []string
	}{
		{"runes", Text("héllo wörld"), StreamOptions{ChunkRunes: 4}, []string{"héll", "o wö", "rld"}},
		{"verbatim deltas", Block{Type: BlockText, Deltas: []string{"a", "bc"}}, StreamOptions{ChunkRunes: 1}, []string{"a", "bc"}},
		{"empty text", Text(""), StreamOptions{ChunkRunes: 4}, nil},
		{"thinking ends with signature", Thinking("abc"), StreamOptions{ChunkRunes: 2}, []string{"ab", "c", fixedSignature}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, d := range tc.block.deltas(tc.opts) {
				got = append(got, d["text"]+d["thinking"]+d["signature"])
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("deltas = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestChunkBytesKeepsRunesWhole(t *testing.T) {
	s := `{"content":"日本語のテキスト and ascii ✓"}`
	for n := 1; n < 8; n++ {
		chunks := chunkBytes(s, n)
		if strings.Join(chunks, "") != s {
			t.Fatalf("n=%d: chunks do not rebuild the input", n)
		}
		for _, c := range chunks {
			if !utf8.ValidString(c) {
				t.Fatalf("n=%d: chunk %q splits a rune", n, c)
			}
		}
	}
}
