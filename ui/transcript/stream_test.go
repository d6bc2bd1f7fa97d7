package transcript

import (
	"fmt"
	"strings"

	"github.com/gclaude/gclaude/protocol"
)

func streamEvent(msg string, body protocol.StreamEventBody) *protocol.StreamEvent {
	return &protocol.StreamEvent{Event: body, APIMessageID: msg}
}

func textDelta(msg, text string) *protocol.StreamEvent {
	return streamEvent(msg, protocol.StreamEventBody{Type: protocol.EventContentBlockDelta, Delta: &protocol.Delta{Type: protocol.DeltaText, Text: text}})
}

func answerLine(msg, text string) *protocol.Assistant {
	return &protocol.Assistant{Message: protocol.APIMessage{ID: msg, Role: "assistant", Content: []protocol.ContentBlock{{Type: protocol.BlockText, Text: text}}}}
}

// streamMessages is the CLI's stream for one text answer sent in pieces
// of n bytes: start, deltas, the assistant line, stop.
func streamMessages(answer string, n int) []protocol.Message {
	const msg = "msg_1"
	out := []protocol.Message{
		streamEvent(msg, protocol.StreamEventBody{Type: protocol.EventMessageStart, Message: &protocol.APIMessage{ID: msg}}),
		streamEvent(msg, protocol.StreamEventBody{Type: protocol.EventContentBlockStart, ContentBlock: &protocol.ContentBlock{Type: protocol.BlockText}}),
	}
	for i := 0; i < len(answer); i += n {
		out = append(out, textDelta(msg, answer[i:min(i+n, len(answer))]))
	}
	return append(out,
		answerLine(msg, answer),
		streamEvent(msg, protocol.StreamEventBody{Type: protocol.EventContentBlockStop}),
		streamEvent(msg, protocol.StreamEventBody{Type: protocol.EventMessageStop}),
	)
}

// longAnswer is a realistic markdown answer of about n bytes: headings,
// paragraphs, lists, code blocks and tables.
func longAnswer(n int) string {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "## Part %d\n\n", i+1)
		fmt.Fprintf(&b, "This is paragraph %d of the answer. It explains **what** changed and *why*, with `inline code` and a [link](https://example.com/%d). The text runs long enough to wrap at any width the terminal has.\n\n", i, i)
		fmt.Fprintf(&b, "- first point about item %d\n- second point, a bit longer than the first one\n- third point\n\n", i)
		fmt.Fprintf(&b, "```go\nfunc step%d(x int) int {\n\treturn x * %d // scale\n}\n```\n\n", i, i+2)
		fmt.Fprintf(&b, "| name | value | note |\n|------|-------|------|\n| a%d | %d | first |\n| b%d | %d | second |\n\n", i, i, i, i*2)
	}
	return b.String()
}
