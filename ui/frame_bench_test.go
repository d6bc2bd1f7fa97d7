package ui

import (
	"strings"
	"testing"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/session"
)

// BenchmarkStreamViewEveryMessage streams a 100 KB answer in 8-byte deltas, one
// message per delta (a slow reader never coalesces them), and calls View after every
// Update, as Bubble Tea does. The frame cache draws at most one frame per
// frame.Interval of wall time; the rest return the cached frame.
func BenchmarkStreamViewEveryMessage(b *testing.B) {
	answer := benchAnswer(100_000)
	b.SetBytes(int64(len(answer)))
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		h := benchModel(b)
		h.typeText("stream please")
		h.keys("enter")
		b.StartTimer()
		start := &protocol.StreamEvent{Event: protocol.StreamEventBody{Type: protocol.EventMessageStart, Message: &protocol.APIMessage{ID: "msg_s", Role: "assistant"}}}
		block := &protocol.StreamEvent{Event: protocol.StreamEventBody{Type: protocol.EventContentBlockStart, ContentBlock: &protocol.ContentBlock{Type: protocol.BlockText}}}
		h.msgs(systemInit(), start, block)
		h.m.View()
		for i := 0; i < len(answer); i += 8 {
			ev := process.Message{Msg: &protocol.StreamEvent{Event: protocol.StreamEventBody{Type: protocol.EventContentBlockDelta,
				Delta: &protocol.Delta{Type: protocol.DeltaText, Text: answer[i:min(i+8, len(answer))]}}}}
			h.m.Update(session.Events{Gen: h.front().Gen(), Events: []process.Event{ev}})
			h.m.View()
		}
	}
}

// benchAnswer is a markdown answer of about n bytes: sections, lists, Go, tables.
func benchAnswer(n int) string {
	var b strings.Builder
	for b.Len() < n {
		b.WriteString("## A section\n\nA paragraph with **bold**, `code` and a [link](https://example.com) that runs long enough to wrap.\n\n")
		b.WriteString("- one point\n- another point\n  - nested\n\n")
		b.WriteString("```go\nfunc f(x int) int {\n\treturn x * 2\n}\n```\n\n")
		b.WriteString("| a | b |\n|---|---|\n| 1 | 2 |\n\n")
	}
	return b.String()
}

// BenchmarkPageUp is one page-up and its frame, deep in a session of long answers:
// everything scrolled past was rendered at this width before, so only the frame is
// drawn.
func BenchmarkPageUp(b *testing.B) {
	h := benchModel(b)
	answer := benchAnswer(100_000)
	for i := range 3 {
		h.typeText("long answer please")
		h.keys("enter")
		h.msgs(systemInit(), &protocol.Assistant{Message: protocol.APIMessage{ID: "msg_long_" + string(rune('a'+i)), Role: "assistant",
			Content: []protocol.ContentBlock{{Type: protocol.BlockText, Text: answer}}}}, result())
	}
	h.m.View()
	up, down := keyMsg("pgup"), keyMsg("pgdown")
	for range 500 { // up to the top: everything is rendered once, as in a live session
		h.m.Update(up)
		h.m.View()
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		k := down
		if i/200%2 == 1 {
			k = up
		}
		h.m.Update(k)
		h.m.View()
	}
}
