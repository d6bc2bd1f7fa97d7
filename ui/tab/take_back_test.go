package tab

import (
	"strings"
	"testing"
)

// ↑ on an empty prompt asks claude to withdraw the newest queued prompt; only when it
// did does the prompt leave the transcript and come back into the editor. When claude
// has already taken it in, the prompt stays where it is and a notice says so.
func TestUpTakesBackAQueuedPromptOnlyOnceClaudeWithdrewIt(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.typeText("first")
	h.keys("enter")
	h.typeText("second")
	h.keys("enter")
	if len(h.tab.turn.Prompts.Queued) != 1 {
		t.Fatalf("queued %d prompts, want 1", len(h.tab.turn.Prompts.Queued))
	}

	h.b.answers = map[string]string{"cancel_async_message": `{"cancelled":false}`}
	h.keys("up")
	if h.draft() != "" || len(h.tab.turn.Prompts.Queued) != 1 {
		t.Fatalf("a prompt claude kept came back: draft %q, queued %d", h.draft(), len(h.tab.turn.Prompts.Queued))
	}
	h.transcriptHas(t, "already taken that prompt in")

	h.b.answers = map[string]string{"cancel_async_message": `{"cancelled":true}`}
	h.keys("up")
	if h.draft() != "second" || len(h.tab.turn.Prompts.Queued) != 0 {
		t.Fatalf("after claude withdrew it: draft %q, queued %d", h.draft(), len(h.tab.turn.Prompts.Queued))
	}
	if md := h.tab.conversation.Markdown(); strings.Contains(md, "second") {
		t.Fatalf("the withdrawn prompt is still in the transcript:\n%s", md)
	}
	// With a draft, ↑ is the editor's (history), not a take-back.
	h.keys("up")
	if got := len(h.b.requests); got != 2 {
		t.Fatalf("%d cancel requests, want 2", got)
	}
}

// A prompt held while claude restarts never reached it: ↑ takes it back at once.
func TestUpTakesBackAHeldPrompt(t *testing.T) {
	h := newHarness(t)
	h.tab.turn.Prompts.Held = append(h.tab.turn.Prompts.Held, queuedPrompt{UUID: "u-held", Text: "held one", ID: h.tab.conversation.AddPastedPrompt("held one", "")})
	h.keys("up")
	if h.draft() != "held one" || len(h.tab.turn.Prompts.Held) != 0 || len(h.b.requests) != 0 {
		t.Fatalf("draft %q, held %d, requests %v", h.draft(), len(h.tab.turn.Prompts.Held), h.b.requests)
	}
}
