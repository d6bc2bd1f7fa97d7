package commands

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/dialogs"
)

// /rewind says why it cannot go back, else lists the prompts in a picker.
func TestRewindListsPromptsOrSaysWhyNot(t *testing.T) {
	h := &fakeSession{}
	runRewind(h, "")
	if len(h.pickers) != 0 || len(h.notices) != 1 || !strings.Contains(h.notices[0], "no earlier prompt") {
		t.Fatalf("empty log: pickers %d notices %q", len(h.pickers), h.notices)
	}
	h.rewinds.Prompt("u1", "first", 1, false)
	h.info.Running = true
	runRewind(h, "")
	if len(h.pickers) != 0 || !strings.Contains(h.notices[1], "wait for the turn") {
		t.Fatalf("running turn: pickers %d notices %q", len(h.pickers), h.notices)
	}
	h.info.Running = false
	runRewind(h, "")
	if len(h.pickers) != 1 || !strings.Contains(h.pickers[0].View(80, 20), "the last prompt") {
		t.Fatalf("no picker of the prompts: %d", len(h.pickers))
	}
}

// Restoring the conversation cuts the transcript, puts the prompt back and restarts
// claude before it: a new conversation when it was the first prompt.
func TestRestoreRewindReloadsBeforeThePrompt(t *testing.T) {
	h := &fakeSession{answer: func(req protocol.ClientRequest) (json.RawMessage, error) {
		return json.RawMessage(`{"canRewind":true}`), nil
	}}
	h.rewinds.Prompt("u1", "first prompt", 1, false)
	h.run(t, previewRewind(h, dialogs.RewindTo{UUID: "u1"}))
	if len(h.pickers) != 1 {
		t.Fatal("the preview offers no choices")
	}
	h.run(t, restoreRewind(h, dialogs.RewindRestore{UUID: "u1", Code: true, Conversation: true}))
	if len(h.cut) != 1 || h.cut[0] != "first prompt" {
		t.Fatalf("drafts put back: %q", h.cut)
	}
	if len(h.reloads) != 1 || !h.reloads[0].Fresh {
		t.Fatalf("reloads %+v, want one to a new conversation", h.reloads)
	}
	if len(h.notices) != 1 || !strings.Contains(h.notices[0], "Files restored to before “first prompt”") {
		t.Fatalf("notices %q", h.notices)
	}
	if h.rewinds.Len() != 0 {
		t.Fatal("the prompt rewound to is still in the log")
	}
}
