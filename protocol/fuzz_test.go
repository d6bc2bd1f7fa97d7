package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
	"unicode/utf8"
)

// maxSeed keeps the fuzzer's seed corpus to lines it can mutate quickly.
const maxSeed = 8 << 10

// FuzzDecode: whatever the CLI (or the client) writes, the decoders never panic and give
// either a value or a *DecodeError, the helpers the UI calls on decoded values never
// panic either, and the fast path for stream deltas decodes exactly what the general
// path does wherever it answers. Seeded with every capture line.
func FuzzDecode(f *testing.F) {
	for _, stdin := range []bool{false, true} {
		for _, file := range captureFiles(f, stdin) {
			for _, l := range readCapture(f, file) {
				if len(l.data) <= maxSeed {
					f.Add(l.data)
				}
			}
		}
	}
	f.Add([]byte(`null`))
	f.Add([]byte(`{"type":"control_request","request_id":"r","request":null}`))
	f.Add([]byte(hotHead + `"esc \" \\ \n \u0000 \u00e9 \ud83d\ude42 h\u00e9"` + hotTail))
	f.Add([]byte(`{"event":{"delta":{"text":"a","type":"text_delta"},"index":1},"type":"stream_event","uuid":null}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		checkHotAgrees(t, "fuzz", line)
		msg, err := Decode(line)
		checkDecodeOutcome(t, "Decode", msg, err)
		if err == nil {
			exerciseHelpers(msg)
		}
		v, err := DecodeClient(line)
		checkDecodeOutcome(t, "DecodeClient", v, err)
	})
}

func checkDecodeOutcome(t *testing.T, fn string, v any, err error) {
	t.Helper()
	if err != nil {
		var de *DecodeError
		if !errors.As(err, &de) {
			t.Fatalf("%s: error %T %v, want *DecodeError", fn, err, err)
		}
		if v != nil {
			t.Fatalf("%s: both a value %#v and an error", fn, v)
		}
		_ = de.Error()
		return
	}
	m, ok := v.(Message)
	if !ok || m == nil {
		t.Fatalf("%s: no error and no message: %#v", fn, v)
	}
	_ = m.Kind()
}

// exerciseHelpers calls what the UI calls on a decoded message; it must not panic.
func exerciseHelpers(msg Message) {
	switch m := msg.(type) {
	case *Assistant:
		_ = m.Parent()
		for _, b := range m.Message.Content {
			_, _ = DecodeToolInput(b.Name, b.Input)
			_ = b.ResultText()
		}
	case *User:
		_, _ = m.Message.Text(), m.IsInterruptMarker()
		for _, b := range m.Message.Blocks() {
			_ = b.ResultText()
		}
		for name := range toolResults {
			_, _ = DecodeToolUseResult(name, m.ToolUseResult)
		}
	case *CanUseTool:
		_, _ = DecodeToolInput(m.ToolName, m.Input)
		_, _ = AnswerQuestions(m.Input, map[string]string{"q": "a"}, nil)
	case *ControlResponse:
		_, _ = DecodeResponse[InitializeResponse](m.Response)
		_, _ = DecodeResponse[PermissionResult](m.Response)
		_, _ = DecodeResponse[InterruptResponse](m.Response)
	case *Result:
		_, _ = m.ErrorText(), m.Interrupted()
	}
}

// FuzzEncodeUserMessage: any prompt becomes exactly one valid JSON line that reads back
// as the same prompt.
func FuzzEncodeUserMessage(f *testing.F) {
	f.Add("Say hello.", "", "")
	f.Add("line one\nline two\r\n", "5e02378f-cdbe-4ddb-a7da-e65fd893a951", "")
	f.Add("sep\u2028para\u2029end", "", "iVBORw0KGgo=")
	f.Add("ctl\x00\x01\x1b[2J\x7f\u0085", "u\n", "")
	f.Add("bad utf8 \xff\xfe\xc0", "\xff", "\xff")
	f.Add(`{"type":"control_request"}`+"\n"+`{"x":1}`, `"`, `\`)
	f.Fuzz(func(t *testing.T, text, uuid, image string) {
		in := UserInput{Text: text, UUID: uuid}
		if image != "" {
			in.Images = []ImageSource{{Type: "base64", MediaType: "image/png", Data: image}}
		}
		line, err := EncodeUserMessage(in)
		if err != nil {
			t.Fatalf("EncodeUserMessage: %v", err)
		}
		if len(line) == 0 || line[len(line)-1] != '\n' || bytes.IndexByte(line[:len(line)-1], '\n') >= 0 ||
			bytes.IndexByte(line, '\r') >= 0 || !json.Valid(line) {
			t.Fatalf("not one valid JSON line: %q", line)
		}
		v, err := DecodeClient(line)
		if err != nil {
			t.Fatalf("DecodeClient: %v", err)
		}
		u, ok := v.(*User)
		if !ok {
			t.Fatalf("decoded back as %T", v)
		}
		if utf8.ValidString(text) && u.Message.Text() != text {
			t.Fatalf("text %q came back as %q", text, u.Message.Text())
		}
		if utf8.ValidString(uuid) && u.UUID != uuid {
			t.Fatalf("uuid %q came back as %q", uuid, u.UUID)
		}
	})
}
