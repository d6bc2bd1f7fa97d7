package ui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
)

// A prompt whose write fails (claude died and gclaude has not heard yet) goes back
// into the input, ahead of what was typed since, and the transcript says it was not
// sent. Before, it was gone from the input with only an error to show for it.
func TestPromptThatCannotBeSentGoesBackIntoTheInput(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.b.sendErr = fmt.Errorf("%w (was killed by SIGKILL)", process.ErrExited)
	h.typeText("fix the bug")
	h.keys("enter")
	if h.draft() != "fix the bug" {
		t.Fatalf("draft = %q, want the prompt back", h.draft())
	}
	if h.m.turn.running {
		t.Error("a turn is shown running for a prompt that was never sent")
	}
	h.transcriptHas(t, "the prompt was not sent and is back in the input")
	if !strings.Contains(h.screen(), "not sent · back in the input") {
		t.Errorf("the transcript does not mark the prompt:\n%s", h.screen())
	}
}

// The draft typed while the send was under way stays, after the prompt given back.
func TestGivenBackPromptGoesAheadOfTheDraft(t *testing.T) {
	h := newHarness(t)
	h.ready()
	p := queuedPrompt{uuid: "u1", text: "first prompt"}
	h.typeText("typed since")
	h.send(promptSentMsg{gen: h.m.gen, p: p, err: process.ErrClosed})
	if h.draft() != "first prompt\ntyped since" {
		t.Errorf("draft = %q", h.draft())
	}
}

// Prompts held for a claude that then fails to start come back too.
func TestHeldPromptsComeBackWhenClaudeDoesNotStart(t *testing.T) {
	h := newHarness(t, func(o *Options) {
		o.Start = func(context.Context, StartRequest) (Backend, error) { return nil, errors.New("no claude") }
	})
	h.ready()
	h.events(process.Exited{Code: 1})
	h.typeText("are you there?")
	h.keys("enter") // held, and claude restarted, which fails
	if h.draft() != "are you there?" || len(h.m.turn.held) != 0 {
		t.Fatalf("draft = %q, held = %d", h.draft(), len(h.m.turn.held))
	}
	h.transcriptHas(t, "claude did not start: the prompt was not sent")
}

// Prompts still queued when claude exits never got their turn: they come back, in the
// order they were typed.
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
	h.transcriptHas(t, "2 prompts were not sent and are back in the input")
}
