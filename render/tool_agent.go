package render

import (
	"fmt"
	"strings"
	"time"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

func init() { registerTool(agentView, protocol.ToolAgent, protocol.ToolTask) }

// agentView: Agent(description) · subagent type; the body has the caller's
// live task status, then the outcome and, expanded, the report and the task's
// output file.
func agentView(c ToolCall, st *themes.Styles) toolView {
	var in protocol.AgentInput
	decodeInput(c.Input, &in)
	v := toolView{name: c.Name, arg: in.Description, detail: in.SubagentType}
	// Said only when the model asked for it, though the CLI's default is background.
	if in.RunInBackground != nil && *in.RunInBackground {
		v.detail = joinDetail(v.detail, "background")
	}
	v.body = func(width int) string {
		var parts []string
		if c.Expanded && in.Prompt != "" {
			parts = append(parts, textBlock(in.Prompt, true, width, st.Tool.Detail, st))
		}
		if c.TaskStatus != "" {
			parts = append(parts, textBlock(c.TaskStatus, c.Expanded, width, st.Tool.TaskStatus, st))
		}
		r, ok := toolResult[protocol.AgentResult](c)
		if ok {
			parts = append(parts, agentOutcome(r, c.TaskStatus != "", c.Expanded, width, st))
		} else if c.Result != nil {
			parts = append(parts, textBlock(c.Result.Content, c.Expanded, width, st.Tool.Body, st))
		}
		if c.Expanded {
			var file string
			if ok {
				file = r.OutputFile
			}
			parts = append(parts, outputFile(c.TaskLink, file, width, st))
		}
		return joinBlocks(parts...)
	}
	return v
}

// outputFile is the line naming the file a task writes its output to (the
// caller's link, else the result's), shown only expanded: a long temporary path
// that says nothing about the work.
func outputFile(link, result string, width int, st *themes.Styles) string {
	if link == "" {
		link = result
	}
	if link == "" {
		return ""
	}
	return pathLine(link, width, st.Link)
}

// agentOutcome is what the call's result says. A background launch's result is
// only a receipt: once the caller reports the task itself (live, which is
// running or how it ended), that status line stands in for it.
func agentOutcome(r *protocol.AgentResult, live, expanded bool, width int, st *themes.Styles) string {
	if r.Status == protocol.AgentAsyncLaunched {
		if live {
			return ""
		}
		return para("Launched in background", width, st.Tool.Detail)
	}
	stats := []string{capitalize(r.Status)}
	if r.TotalToolUseCount > 0 {
		stats = append(stats, fmt.Sprintf("%d tool %s", r.TotalToolUseCount, Plural(r.TotalToolUseCount, "use")))
	}
	if r.TotalTokens > 0 {
		stats = append(stats, FormatTokens(r.TotalTokens)+" tokens")
	}
	if r.TotalDurationMS > 0 {
		stats = append(stats, FormatDuration(time.Duration(r.TotalDurationMS)*time.Millisecond))
	}
	summary := para(strings.Join(stats, " · "), width, st.Tool.Detail)
	if !expanded {
		return summary
	}
	return joinBlocks(summary, Markdown(agentReport(r), width, st))
}

// agentReport is the subagent's final text, without the CLI's bookkeeping
// tags.
func agentReport(r *protocol.AgentResult) string {
	var texts []string
	for _, c := range r.Content {
		t := strings.TrimSpace(c.Text)
		if c.Type != protocol.BlockText || t == "" || strings.HasPrefix(t, "<tools-used-before-summary>") {
			continue
		}
		texts = append(texts, t)
	}
	return strings.Join(texts, "\n\n")
}

func capitalize(s string) string {
	if s == "" {
		return "Done"
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
