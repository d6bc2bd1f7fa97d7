package tab

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/process"
)

// A prompt claude could not take (its stdin is closed: it died) goes back into the
// input, leaves the transcript, and a notice says so; the turn it would have started
// is not running.
func TestUndeliveredPromptGoesBackIntoInput(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.b.sendErr = fmt.Errorf("%w (exit 137)", process.ErrExited)
	h.typeText("please do the thing")
	h.keys("enter")
	if got := h.draft(); got != "please do the thing" {
		t.Fatalf("draft = %q, want the prompt back", got)
	}
	if h.tab.turn.Running {
		t.Error("a turn is running for a prompt that was not sent")
	}
	if md := h.tab.conversation.Markdown(); strings.Contains(md, "please do the thing") {
		t.Errorf("the prompt is still in the transcript:\n%s", md)
	}
	scr := h.screen()
	if flat := strings.Join(strings.Fields(scr), " "); !strings.Contains(flat, "the prompt was not sent") || !strings.Contains(flat, "back in the input") {
		t.Errorf("no notice:\n%s", scr)
	}
}

// A queued prompt that fails goes back above what was typed since, and the running
// turn goes on.
func TestUndeliveredQueuedPromptKeepsNewDraft(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.typeText("first")
	h.keys("enter")
	h.msgs(systemInit())
	h.b.sendErr = process.ErrClosed
	h.typeText("second")
	h.keys("enter")
	if got := h.draft(); got != "second" {
		t.Fatalf("draft = %q", got)
	}
	if !h.tab.turn.Running || len(h.tab.turn.Prompts.Queued) != 0 {
		t.Errorf("running=%v queued=%d; want the first turn running and nothing queued", h.tab.turn.Running, len(h.tab.turn.Prompts.Queued))
	}
	if strings.Contains(h.screen(), "queued · sent when") {
		t.Errorf("the failed prompt still shows as queued:\n%s", h.screen())
	}
}
