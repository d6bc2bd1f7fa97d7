package protocol

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/internal/capturefiles"
)

// checkHotAgrees fails when the fast path decodes a line differently from the general
// path; it reports whether the fast path took the line.
func checkHotAgrees(t testing.TB, name string, line []byte) bool {
	t.Helper()
	line = bytes.TrimSpace(line)
	fast, ok := decodeHotStreamEvent(line)
	if !ok {
		return false
	}
	general, err := decodeGeneral(line)
	if err != nil {
		t.Fatalf("%s: fast path decoded a line the general path rejects (%v): %q", name, err, line)
	}
	if !reflect.DeepEqual(Message(fast), general) {
		t.Fatalf("%s: fast path decoded\n%q\nas  %#v\nnot %#v", name, line, fast, general)
	}
	return true
}

// isHotShape says whether a decoded line is one the fast path exists for: a text,
// thinking or input_json delta, or a block stop.
func isHotShape(m Message) bool {
	ev, ok := m.(*StreamEvent)
	if !ok || ev.AbandonedBlocks != nil {
		return false
	}
	switch ev.Event.Type {
	case EventContentBlockStop:
		return true
	case EventContentBlockDelta:
		switch ev.Event.Delta.Type {
		case DeltaText, DeltaThinking, DeltaInputJSON, DeltaSignature:
			return true
		}
	}
	return false
}

