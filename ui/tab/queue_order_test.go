package tab

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/protocol"
)

// A prompt typed during a turn that is then interrupted takes effect after that turn:
// it shows below the turn's "Interrupted" marker and footer, marked queued until the
// CLI starts it.
func TestQueuedPromptFollowsInterruptedTurn(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.typeText("first")
	h.keys("enter")
	h.msgs(systemInit(), &protocol.CommandLifecycle{CommandUUID: h.b.sends[0].UUID, State: "started"})
	h.typeText("second")
	h.keys("enter")
	h.keys("esc")
	if h.b.interrupts != 1 {
		t.Fatalf("interrupts = %d, want 1", h.b.interrupts)
	}
	aborted := result()
	aborted.Subtype, aborted.IsError, aborted.TerminalReason = "error_during_execution", true, protocol.TerminalAbortedStreaming
	aborted.DurationMS = 1500
	aborted.QueuedTurnCount = 1
	marker, _ := json.Marshal(protocol.InterruptMarker)
	h.msgs(&protocol.User{Message: protocol.UserBody{Role: "user", Content: marker}}, aborted)

	order := func(when string, want ...string) {
		t.Helper()
		md := h.tab.conversation.Markdown()
		scr := h.screen()
		last := -1
		for _, w := range want {
			i := strings.Index(scr, w)
			if i < 0 {
				t.Fatalf("%s: %q not on screen:\n%s", when, w, scr)
			}
			if i < last {
				t.Fatalf("%s: %q is above what should precede it (want order %q):\n%s\n--- markdown ---\n%s", when, w, want, scr, md)
			}
			last = i
		}
	}
	order("queued behind the interrupted turn", "first", "Interrupted", "1.5s", "second", "queued · sent when")

	// The CLI starts it as the next turn; its answer follows it.
	h.msgs(&protocol.CommandLifecycle{CommandUUID: h.b.sends[1].UUID, State: "started"}, systemInit(), assistantText("msg_2", "answer to second"))
	if strings.Contains(h.screen(), "queued · sent when") {
		t.Fatalf("still marked queued after its turn started:\n%s", h.screen())
	}
	order("after it started", "Interrupted", "second", "answer to second")
}

func assistantText(id, text string) *protocol.Assistant {
	return &protocol.Assistant{Message: protocol.APIMessage{ID: id, Role: "assistant",
		Content: []protocol.ContentBlock{{Type: protocol.BlockText, Text: text}}}}
}

// A prompt queued behind a turn whose result reports no queued turn (the CLI had not
// counted it yet) still shows below that turn's footer: the footer belongs to the
// turn it waited for.
func TestQueuedPromptStaysBelowFooter(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.typeText("first")
	h.keys("enter")
	h.msgs(systemInit(), &protocol.CommandLifecycle{CommandUUID: h.b.sends[0].UUID, State: "started"},
		assistantText("msg_1", "answer to first"))
	h.typeText("second")
	h.keys("enter")
	done := result()
	done.DurationMS = 3700
	h.msgs(done)

	scr := h.screen()
	footer, queued := strings.Index(scr, "3.7s"), strings.Index(scr, "❯ second")
	if footer < 0 || queued < 0 || queued < footer {
		t.Fatalf("the first turn's footer should be above the queued prompt:\n%s", scr)
	}
}
