package protocol

import (
	"strings"
	"testing"
)

// Lines as CLI 2.1.328 wrote them (exp01b_partial, exp02a_perm_allow).
const (
	benchDeltaLine = `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hello fr"}},"session_id":"998ce916-e033-48cf-a231-655693693eb6","parent_tool_use_id":null,"uuid":"bc233a09-cfbc-489e-8b6f-9364b804b36e","api_message_id":"msg_fake001"}`

	benchAssistantLine = `{"type":"assistant","message":{"id":"msg_fake001","type":"message","role":"assistant","model":"claude-opus-5-5","content":[{"type":"tool_use","id":"toolu_fake001","name":"Bash","input":{"command":"touch /home/dev/project/x","description":"Create empty file x"}}],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":12,"output_tokens":1},"context_management":null},"parent_tool_use_id":null,"session_id":"2fbce96d-dd2d-4f6f-b7f8-6b0d63ecb364","uuid":"46b4fcef-86bd-4955-a19f-ea8896c443ed","timestamp":"2026-11-22T01:48:32.613Z","request_id":"req_fake001"}`
)

func benchmarkDecode(b *testing.B, line []byte) {
	b.SetBytes(int64(len(line)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode(line); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeStreamEventDelta(b *testing.B) { benchmarkDecode(b, []byte(benchDeltaLine)) }

// BenchmarkDecodeStreamEventDeltaGeneral is the same line through encoding/json, the
// path Decode took for it before the fast path (stream_fast.go).
func BenchmarkDecodeStreamEventDeltaGeneral(b *testing.B) {
	line := []byte(benchDeltaLine)
	b.SetBytes(int64(len(line)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := decodeGeneral(line); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeAssistant(b *testing.B) { benchmarkDecode(b, []byte(benchAssistantLine)) }

// A 1 MiB assistant text line, the size class of exp10b's Write lines.
func BenchmarkDecode1MiB(b *testing.B) {
	text := strings.Repeat("lorem ipsum ", (1<<20)/12)
	benchmarkDecode(b, []byte(`{"type":"assistant","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-opus-5-5","content":[{"type":"text","text":"`+
		text+`"}],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":2}},"parent_tool_use_id":null,"session_id":"s","uuid":"u"}`))
}

func BenchmarkEncodeUserMessage(b *testing.B) {
	in := UserInput{Text: "Refactor the parser and add tests.\nKeep the API.", UUID: "5e02378f-cdbe-4ddb-a7da-e65fd893a951"}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := EncodeUserMessage(in); err != nil {
			b.Fatal(err)
		}
	}
}
