package transcript

import (
	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/themes"
)

// testModel is a conversation and a view of it, driven together as the root
// drives them: messages in through the Conversation, keys and drawing through
// the View.
type testModel struct {
	*Conversation
	*shown
}

// shown is View under another name, so that the embedded field is not called
// View and m.View() draws.
type shown = View

func newTestModel(st *themes.Styles, keys keymap.KeyMap) *testModel {
	c := NewConversation()
	return &testModel{c, NewView(st, keys, c)}
}

// Len, Settled and Hidden are the conversation's (the View repeats them for the
// printer).
func (m *testModel) Len() int             { return m.Conversation.Len() }
func (m *testModel) Settled(from int) int { return m.Conversation.Settled(from) }
func (m *testModel) Hidden(i int) bool    { return m.Conversation.Hidden(i) }

// reduced is a conversation, or a test model's.
type reduced interface{ conversation() *Conversation }

func (c *Conversation) conversation() *Conversation { return c }

// viewed is a view, or a test model's.
type viewed interface{ view() *View }

func (v *View) view() *View { return v }
