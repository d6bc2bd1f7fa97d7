// Package resumed turns a resumed conversation (a session file's History) into what
// the transcript shows. The CLI replays nothing on stdout when it resumes, so
// gclaude draws the history from the session file.
package resumed

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/sessionfiles"
	"github.com/gclaude/gclaude/ui/transcript"
)

// A History is turned (in a tea.Cmd) into the same messages the transcript reduces
// while a session runs, plus the prompts and notices the root adds itself; Update then
// only feeds them in with Apply.

// Step is one thing to put in the transcript: a message to apply, else a
// notice (when kind is set), else a prompt.
type Step struct {
	msg  protocol.Message
	kind string // a notice kind
	text string // the notice's or the prompt's text
}

// historyInterrupted is what a call with no recorded result shows: the CLI's own
// tool_use_result for a call the user stopped.
var historyInterrupted = json.RawMessage(`"User rejected tool use"`)

// Steps converts a session's history into transcript steps. Turns are
// separated by an empty result, which ends the transcript's turn state without
// drawing a footer (a history has no figures to show).
func Steps(h *sessionfiles.History) []Step {
	c := historyConverter{subs: h.Subagents}
	c.entries(h.Entries, "")
	c.endTurn()
	return c.steps
}

type historyConverter struct {
	steps  []Step
	subs   map[string]*sessionfiles.Subagent
	inTurn bool // something was added since the last turn boundary
}

func (c *historyConverter) add(s Step) {
	c.steps = append(c.steps, s)
	c.inTurn = true
}

// endTurn closes the turn in progress.
func (c *historyConverter) endTurn() {
	if c.inTurn {
		c.steps = append(c.steps, Step{msg: &protocol.Result{Subtype: protocol.ResultSuccess}})
		c.inTurn = false
	}
}

// entries converts the entries of the main conversation (parent "") or of the
// subagent started by the Agent call parent.
func (c *historyConverter) entries(entries []sessionfiles.Entry, parent string) {
	for _, e := range entries {
		switch e.Kind {
		case sessionfiles.KindPrompt:
			text := promptText(e)
			if parent != "" {
				c.add(Step{msg: userText(text, parent)})
				continue
			}
			c.endTurn()
			c.add(Step{text: text})
		case sessionfiles.KindCommand:
			if parent == "" {
				c.endTurn()
				c.add(Step{text: e.Text})
				if out := strings.TrimSpace(e.Output); out != "" {
					c.add(Step{kind: transcript.NoticeInfo, text: out})
				}
			}
		case sessionfiles.KindText:
			c.add(Step{msg: assistantBlock(e, parent, protocol.ContentBlock{Type: protocol.BlockText, Text: e.Text})})
		case sessionfiles.KindThinking:
			c.add(Step{msg: assistantBlock(e, parent, protocol.ContentBlock{Type: protocol.BlockThinking, Thinking: e.Text})})
		case sessionfiles.KindToolCall:
			c.toolCall(e, parent)
		case sessionfiles.KindInterrupt:
			c.add(Step{msg: userText(protocol.InterruptMarker, parent)})
		case sessionfiles.KindCompact:
			if parent == "" {
				c.endTurn()
				c.add(Step{msg: &protocol.CompactBoundary{}})
				if strings.TrimSpace(e.Text) != "" {
					// The summary, as the CLI sends it live: a synthetic message.
					u := userText(e.Text, "")
					u.IsSynthetic = true
					c.add(Step{msg: u})
				}
			}
		case sessionfiles.KindAPIError:
			text := strings.TrimSpace(e.Text)
			if text == "" {
				text = "API error"
			}
			c.add(Step{kind: transcript.NoticeError, text: text})
		}
	}
}

