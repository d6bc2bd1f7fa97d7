package commands

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/dialogs"
)

// results runs cmd (a batch too) and applies each Result to h; it returns the other
// messages, those the Results' next Cmds give included.
func results(t *testing.T, h *fakeSession, cmd tea.Cmd) []tea.Msg {
	t.Helper()
	if cmd == nil {
		return nil
	}
	var out []tea.Msg
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		for _, c := range msg {
			out = append(out, results(t, h, c)...)
		}
	case Result:
		out = append(out, results(t, h, msg.Apply(h))...)
	default:
		out = append(out, msg)
	}
	return out
}

// /btw opens the overlay at once and asks the running claude a side_question; the
// answer goes to that overlay. Without a question it says how to ask one.
func TestBtwAsksASideQuestion(t *testing.T) {
	var asked []string
	h := &fakeSession{answer: func(req protocol.ClientRequest) (json.RawMessage, error) {
		b, _ := json.Marshal(req)
		asked = append(asked, req.Subtype()+" "+string(b))
		return json.RawMessage(`{"response":"It is **42**.","synthetic":false}`), nil
	}}
	c, _ := Lookup("btw")
	if !c.Live {
		t.Error("/btw needs a live claude")
	}
	msgs := results(t, h, c.Run(h, "  what is the answer?  "))
	if len(h.pickers) != 1 {
		t.Fatalf("pickers = %d, want the overlay", len(h.pickers))
	}
	if _, ok := h.pickers[0].(*dialogs.SideQuestion); !ok {
		t.Fatalf("opened a %T", h.pickers[0])
	}
	if len(asked) != 1 || asked[0] != `side_question {"question":"what is the answer?"}` {
		t.Errorf("asked %q", asked)
	}
	if len(msgs) != 1 {
		t.Fatalf("messages = %#v, want the answer", msgs)
	}
	a, ok := msgs[0].(dialogs.SideAnswered)
	if !ok || a.Answer != "It is **42**." || a.Err != nil {
		t.Fatalf("answer = %#v", msgs[0])
	}
	h.pickers[0].Update(a)
	if view := h.pickers[0].View(80, 20); !strings.Contains(view, "42") {
		t.Errorf("the overlay did not take its answer:\n%s", view)
	}

	h = &fakeSession{answer: func(protocol.ClientRequest) (json.RawMessage, error) { return nil, errors.New("side_question_busy") }}
	msgs = results(t, h, c.Run(h, "again?"))
	if a, ok := msgs[0].(dialogs.SideAnswered); !ok || a.Err == nil || !strings.Contains(a.Err.Error(), "busy") {
		t.Errorf("a refused question: %#v", msgs)
	}

	h = &fakeSession{}
	if cmd := c.Run(h, " "); cmd != nil || len(h.notices) != 1 || !strings.Contains(h.notices[0], "usage: /btw <question>") {
		t.Errorf("no question: %v, %q", cmd != nil, h.notices)
	}
}
