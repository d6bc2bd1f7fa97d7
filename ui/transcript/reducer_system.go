package transcript

import (
	"fmt"
	"strings"
	"time"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
)

// applyTask shows a subagent's (or a background command's) progress on
// the tool call that started it.
func (c *Conversation) applyTask(msg protocol.Message) {
	var id, status, link string
	switch v := msg.(type) {
	case *protocol.TaskStarted:
		c.shared.tasks[v.TaskID] = v.ToolUseID
		id, status = v.ToolUseID, "Starting…"
		if v.IsBackgrounded {
			status = "Running in the background"
		}
	case *protocol.TaskProgress:
		id = v.ToolUseID
		status = joinNonEmpty(v.Description, countText(v.Usage.ToolUses, "tool use"), tokensText(v.Usage.TotalTokens))
	case *protocol.TaskUpdated:
		id = c.shared.tasks[v.TaskID]
		switch v.Patch.Status {
		case protocol.TaskFailed, protocol.TaskKilled, protocol.TaskStopped:
			status = joinNonEmpty(capitalize(v.Patch.Status), v.Patch.Error)
		default:
			return
		}
	case *protocol.TaskNotification:
		id, link = v.ToolUseID, v.OutputFile
		status = strings.TrimSpace(v.Summary)
		if v.Status != protocol.TaskCompleted {
			status = joinNonEmpty(capitalize(v.Status), status)
		}
	}
	ref, ok := c.shared.tools[id]
	if !ok {
		return
	}
	call := &ref.tool.call
	if status != "" {
		call.TaskStatus = status
	}
	if link != "" {
		call.TaskLink = link
	}
	ref.tool.touch()
}

// applyToolProgress keeps a call's elapsed time at least what the CLI
// measured.
func (c *Conversation) applyToolProgress(p *protocol.ToolProgress) {
	ref, ok := c.shared.tools[p.ToolUseID]
	if !ok || ref.tool.call.State != render.ToolRunning {
		return
	}
	if since := c.clock().Add(-time.Duration(p.ElapsedTimeSeconds) * time.Second); since.Before(ref.tool.started) {
		ref.tool.started = since
		ref.tool.touch()
	}
}

func compactText(c *protocol.CompactBoundary) string {
	md := c.CompactMetadata
	s := "Conversation compacted"
	if md.Trigger != "" {
		s += " (" + md.Trigger + ")"
	}
	switch {
	case md.PreTokens > 0 && md.PostTokens > 0:
		s += fmt.Sprintf(" · %s → %s tokens", render.FormatTokens(md.PreTokens), render.FormatTokens(md.PostTokens))
	case md.PreTokens > 0:
		s += fmt.Sprintf(" · %s tokens before", render.FormatTokens(md.PreTokens))
	}
	return s
}

func hookText(h *protocol.HookResponse) string {
	s := "Hook " + joinNonEmpty(h.HookName, h.HookEvent) + " failed"
	if out := strings.TrimSpace(h.Stderr); out != "" {
		s += ": " + out
	} else if out := strings.TrimSpace(h.Output); out != "" {
		s += ": " + out
	}
	return s
}

var modeNames = map[string]string{
	protocol.ModeDefault:           "default",
	protocol.ModeAcceptEdits:       "accept edits",
	protocol.ModePlan:              "plan",
	protocol.ModeBypassPermissions: "bypass permissions",
	protocol.ModeDontAsk:           "don't ask",
	protocol.ModeAuto:              "auto",
}

func modeName(mode string) string {
	if n, ok := modeNames[mode]; ok {
		return n
	}
	return mode
}

func joinNonEmpty(parts ...string) string {
	var keep []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			keep = append(keep, p)
		}
	}
	return strings.Join(keep, " · ")
}

func countText(n int, word string) string {
	if n <= 0 {
		return ""
	}
	return fmt.Sprintf("%d %s", n, render.Plural(n, word))
}

func tokensText(n int) string {
	if n <= 0 {
		return ""
	}
	return render.FormatTokens(n) + " tokens"
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
