package tasks

import (
	"fmt"
	"strings"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
)

// Glyphs of the plain-text status line (StatusLine); the pane uses the
// theme's icons.
const (
	glyphRunning   = "●"
	glyphCompleted = "✓"
	glyphFailed    = "✗"
	glyphStopped   = "■"
)

// StatusLine is a one-line, unstyled account of the task started by the
// tool call toolUseID, for the Agent item of the main transcript:
// "● running · 12s · 3 tools · 2.1k tokens · Bash" or
// "✓ completed · 0.2s · 1 tool · 19 tokens". "" when no task is known.
func (s *Store) StatusLine(toolUseID string) string {
	t, ok := s.ByToolUseID(toolUseID)
	if !ok {
		return ""
	}
	parts := []string{glyph(t.State) + " " + stateWord(t)}
	if t.Running() && t.Backgrounded {
		parts = append(parts, "background")
	}
	parts = append(parts, render.FormatDuration(t.ElapsedAt(s.now())))
	parts = append(parts, s.counts(t)...)
	if t.Running() {
		parts = append(parts, s.toolNow(t))
	} else if t.State != StateCompleted {
		parts = append(parts, t.Error)
	}
	line := join(parts...)
	if t.Kind == protocol.TaskLocalBash && t.Running() && t.Tail != "" {
		line += "\n" + t.Tail
	}
	return line
}

// DescribeAgent names the subagent a permission request comes from:
// can_use_tool.agent_id is the task_id of that subagent's task_started
// (exp07c). E.g. `general-purpose subagent "Write a file"`. "" for the
// main thread (no agent id).
func (s *Store) DescribeAgent(agentID string) string {
	if agentID == "" {
		return ""
	}
	t, ok := s.Task(agentID)
	if !ok {
		return "subagent " + clean(agentID)
	}
	what := "subagent"
	switch {
	case t.Kind == protocol.TaskLocalBash:
		what = "shell task"
	case t.SubagentType != "":
		what = clean(t.SubagentType) + " subagent"
	}
	if d := clean(t.Description); d != "" {
		return fmt.Sprintf("%s %q", what, d)
	}
	return what
}

// AgentDescription is just the description of the subagent agentID
// ("Write a file"), or its type when it has none; "" when unknown. It is
// what dialogs.RequestInfo.AgentDescription wants: the permission dialog
// writes "asked by subagent “Write a file” (a12b…)" around it.
func (s *Store) AgentDescription(agentID string) string {
	t, ok := s.Task(agentID)
	if !ok {
		return ""
	}
	return or(clean(t.Description), clean(t.SubagentType))
}

// counts is "3 tools" and "2.1k tokens", those that are known.
func (s *Store) counts(t Task) []string {
	var out []string
	if t.ToolUses > 0 {
		out = append(out, fmt.Sprintf("%d %s", t.ToolUses, render.Plural(t.ToolUses, "tool")))
	}
	if t.Tokens > 0 {
		out = append(out, render.FormatTokens(t.Tokens)+" tokens")
	}
	return out
}

// toolNow is the task's last tool, with how long it has been running when
// the CLI reports that ("Bash 14s").
func (s *Store) toolNow(t Task) string {
	name := clean(t.LastTool)
	if t.RunningTool == "" {
		return name
	}
	if el, ok := s.ToolElapsed(t.RunningTool); ok && name != "" {
		return name + " " + render.FormatDuration(el)
	}
	return name
}

func glyph(st State) string {
	switch st {
	case StateCompleted:
		return glyphCompleted
	case StateFailed:
		return glyphFailed
	case StateStopped:
		return glyphStopped
	}
	return glyphRunning
}

// stateWord is the state as shown: "stopping" while a stop is pending.
func stateWord(t Task) string {
	if t.Running() && t.Stopping {
		return "stopping"
	}
	return t.State.String()
}

// clean makes CLI text safe and one line: control characters neutralised,
// runs of whitespace (newlines included) collapsed.
func clean(s string) string {
	return strings.Join(strings.Fields(render.Sanitize(s)), " ")
}

// join keeps the non-empty parts, separated by " · ".
func join(parts ...string) string {
	keep := parts[:0:0]
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			keep = append(keep, p)
		}
	}
	return strings.Join(keep, " · ")
}
