package transcript

import (
	gitreview "github.com/gclaude/gclaude/internal/review"
	"github.com/gclaude/gclaude/render"
)

// What the review screen and landing need of a conversation: the prompts the user sent
// (landing drafts its commit message from them) and the file edits that ran, each with
// the turn that made it (turn N answers the Nth prompt), so that a hunk can say which
// call made it. A subagent's edits count with the turn that started it.

// SentPrompts are the user's prompts in the order sent (queued ones not yet).
func (c *Conversation) SentPrompts() []string {
	var out []string
	for _, it := range c.items {
		if u, ok := it.(*userItem); ok && !u.queued && !u.base().hidden {
			out = append(out, u.text)
		}
	}
	return out
}

// FileEdits are the Edit, MultiEdit and Write calls that ran to the end, with the
// turn of each, subagents' included.
func (c *Conversation) FileEdits() []gitreview.ToolUse {
	var out []gitreview.ToolUse
	c.collectEdits(0, &out)
	return out
}

func (c *Conversation) collectEdits(turn int, out *[]gitreview.ToolUse) {
	for _, it := range c.items {
		switch it := it.(type) {
		case *userItem:
			if !it.queued && !it.base().hidden && c.parent == "" {
				turn++
			}
		case *toolItem:
			if it.call.State == render.ToolDone && isFileEdit(it.call.Name) {
				*out = append(*out, gitreview.ToolUse{Turn: turn, Name: it.call.Name, Input: it.call.Input})
			}
			if sub := c.shared.subs[it.call.ID]; sub != nil {
				sub.collectEdits(turn, out)
			}
		}
	}
}

func isFileEdit(name string) bool {
	return name == "Edit" || name == "MultiEdit" || name == "Write"
}
