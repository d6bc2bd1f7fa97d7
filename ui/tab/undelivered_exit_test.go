package tab

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/session"
)

// Prompts held for a claude that then fails to start come back into the input.
// Before, they stayed held, out of sight, until some later start took them.
func TestHeldPromptsComeBackWhenClaudeDoesNotStart(t *testing.T) {
	h := newHarness(t, func(o *launchOptions) {
		o.Start = func(context.Context, session.StartRequest) (session.Backend, error) {
			return nil, errors.New("no claude")
		}
	})
	h.ready()
	h.events(process.Exited{Code: 1})
	h.typeText("are you there?")
	h.keys("enter") // held, and claude restarted, which fails
	if h.draft() != "are you there?" || len(h.tab.turn.Prompts.Held) != 0 {
		t.Fatalf("draft = %q, held = %d", h.draft(), len(h.tab.turn.Prompts.Held))
	}
	if flat := strings.Join(strings.Fields(h.screen()), " "); !strings.Contains(flat, "claude did not start") {
		t.Errorf("no notice:\n%s", h.screen())
	}
}

// Prompts still queued when claude exits never got their turn (claude reports which
// prompts its turns take): they come back, in the order they were typed.
func TestQueuedPromptsComeBackWhenClaudeExits(t *testing.T) {
	h := newHarness(t)
	h.ready()
	for _, p := range []string{"first", "second", "third"} {
		h.typeText(p)
		h.keys("enter")
		if p == "first" {
			h.msgs(systemInit(), &protocol.CommandLifecycle{CommandUUID: h.b.sends[0].UUID, State: "started"})
		}
	}
	h.events(process.Exited{Code: -1, Signal: "SIGKILL"})
	if h.draft() != "second\nthird" {
		t.Errorf("draft = %q, want the two queued prompts", h.draft())
	}
	if md := h.tab.conversation.Markdown(); strings.Contains(md, "second") || !strings.Contains(md, "first") {
		t.Errorf("transcript:\n%s", md)
	}
}

// A prompt sent to a claude that exits before it ever answered initialize (it died at
// once, wrote garbage, or hung and was killed) never reached the model: it leaves the
// transcript and comes back into the input, as an undelivered prompt does elsewhere.
func TestPromptsSentBeforeClaudeAnsweredComeBackWhenItExits(t *testing.T) {
	h := newHarness(t)
	h.typeText("are you there?")
	h.keys("enter")
	h.typeText("and you?")
	h.keys("enter")
	if len(h.b.sends) != 2 {
		t.Fatalf("sent %d prompts, want 2", len(h.b.sends))
	}
	h.events(process.Exited{Code: 1})
	if h.draft() != "are you there?\nand you?" {
		t.Errorf("draft = %q, want both prompts back", h.draft())
	}
	if md := h.tab.conversation.Markdown(); strings.Contains(md, "are you there?") {
		t.Errorf("the undelivered prompt is still in the transcript:\n%s", md)
	}
}

// Once claude answered initialize, what was sent is its: an exit then keeps the prompt
// in the transcript (claude may have run it) and the draft untouched.
func TestPromptsSentAfterClaudeAnsweredStayWhenItExits(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.typeText("run this")
	h.keys("enter")
	h.events(process.Exited{Code: 1})
	if h.draft() != "" || !strings.Contains(h.tab.conversation.Markdown(), "run this") {
		t.Errorf("draft = %q; transcript:\n%s", h.draft(), h.tab.conversation.Markdown())
	}
}