// everyFile is every file under dir, relative to it, with a .gz suffix dropped.
func everyFile(t testing.TB, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		out = append(out, strings.TrimSuffix(rel, ".gz"))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Every line of every file under the captures (stdout, stdin, the fake API's logs): where
// the fast path answers it agrees with the general path, and it answers every hot line.
func TestHotStreamEventAgreesOnEveryCaptureLine(t *testing.T) {
	var lines, fast, hot int
	for _, dir := range capturefiles.Corpora(t) {
		for _, file := range everyFile(t, dir) {
			data := capturefiles.ReadIn(t, dir, file)
			for i, line := range bytes.Split(data, []byte("\n")) {
				lines++
				name := file + ":" + strconv.Itoa(i+1)
				took := checkHotAgrees(t, name, line)
				if took {
					fast++
				}
				if !bytes.Contains(line, []byte(`"stream_event"`)) {
					continue
				}
				if m, err := Decode(line); err == nil && isHotShape(m) {
					hot++
					if !took {
						t.Errorf("%s: a hot line took the general path: %s", name, line)
					}
				}
			}
		}
	}
	t.Logf("%d lines, %d hot, %d taken by the fast path", lines, hot, fast)
	if hot < 100 || fast < hot {
		t.Errorf("only %d hot lines and %d fast decodes: the captures should hold 100+ deltas", hot, fast)
	}
}

const hotHead = `{"type":"stream_event","event":{"type":"content_block_delta","index":3,"delta":{"type":"text_delta","text":`
const hotTail = `}},"session_id":"s1","parent_tool_use_id":null,"uuid":"u1","api_message_id":"msg_1"}`

// Lines the fast path must decode (and decode as the general path does).
func TestHotStreamEventTakesPlainVariants(t *testing.T) {
	big := strings.Repeat("word ", 200_000)
	for _, line := range []string{
		hotHead + `"Hello fr"` + hotTail,
		hotHead + `"line\nbreak \"quoted\" back\\slash \/ \t\r\b\f"` + hotTail,
		hotHead + `"nul \u0000 and \u00e9 and \u20AC and \uffff"` + hotTail,
		hotHead + `"héllo 世界 🙂"` + hotTail,
		hotHead + `""` + hotTail,
		hotHead + `"` + big + `"` + hotTail,
		hotHead + `"` + big + `\n"` + hotTail,
		// Keys in other orders, whitespace between tokens, a parent id.
		`{"uuid":"u1","event":{"delta":{"text":"x","type":"text_delta"},"index":0,"type":"content_block_delta"},"type":"stream_event"}`,
		" {\t\"type\" : \"stream_event\" ,\r\n \"event\" : { \"type\" : \"content_block_stop\" , \"index\" : 12 } } ",
		`{"type":"stream_event","event":{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"command\": \"ls"}},"parent_tool_use_id":"toolu_1"}`,
		`{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"hmm"}},"thinking_display":"updates","ttft_ms":26}`,
		`{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"c2ln"}}}`,
		`{"type":"stream_event","event":{},"session_id":""}`,
		`{"type":"stream_event"}`,
	} {
		if !checkHotAgrees(t, "plain variant", []byte(line)) {
			t.Errorf("took the general path: %.200s", line)
		}
	}
}

// Lines the fast path must leave to the general path, which rejects, replaces or merges.
func TestHotStreamEventLeavesHostileVariants(t *testing.T) {
	for _, line := range []string{
		hotHead + `"\ud83d\ude42 pair"` + hotTail,
		hotHead + `"\ud83d lone"` + hotTail,
		hotHead + `"bad \xff utf8"` + hotTail,
		hotHead + `"cut \xe4\xb8"` + hotTail,
		hotHead + "\"raw\ttab\"" + hotTail,
		hotHead + `"bad \x escape"` + hotTail,
		hotHead + `"short \u12"` + hotTail,
		hotHead + `null` + hotTail,
		hotHead + `7` + hotTail,
		hotHead + `"unterminated`,
		hotHead + `"x"` + hotTail + ` {}`,
		hotHead + `"x"` + hotTail + `,`,
		// Duplicated keys: encoding/json keeps the last or merges objects.
		`{"type":"stream_event","type":"stream_event"}`,
		`{"type":"stream_event","uuid":"a","uuid":"b"}`,
		`{"type":"stream_event","event":{"delta":{"text":"a"},"delta":{"type":"text_delta"}}}`,
		`{"type":"stream_event","event":{"type":"content_block_stop","index":1,"index":2}}`,
		`{"type":"stream_event","event":{"delta":{"text":"a","text":"b"}}}`,
		// Keys it does not know, in any case; encoding/json matches keys case-insensitively.
		`{"Type":"stream_event","event":{}}`,
		`{"type":"stream_event","UUID":"u"}`,
		`{"type":"stream_event","subtype":"x"}`,
		`{"type":"stream_event","event":{"type":"message_stop"},"abandoned_blocks":{"api_message_id":"m","from_block_index":1}}`,
		`{"type":"stream_event","event":{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}}`,
		`{"type":"stream_event","event":{"type":"message_delta","delta":{"stop_reason":"end_turn"}}}`,
		`{"type":"stream_event","event":{"delta":{"citation":{}}}}`,
		`{"type":"stream_event","event":{"delta":null}}`,
		`{"type":"stream_event","event":null}`,
		`{"type":"stream_event","uuid":null}`,
		// Numbers that are not small non-negative integers.
		`{"type":"stream_event","event":{"index":-1}}`,
		`{"type":"stream_event","event":{"index":1.0}}`,
		`{"type":"stream_event","event":{"index":1e2}}`,
		`{"type":"stream_event","event":{"index":01}}`,
		`{"type":"stream_event","event":{"index":99999999999999999999}}`,
		`{"type":"stream_event","ttft_ms":"26"}`,
		// Not a stream_event, or no type at all.
		`{"type":"assistant","message":{}}`,
		`{"event":{}}`,
		`{}`,
		`[]`,
		``,
		`{"type":"stream_event",}`,
		`{"type":"stream_event" "event":{}}`,
	} {
		if checkHotAgrees(t, "hostile variant", []byte(line)) {
			t.Errorf("the fast path took %q; the general path must decide it", line)
		}
	}
}

// Every truncation and many one-byte changes of each (short) hot capture line: wherever the
// fast path answers, it agrees with the general path.
func TestHotStreamEventMutatedCaptureLines(t *testing.T) {
	var taken int
	for _, l := range stdoutLines(t) {
		if len(l.data) > 4<<10 {
			continue // the 100 KB delta of exp10: its cuts are the plain variants' job
		}
		if m, err := Decode(l.data); err != nil || !isHotShape(m) {
			continue
		}
		for i := range l.data {
			checkHotAgrees(t, l.String()+" cut", l.data[:i])
			for _, c := range []byte{'"', '\\', ',', '}', ' ', 'x', '0', 0, 0x80, 0xff} {
				mutated := bytes.Clone(l.data)
				mutated[i] = c
				if checkHotAgrees(t, l.String()+" changed", mutated) {
					taken++
				}
			}
		}
	}
	t.Logf("%d mutated lines taken by the fast path", taken)
}

// Decode itself gives the general path's answer on the hot line, through the fast path.
func TestDecodeUsesTheHotPath(t *testing.T) {
	line := []byte(benchDeltaLine)
	if _, ok := decodeHotStreamEvent(line); !ok {
		t.Fatal("the benchmark's delta line is not taken by the fast path")
	}
	got, err := Decode(append([]byte(" "), line...))
	if err != nil {
		t.Fatal(err)
	}
	want, _ := decodeGeneral(line)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Decode = %#v, want %#v", got, want)
	}
}

// The stdout reader hands Decode its own buffer and reuses it for the next line, so no
// decoded value may share memory with the line: overwriting it changes nothing.
func TestDecodeKeepsNothingOfTheLine(t *testing.T) {
	for _, l := range stdoutLines(t) {
		want, wantErr := Decode(l.data)
		buf := bytes.Clone(l.data)
		got, err := Decode(buf)
		for i := range buf {
			buf[i] = 'x'
		}
		if (err == nil) != (wantErr == nil) || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: the decoded value changed with the line's buffer", l)
		}
	}
}
