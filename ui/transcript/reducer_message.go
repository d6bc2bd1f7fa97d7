package transcript

import (
	"encoding/json"
	"strings"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
)

// applyAssistant takes one assistant line: a finished content block. It
// completes the streamed preview of that block, or adds the block when
// nothing was streamed.
func (c *Conversation) applyAssistant(a *protocol.Assistant) {
	if a.IsAPIErrorMessage {
		status := 0
		if a.APIErrorStatus != nil {
			status = *a.APIErrorStatus
		}
		c.apiError(assistantText(a), status)
		return
	}
	c.endRetry()
	c.discardStale(a.Message.ID)
	now := c.clock()
	for _, b := range a.Message.Content {
		it := c.claim(a.Message.ID, b)
		switch b.Type {
		case protocol.BlockText:
			t, ok := it.(*textItem)
			if !ok {
				t = newFinalText(b.Text)
				c.add(t)
			} else {
				t.finish(b.Text)
			}
			t.interrupted = a.Aborted
		case protocol.BlockThinking, protocol.BlockRedactedThinking:
			th, ok := it.(*thinkingItem)
			if !ok {
				th = &thinkingItem{redacted: b.Type == protocol.BlockRedactedThinking}
				c.add(th)
			}
			th.finish(b.Thinking, a.ThinkingDurationMS, now)
		case protocol.BlockToolUse:
			t, ok := it.(*toolItem)
			if !ok {
				t = newTool(b.ID, b.Name)
				c.registerTool(t)
				c.add(t)
			}
			t.setInput(b.Input, now)
			c.markLive(t)
		}
	}
}

func assistantText(a *protocol.Assistant) string {
	var parts []string
	for _, b := range a.Message.Content {
		if b.Type == protocol.BlockText && strings.TrimSpace(b.Text) != "" {
			parts = append(parts, b.Text)
		}
	}
	if len(parts) == 0 && a.Error != "" {
		return "API error: " + a.Error
	}
	return strings.Join(parts, "\n")
}

// applyUser takes a user line: tool results, the interrupt marker, or
// text (a subagent's prompt). Replays of the host's own prompts are skipped:
// the root added them with AddUserPrompt.
func (c *Conversation) applyUser(u *protocol.User) {
	if u.IsReplay {
		return
	}
	if u.IsInterruptMarker() {
		c.interrupted()
		return
	}
	if u.IsSynthetic {
		// The CLI's own message to the model (a compaction summary), not the user's.
		c.syntheticUser(u.Message.Text())
		return
	}
	blocks := u.Message.Blocks()
	results := 0
	for _, b := range blocks {
		if b.Type == protocol.BlockToolResult {
			results++
		}
	}
	var texts []string
	for _, b := range blocks {
		switch b.Type {
		case protocol.BlockToolResult:
			var structured json.RawMessage
			if results == 1 {
				// tool_use_result belongs to the line, so it is only
				// unambiguous when the line has one result.
				structured = u.ToolUseResult
			}
			c.toolResult(b, structured, metaFor(u.ToolResultMeta, b.ToolUseID, results))
		case protocol.BlockText:
			if strings.TrimSpace(b.Text) != "" {
				texts = append(texts, b.Text)
			}
		}
	}
	if len(texts) > 0 {
		c.add(&userItem{text: strings.Join(texts, "\n")})
	}
}

// syntheticUser puts a summary on the compaction just before it. Any other synthetic
// message is the CLI talking to the model and is not shown.
func (c *Conversation) syntheticUser(text string) {
	for i := len(c.items) - 1; i >= 0; i-- {
		if compact, ok := c.items[i].(*compactItem); ok {
			if compact.summary == "" {
				compact.setSummary(text)
			}
			return
		}
	}
}

// metaFor finds the tool_result_meta entry of a call. Ids there may carry
// a suffix ("toolu_x_0"), so with one result the only entry is taken.
func metaFor(metas []protocol.ToolResultMeta, id string, results int) *protocol.ToolResultMeta {
	for i := range metas {
		if metas[i].ID == id {
			return &metas[i]
		}
	}
	if results == 1 && len(metas) == 1 {
		return &metas[0]
	}
	return nil
}

// userRejected is the CLI's tool_use_result when a call was stopped by the
// user rather than by a decision about it (an interrupt while it waited or
// ran).
const userRejected = "User rejected tool use"

func (c *Conversation) toolResult(b protocol.ContentBlock, structured json.RawMessage, meta *protocol.ToolResultMeta) {
	ref, ok := c.shared.tools[b.ToolUseID]
	if !ok {
		return
	}
	t := ref.tool
	res := &render.ToolResult{Content: b.ResultText(), IsError: b.IsError, Structured: structured}
	t.onlyReferences = b.OnlyToolReferences()
	t.setResult(res, resultState(t, b, structured, meta), c.clock())
	delete(ref.owner.live, t)
}

// resultState decides how a call ended: denied by a decision (the
// user's, a rule's, the host's), interrupted (rejected because the user
// interrupted), failed, or done.
func resultState(t *toolItem, b protocol.ContentBlock, structured json.RawMessage, meta *protocol.ToolResultMeta) render.ToolState {
	rejected := meta != nil && meta.PermissionDecision != nil && meta.PermissionDecision.Decision == "reject"
	switch {
	case t.denied:
		return render.ToolDenied
	case meta != nil && meta.NonExecutionKind == "user-rejected" && !rejected:
		return render.ToolInterrupted
	case rejected:
		return render.ToolDenied
	case jsonString(structured) == userRejected:
		return render.ToolInterrupted
	case b.IsError:
		return render.ToolFailed
	}
	return render.ToolDone
}

func jsonString(raw json.RawMessage) string {
	var s string
	if len(raw) == 0 || raw[0] != '"' || json.Unmarshal(raw, &s) != nil {
		return ""
	}
	return s
}