// toolCall adds a call, the subagent it started (if any), then its result. A call
// without a recorded result is shown as interrupted: nothing will finish it now.
func (c *historyConverter) toolCall(e sessionfiles.Entry, parent string) {
	call := e.Tool
	c.add(Step{msg: assistantBlock(e, parent, protocol.ContentBlock{
		Type: protocol.BlockToolUse, ID: call.ID, Name: call.Name, Input: call.Input,
	})})
	if sub := c.subs[call.ID]; sub != nil {
		c.entries(sub.Entries, call.ID)
	}
	block := protocol.ContentBlock{Type: protocol.BlockToolResult, ToolUseID: call.ID, Content: json.RawMessage(`""`)}
	structured := historyInterrupted
	var meta []protocol.ToolResultMeta
	if r := call.Result; r != nil {
		block.Content, block.IsError, structured = r.Content, r.IsError, r.Structured
		if len(block.Content) == 0 {
			block.Content = json.RawMessage(`""`)
		}
		meta = resultMeta(call.ID, r)
	}
	content, _ := json.Marshal([]protocol.ContentBlock{block})
	c.add(Step{msg: &protocol.User{
		Message:         protocol.UserBody{Role: "user", Content: content},
		ParentToolUseID: parentPtr(parent),
		ToolUseResult:   structured,
		ToolResultMeta:  meta,
	}})
}

// resultMeta says why a call did not run the way the CLI says it on stdout, so the
// transcript shows a denied call as denied and an interrupted one as interrupted,
// as it did while the session ran.
func resultMeta(id string, r *sessionfiles.ToolResult) []protocol.ToolResultMeta {
	switch {
	case r.Denied():
		return []protocol.ToolResultMeta{{ID: id, NonExecutionKind: r.Denial, PermissionDecision: &protocol.DecisionRecord{Decision: "reject"}}}
	case r.Denial != "":
		return []protocol.ToolResultMeta{{ID: id, NonExecutionKind: r.Denial}}
	}
	return nil
}

// promptText is the prompt as the user sent it; images the text does not name are
// noted, since the transcript shows text only.
func promptText(e sessionfiles.Entry) string {
	text := e.Text
	if e.Images == 0 || strings.Contains(strings.ToLower(text), "[image") {
		return text
	}
	note := "[image]"
	if e.Images > 1 {
		note = fmt.Sprintf("[%d images]", e.Images)
	}
	if text == "" {
		return note
	}
	return text + "\n" + note
}

func assistantBlock(e sessionfiles.Entry, parent string, b protocol.ContentBlock) *protocol.Assistant {
	return &protocol.Assistant{
		Message:         protocol.APIMessage{ID: e.MessageID, Role: "assistant", Model: e.Model, Content: []protocol.ContentBlock{b}},
		ParentToolUseID: parentPtr(parent),
	}
}

func userText(text, parent string) *protocol.User {
	content, _ := json.Marshal(text)
	return &protocol.User{Message: protocol.UserBody{Role: "user", Content: content}, ParentToolUseID: parentPtr(parent)}
}

func parentPtr(parent string) *string {
	if parent == "" {
		return nil
	}
	return &parent
}

// MessageCount counts a history's messages the way the resume picker does:
// the user's prompts and commands, and one per assistant API message.
func MessageCount(h *sessionfiles.History) int {
	n, last := 0, ""
	for _, e := range h.Entries {
		switch e.Kind {
		case sessionfiles.KindPrompt, sessionfiles.KindCommand:
			n++
		case sessionfiles.KindText, sessionfiles.KindThinking, sessionfiles.KindToolCall, sessionfiles.KindAPIError:
			if e.MessageID == "" || e.MessageID != last {
				n++
			}
			last = e.MessageID
		}
	}
	return n
}

// Apply puts converted steps into a conversation.
func Apply(t *transcript.Conversation, steps []Step) {
	for _, s := range steps {
		switch {
		case s.msg != nil:
			t.Apply(s.msg)
		case s.kind != "":
			t.AddNotice(s.kind, s.text)
		default:
			t.AddUserPrompt(s.text)
		}
	}
}
