package render

import (
	"strings"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

func init() { registerTool(bashView, protocol.ToolBash) }

// bashView: Bash(command) · description; the body is the output, or the
// full command while it is long and still pending.
func bashView(c ToolCall, st *themes.Styles) toolView {
	var in protocol.BashInput
	decodeInput(c.Input, &in)
	v := toolView{name: protocol.ToolBash, arg: in.Command, detail: in.Description}
	if in.RunInBackground {
		v.detail = joinDetail(v.detail, "background")
	}
	multiLine := strings.Contains(strings.TrimSpace(in.Command), "\n")
	v.body = func(width int) string {
		var cmd string
		if c.Expanded || (multiLine && c.Result == nil) {
			cmd = textBlock("$ "+strings.TrimSpace(in.Command), true, width, st.Tool.Arg, st)
		}
		if c.Result == nil {
			if c.TaskStatus != "" { // a long command: its time and last lines so far
				return joinBlocks(cmd, textBlock(c.TaskStatus, c.Expanded, width, st.Tool.TaskStatus, st))
			}
			return cmd
		}
		return joinBlocks(cmd, bashOutput(c, width, st))
	}
	return v
}

func bashOutput(c ToolCall, width int, st *themes.Styles) string {
	r, ok := toolResult[protocol.BashResult](c)
	if !ok {
		return textBlock(c.Result.Content, c.Expanded, width, st.Tool.Body, st)
	}
	out := strings.TrimRight(r.Stdout, "\n")
	if e := strings.TrimRight(r.Stderr, "\n"); e != "" {
		out = joinText(out, e)
	}
	var parts []string
	if r.BackgroundTaskID != "" {
		parts = append(parts, bashBackground(c, r.BackgroundTaskID, width, st))
	}
	switch {
	case out != "":
		parts = append(parts, textBlock(out, c.Expanded, width, st.Tool.Body, st))
	case r.BackgroundTaskID == "" && !r.Interrupted:
		parts = append(parts, line("(no output)", width, st.Tool.Detail))
	}
	if r.Interrupted {
		parts = append(parts, st.Transcript.Interrupted.Render(Truncate("Interrupted", width)))
	}
	return joinBlocks(parts...)
}

// bashBackground is what a command sent to the background is doing. Its result
// is only a receipt, so, as for a background Agent, the caller's report on the
// task (running, or how it ended) stands in for it; without one it says the
// command was launched. The output file shows only expanded.
func bashBackground(c ToolCall, taskID string, width int, st *themes.Styles) string {
	status := line("Launched in background ("+taskID+")", width, st.Tool.Detail)
	if c.TaskStatus != "" {
		status = textBlock(c.TaskStatus, c.Expanded, width, st.Tool.TaskStatus, st)
	}
	if !c.Expanded {
		return status
	}
	return joinBlocks(status, outputFile(c.TaskLink, "", width, st))
}

func joinText(a, b string) string {
	if a == "" {
		return b
	}
	return a + "\n" + b
}

func joinDetail(a, b string) string {
	if a == "" {
		return b
	}
	if b == "" {
		return a
	}
	return a + " · " + b
}
