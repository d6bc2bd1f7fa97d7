package ui

import (
	"testing"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/tab"
)

// Idle is idle: once a turn is over and its last tick and frame timer have fired,
// nothing is armed, so the program sleeps until input or output arrives.
func TestNoTimerRunsAfterATurn(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.typeText("hello")
	h.keys("enter")
	start := &protocol.StreamEvent{Event: protocol.StreamEventBody{Type: protocol.EventMessageStart, Message: &protocol.APIMessage{ID: "msg_s", Role: "assistant"}}}
	block := &protocol.StreamEvent{Event: protocol.StreamEventBody{Type: protocol.EventContentBlockStart, ContentBlock: &protocol.ContentBlock{Type: protocol.BlockText}}}
	h.msgs(systemInit(), start, block)
	h.events(process.Message{Msg: &protocol.StreamEvent{Event: protocol.StreamEventBody{Type: protocol.EventContentBlockDelta,
		Delta: &protocol.Delta{Type: protocol.DeltaText, Text: "an answer"}}}})
	if len(h.timers) == 0 {
		t.Fatal("a running turn must tick (spinner, elapsed time)")
	}
	h.msgs(&protocol.Assistant{Message: protocol.APIMessage{ID: "msg_s", Role: "assistant",
		Content: []protocol.ContentBlock{{Type: protocol.BlockText, Text: "an answer"}}}}, result())
	for range 3 { // the timers armed before the result fire once more, then stop
		h.advance(tab.TickEvery)
	}
	if n := len(h.timers); n != 0 {
		t.Fatalf("%d timers still armed with no turn, dialog or countdown", n)
	}
}
