package transcript

import (
	"strings"
	"testing"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

// An answer that keeps streaming while the user reads further up is new output
// too, though no item was added.
func TestNewOutputBadgeForGrowingAnswer(t *testing.T) {
	m, c := newTest(60, 8, themes.Mono)
	m.AddUserPrompt("talk")
	feed(m, c, []protocol.Message{
		streamEvent("msg_1", protocol.StreamEventBody{Type: protocol.EventMessageStart, Message: &protocol.APIMessage{ID: "msg_1"}}),
		streamEvent("msg_1", protocol.StreamEventBody{Type: protocol.EventContentBlockStart, ContentBlock: &protocol.ContentBlock{Type: protocol.BlockText}}),
		textDelta("msg_1", "line 1\n\nline 2\n\nline 3\n\nline 4\n\nline 5\n\n"),
	})
	m.View()
	m.ScrollLines(-3)
	if strings.Contains(plainView(m), "new output below") {
		t.Fatalf("badge before anything new:\n%s", plainView(m))
	}
	feed(m, c, []protocol.Message{textDelta("msg_1", "line 6\n\nline 7\n\n")})
	lines := strings.Split(plainView(m), "\n")
	if last := lines[len(lines)-1]; !strings.HasSuffix(last, "new output below ↓") {
		t.Fatalf("no badge after the answer grew:\n%s", plainView(m))
	}
	m.ScrollLines(1000)
	if strings.Contains(plainView(m), "new output below") {
		t.Fatal("badge after scrolling back to the tail")
	}
}
