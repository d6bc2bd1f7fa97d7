package render

import (
	"strings"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

func init() { registerTool(planView, protocol.ToolExitPlanMode) }

// planView shows the plan as markdown: in full while it waits for
// approval, clipped once decided unless expanded.
func planView(c ToolCall, st *themes.Styles) toolView {
	var in protocol.ExitPlanModeInput
	decodeInput(c.Input, &in)
	v := toolView{name: "Plan"}
	plan := in.Plan
	if r, ok := toolResult[protocol.ExitPlanModeResult](c); ok {
		if r.Plan != nil && *r.Plan != "" {
			plan = *r.Plan
		}
		v.arg = r.FilePath
	}
	switch {
	case c.State == ToolWaitingPermission:
		v.detail = "awaiting approval"
	case c.State == ToolDone && c.Result != nil && !c.Result.IsError:
		v.detail = "approved"
	}
	if strings.TrimSpace(plan) == "" {
		return v
	}
	full := c.Expanded || c.Result == nil
	v.body = func(width int) string {
		return clipRendered(Markdown(plan, width, st), full, width, st)
	}
	return v
}

// clipRendered keeps the first and last rows of already rendered text
// around a "… N more lines" marker, unless full.
func clipRendered(s string, full bool, width int, st *themes.Styles) string {
	if full {
		return s
	}
	top, bottom, hidden := clip(strings.Split(s, "\n"), 2*collapsedHead, collapsedTail)
	if hidden == 0 {
		return s
	}
	return strings.Join(top, "\n") + "\n" + moreLines(hidden, width, st) + "\n" + strings.Join(bottom, "\n")
}
