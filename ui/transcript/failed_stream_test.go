package transcript

import (
	"slices"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

// brokenStream is the start of an answer whose stream broke, as CLI 2.1.328 sends
// it (e2e errsse): no assistant line, then content_block_stop and a message_stop
// with abandoned_blocks; the CLI retries without an api_retry line.
func brokenStream(msg, text string) []protocol.Message {
	stop := streamEvent(msg, protocol.StreamEventBody{Type: protocol.EventMessageStop})
	stop.AbandonedBlocks = &protocol.AbandonedBlocks{APIMessageID: msg, FromBlockIndex: 0}
	return []protocol.Message{
		streamEvent(msg, protocol.StreamEventBody{Type: protocol.EventMessageStart, Message: &protocol.APIMessage{ID: msg}}),
		streamEvent(msg, protocol.StreamEventBody{Type: protocol.EventContentBlockStart, ContentBlock: &protocol.ContentBlock{Type: protocol.BlockText}}),
		textDelta(msg, text),
		streamEvent(msg, protocol.StreamEventBody{Type: protocol.EventContentBlockStop}),
		stop,
	}
}

// The text of a failed attempt goes when the retry's answer arrives, whether the
// retry answers in one line (the non-streaming fallback) or streams again.
func TestFailedStreamDiscardedWhenRetryAnswers(t *testing.T) {
	for name, retry := range map[string][]protocol.Message{
		"non-streaming retry": {answerLine("msg_2", "Recovered.")},
		"streamed retry":      streamMessages("Recovered.", 4),
	} {
		t.Run(name, func(t *testing.T) {
			m, _ := newTest(80, 10, themes.Mono)
			for _, msg := range brokenStream("msg_0", "Partial answer ") {
				m.Apply(msg)
			}
			if !strings.Contains(plainView(m), "Partial answer") {
				t.Fatal("the stream is not shown while it runs")
			}
			for _, msg := range retry {
				m.Apply(msg)
			}
			if got, want := summary(m), []string{"text:Recovered."}; !slices.Equal(got, want) {
				t.Errorf("items = %q, want %q", got, want)
			}
			if v := plainView(m); strings.Contains(v, "Partial answer") {
				t.Errorf("the failed attempt's text stays:\n%s", v)
			}
		})
	}
}

// Interrupted, the partial answer stays (marked), and a later turn does not take it.
func TestInterruptedStreamStays(t *testing.T) {
	m, _ := newTest(80, 10, themes.Mono)
	for _, msg := range brokenStream("msg_0", "Partial answer ") {
		m.Apply(msg)
	}
	m.Apply(userLine(protocol.InterruptMarker, false, false))
	m.Apply(&protocol.Result{Subtype: "success"})
	for _, msg := range streamMessages("Next turn.", 4) {
		m.Apply(msg)
	}
	if v := plainView(m); !strings.Contains(v, "Partial answer") {
		t.Errorf("an interrupted answer went away:\n%s", v)
	}
}
