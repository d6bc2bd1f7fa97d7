package commands

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/transcript"
)

// /fork copies the conversation as it is into a session that works in the background,
// on the prompt given; its title marks it as a fork. Before the first prompt there is
// nothing to copy.
func TestForkCopiesInTheBackground(t *testing.T) {
	c, _ := Lookup("fork")
	h := &fakeSession{info: Info{ID: "s1", Title: "My work"}}
	c.Run(h, " write the docs ")
	want := `fork at="" draft="" prompt="write the docs" title="My work (fork)" front=false fresh=false`
	if len(h.root) != 1 || h.root[0] != want {
		t.Errorf("root %q, want %q", h.root, want)
	}
	h = &fakeSession{}
	if c.Run(h, "") != nil || len(h.root) != 0 || !strings.Contains(h.notices[0], "nothing to copy yet") {
		t.Errorf("before the first prompt: root %q, notices %q", h.root, h.notices)
	}
}

// /branch picks where the copy starts: now, or before an earlier prompt of this session
// (which comes back into the new session's prompt); the copy comes to the front, named
// as given or as a branch of this conversation.
func TestBranchFromAPoint(t *testing.T) {
	c, _ := Lookup("branch")
	h := &fakeSession{info: Info{ID: "s1", Title: "My work"}}
	h.rewinds.Prompt("u1", "write a parser", transcript.ID(1), false)
	h.rewinds.Message(&protocol.Assistant{Meta: protocol.Meta{UUID: "a1"}})
	h.rewinds.Prompt("u2", "now add tests", transcript.ID(3), false)
	c.Run(h, "tests")
	if len(h.pickers) != 1 {
		t.Fatalf("no picker")
	}
	a, _ := h.pickers[0].Update(enterKey())
	if _, ok := Answer(h, a); !ok {
		t.Fatalf("%#v not taken", a)
	}
	h.pickers[0].Update(tea.KeyPressMsg{Code: tea.KeyDown})
	h.pickers[0].Update(tea.KeyPressMsg{Code: tea.KeyDown})
	a, _ = h.pickers[0].Update(enterKey())
	Answer(h, a)
	h.pickers[0].Update(tea.KeyPressMsg{Code: tea.KeyUp})
	a, _ = h.pickers[0].Update(enterKey())
	Answer(h, a)
	want := []string{
		`fork at="" draft="" prompt="" title="tests" front=true fresh=false`,
		`fork at="" draft="write a parser" prompt="" title="tests" front=true fresh=true`,
		`fork at="a1" draft="now add tests" prompt="" title="tests" front=true fresh=false`,
	}
	if strings.Join(h.root, "\n") != strings.Join(want, "\n") {
		t.Errorf("root\n%s\nwant\n%s", strings.Join(h.root, "\n"), strings.Join(want, "\n"))
	}

	// No earlier prompt of this session (a resumed conversation): the branch is of now.
	h = &fakeSession{info: Info{ID: "s1", Title: "My work"}}
	c.Run(h, "")
	if len(h.pickers) != 0 || len(h.root) != 1 || !strings.Contains(h.root[0], `title="My work (Branch)" front=true`) {
		t.Errorf("without earlier prompts: pickers %d, root %q", len(h.pickers), h.root)
	}
	if _, ok := Answer(h, dialogs.BranchFrom{UUID: "gone"}); !ok {
		t.Error("a point no longer known is not taken")
	}
}
