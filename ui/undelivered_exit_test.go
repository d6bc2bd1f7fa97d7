package ui

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
)

// Prompts held for a claude that then fails to start come back into the input.
// Before, they stayed held, out of sight, until some later start took them.
func TestHeldPromptsComeBackWhenClaudeDoesNotStart(t *testing.T) {
	h := newHarness(t, func(o *Options) {
		o.Start = func(context.Context, StartRequest) (Backend, error) { return nil, errors.New("no claude") }
	})
	h.ready()
	h.events(process.Exited{Code: 1})
	h.typeText("are you there?")
	h.keys("enter") // held, and claude restarted, which fails
	if h.draft() != "are you there?" || len(h.m.turn.Prompts.Held) != 0 {
		t.Fatalf("draft = %q, held = %d", h.draft(), len(h.m.turn.Prompts.Held))
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
	if md := h.m.conversation.Markdown(); strings.Contains(md, "second") || !strings.Contains(md, "first") {
		t.Errorf("transcript:\n%s", md)
	}
}
