package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/session"
)

// BenchmarkInlineStreamViewEveryMessage is BenchmarkStreamViewEveryMessage in inline
// mode, with the answer's end: the assistant line and the result; the printing into the
// scrollback (blocks as they end, in chunks) runs on the same goroutine.
func BenchmarkInlineStreamViewEveryMessage(b *testing.B) {
	answer := benchAnswer(100_000)
	b.SetBytes(int64(len(answer)))
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		h := newHarness(&testing.T{}, func(o *Options) { o.Inline = true })
		h.ready()
		h.send(tea.WindowSizeMsg{Width: 120, Height: 40})
		h.typeText("stream please")
		h.keys("enter")
		b.StartTimer()
		start := &protocol.StreamEvent{Event: protocol.StreamEventBody{Type: protocol.EventMessageStart, Message: &protocol.APIMessage{ID: "msg_s", Role: "assistant"}}}
		block := &protocol.StreamEvent{APIMessageID: "msg_s", Event: protocol.StreamEventBody{Type: protocol.EventContentBlockStart, ContentBlock: &protocol.ContentBlock{Type: protocol.BlockText}}}
		h.msgs(systemInit(), start, block)
		h.m.View()
		for i := 0; i < len(answer); i += 8 {
			ev := process.Message{Msg: &protocol.StreamEvent{APIMessageID: "msg_s", Event: protocol.StreamEventBody{Type: protocol.EventContentBlockDelta,
				Delta: &protocol.Delta{Type: protocol.DeltaText, Text: answer[i:min(i+8, len(answer))]}}}}
			h.send(session.Events{Gen: h.front().Gen(), Events: []process.Event{ev}}) // and the printing it starts
			h.m.View()
		}
		h.msgs(&protocol.Assistant{Message: protocol.APIMessage{ID: "msg_s", Role: "assistant",
			Content: []protocol.ContentBlock{{Type: protocol.BlockText, Text: answer}}}}, result())
		h.m.View()
	}
}

// BenchmarkInlinePageUps is bench-live's page-ups in inline mode: 200 page-ups, each
// with its frame, after three 100 KB answers that inline mode printed to the
// scrollback and never drew whole. PgUp moves the transcript that tab shows.
func BenchmarkInlinePageUps(b *testing.B) {
	answer := benchAnswer(100_000)
	up := keyMsg("pgup")
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		h := newHarness(&testing.T{}, func(o *Options) { o.Inline = true })
		h.ready()
		h.send(tea.WindowSizeMsg{Width: 120, Height: 40})
		for i := range 3 {
			h.typeText("long answer please")
			h.keys("enter")
			h.msgs(systemInit(), &protocol.Assistant{Message: protocol.APIMessage{ID: "msg_long_" + string(rune('a'+i)), Role: "assistant",
				Content: []protocol.ContentBlock{{Type: protocol.BlockText, Text: answer}}}}, result())
		}
		h.m.View()
		b.StartTimer()
		for range 200 {
			h.m.Update(up)
			h.m.View()
		}
	}
}
