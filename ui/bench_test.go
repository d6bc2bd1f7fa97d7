package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/session"
)

// benchModel is a root model with a long conversation behind it.
func benchModel(b *testing.B) *harness {
	t := &testing.T{}
	h := newHarness(t)
	h.ready()
	for i := range 300 {
		h.typeText(fmt.Sprintf("question %d", i))
		h.keys("enter")
		h.msgs(systemInit(), &protocol.Assistant{Message: protocol.APIMessage{ID: fmt.Sprintf("msg_%d", i), Role: "assistant",
			Content: []protocol.ContentBlock{{Type: protocol.BlockText, Text: fmt.Sprintf("Answer **%d** with `code` and a list:\n\n- one\n- two\n", i)}}}}, result())
	}
	h.send(tea.WindowSizeMsg{Width: 120, Height: 40})
	return h
}

// BenchmarkView is the cost of one frame with 300 turns behind it: it must not grow
// with the conversation.
func BenchmarkView(b *testing.B) {
	h := benchModel(b)
	h.m.View()
	b.ResetTimer()
	for b.Loop() {
		h.m.frame.Invalidate() // draw it: a cached frame costs nothing (BenchmarkViewCached)
		h.m.View()
	}
}

// BenchmarkViewCached is View when nothing changed since the last frame.
func BenchmarkViewCached(b *testing.B) {
	h := benchModel(b)
	h.m.View()
	b.ResetTimer()
	for b.Loop() {
		h.m.View()
	}
}

// BenchmarkStreamFrame applies one coalesced frame of 64 text deltas and draws it.
func BenchmarkStreamFrame(b *testing.B) {
	h := benchModel(b)
	h.typeText("stream please")
	h.keys("enter")
	start := &protocol.StreamEvent{Event: protocol.StreamEventBody{Type: protocol.EventMessageStart, Message: &protocol.APIMessage{ID: "msg_s", Role: "assistant"}}}
	block := &protocol.StreamEvent{Event: protocol.StreamEventBody{Type: protocol.EventContentBlockStart, ContentBlock: &protocol.ContentBlock{Type: protocol.BlockText}}}
	h.msgs(systemInit(), start, block)
	frame := make([]process.Event, 64)
	for i := range frame {
		frame[i] = process.Message{Msg: &protocol.StreamEvent{Event: protocol.StreamEventBody{Type: protocol.EventContentBlockDelta,
			Delta: &protocol.Delta{Type: protocol.DeltaText, Text: delta(i)}}}}
	}
	b.ResetTimer()
	for b.Loop() {
		h.m.Update(session.Events{Gen: h.front().Gen(), Events: frame})
		h.m.frame.Invalidate() // draw the frame, as when the frame interval has passed
		h.m.View()
	}
}

// delta is a piece of a realistic answer: words, with a paragraph break now and then.
func delta(i int) string {
	if i%8 == 7 {
		return "end of a thought.\n\n"
	}
	return "word word word word "
}

// BenchmarkPasteAndSend1MB pastes 1 MB into the prompt, draws it, sends it and draws
// the transcript with the prompt in it: what the user waits for, end to end.
func BenchmarkPasteAndSend1MB(b *testing.B) {
	var text strings.Builder
	for i := 0; text.Len() < 1<<20; i++ {
		fmt.Fprintf(&text, "line %06d: the quick brown fox jumps over the dog\n", i)
	}
	paste := tea.PasteMsg{Content: text.String()}
	b.SetBytes(int64(text.Len()))
	for b.Loop() {
		h := newHarness(&testing.T{})
		h.ready()
		h.send(paste)
		h.m.View()
		h.keys("enter")
		h.m.View()
	}
}
