package tasks

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
)

// spinnerFrames animate running tasks, one frame per spinnerStep.
var spinnerFrames = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

const spinnerStep = 100 * time.Millisecond

// summaryLines is how many lines a selected task's report may take.
const summaryLines = 4

// listLines draws every task for width w, and says where each task starts
// and which lines the selected task takes (from, to), to keep it on screen.
func (p *Pane) listLines(tasks []Task, w int) (lines []string, starts []int, from, to int) {
	now := p.store.Now()
	sel := p.selIndex(tasks)
	for i, t := range tasks {
		starts = append(starts, len(lines))
		if i == sel {
			from = len(lines)
		}
		lines = append(lines, p.taskLines(t, i == sel, w, now)...)
		if i == sel {
			to = len(lines)
		}
	}
	return lines, starts, from, to
}

// taskLines draws one task: a header (state, description, elapsed time), a
// line of facts (type, tools, tokens, last tool), and what it is doing or
// how it ended.
func (p *Pane) taskLines(t Task, selected bool, w int, now time.Time) []string {
	st := p.st
	indent := "  " + strings.Repeat("  ", max(t.Depth-1, 0))
	leadW := ansi.StringWidth(indent)
	lead := indent
	if selected && p.focused {
		lead = st.Dialog.ChoiceCursor.Render(st.Icons.SelectCursor) + indent[1:]
	}

	title := st.Tool.Name
	if selected && p.focused {
		title = st.Dialog.ChoiceSelected
	}
	elapsed := st.Tool.Elapsed.Render(render.FormatDuration(t.ElapsedAt(now)))
	room := max(w-leadW-2-ansi.StringWidth(elapsed)-1, 1)
	head := lead + p.icon(t, now) + " " + title.Render(truncate(describeTask(t), room))
	out := []string{spread(head, elapsed, w)}

	body := indent + "  "
	bodyW := max(w-leadW-2, 1)
	if facts := p.facts(t); facts != "" {
		out = append(out, body+st.Tool.Detail.Render(truncate(facts, bodyW)))
	}
	for _, l := range p.outcome(t, selected, bodyW) {
		out = append(out, body+l)
	}
	return out
}

// describeTask is the task's title: its description, else its prompt.
func describeTask(t Task) string {
	if d := clean(t.Description); d != "" {
		return d
	}
	if d := clean(t.Prompt); d != "" {
		return d
	}
	return "task " + clean(t.ID)
}

// icon is the task's state: a spinner while it runs.
func (p *Pane) icon(t Task, now time.Time) string {
	st := p.st
	switch t.State {
	case StateCompleted:
		return st.Tool.IconDone.Render(st.Icons.Done)
	case StateFailed:
		return st.Tool.IconFailed.Render(st.Icons.Failed)
	case StateStopped:
		return st.Tool.IconInterrupted.Render(st.Icons.Interrupted)
	}
	if t.Stopping {
		return st.Tool.IconWaiting.Render(st.Icons.Waiting)
	}
	frame := spinnerFrames[int(now.UnixMilli()/spinnerStep.Milliseconds())%len(spinnerFrames)]
	return st.Spinner.Render(frame)
}

// facts is "general-purpose · background · 3 tools · 2.1k tokens · Bash 12s".
func (p *Pane) facts(t Task) string {
	kind := clean(t.SubagentType)
	switch {
	case t.Kind == protocol.TaskLocalBash:
		kind = "shell"
	case kind == "" && t.IsAgent():
		kind = "subagent"
	}
	parts := []string{kind}
	if t.Backgrounded {
		parts = append(parts, "background")
	}
	parts = append(parts, p.store.counts(t)...)
	if t.Running() {
		parts = append(parts, p.store.toolNow(t))
	} else if t.IsAgent() {
		parts = append(parts, clean(t.LastTool))
	}
	return join(parts...)
}

// outcome is the task's last lines: the stop question, what it is doing,
// or how it ended. A selected task's report gets a few lines.
func (p *Pane) outcome(t Task, selected bool, w int) []string {
	st := p.st
	switch {
	case p.confirming == t.ID && t.Running():
		return []string{st.Tool.IconWaiting.Render(truncate("Stop this task? y stop · n keep it", w))}
	case t.Running() && t.Stopping:
		return []string{st.Notice.Warning.Render(truncate("stopping…", w))}
	case t.Running():
		if a := clean(t.Activity); a != "" && a != clean(t.Description) {
			return []string{st.Tool.Body.Render(truncate(a, w))}
		}
		return nil
	}
	summary := strings.TrimSpace(render.Sanitize(t.Summary))
	if clean(summary) == clean(t.Description) {
		summary = "" // a shell task's "summary" is its description
	}
	var out []string
	// The icon says failed or stopped; the word comes with a reason, or
	// alone when nothing else would explain the icon.
	if reason := clean(t.Error); reason != "" || summary == "" {
		switch t.State {
		case StateFailed:
			out = append(out, st.Tool.Error.Render(truncate(join("Failed", reason), w)))
		case StateStopped:
			out = append(out, st.Notice.Warning.Render(truncate(join("Stopped", reason), w)))
		}
	}
	if summary == "" {
		return out
	}
	n := 1
	if selected {
		n = summaryLines
	}
	for _, l := range wrapLines(summary, w, n) {
		out = append(out, st.Text.Render(l))
	}
	return out
}

// wrapLines wraps text to width w in at most n lines; a cut shows "…".
func wrapLines(text string, w, n int) []string {
	var lines []string
	for _, para := range strings.Split(text, "\n") {
		if para = strings.Join(strings.Fields(para), " "); para == "" {
			continue
		}
		lines = append(lines, strings.Split(ansi.Wrap(para, w, ""), "\n")...)
	}
	if len(lines) > n {
		lines = lines[:n]
		lines[n-1] = truncate(lines[n-1]+" …", w)
	}
	return lines
}

// truncate cuts plain text to w cells with an ellipsis.
func truncate(s string, w int) string {
	if w <= 0 {
		return ""
	}
	return ansi.Truncate(s, w, "…")
}

// spread puts right at the end of a line of width w, after left.
func spread(left, right string, w int) string {
	gap := w - ansi.StringWidth(left) - ansi.StringWidth(right)
	if gap < 1 {
		return ansi.Truncate(left, w, "")
	}
	return left + strings.Repeat(" ", gap) + right
}

// counts of tasks by state for the title: "1 running · 2 done".
func (p *Pane) tally(tasks []Task) string {
	var running, done, failed, stopped int
	for _, t := range tasks {
		switch t.State {
		case StateRunning:
			if !t.Ambient {
				running++
			}
		case StateCompleted:
			done++
		case StateFailed:
			failed++
		case StateStopped:
			stopped++
		}
	}
	var parts []string
	for _, c := range []struct {
		n    int
		word string
	}{{running, "running"}, {done, "done"}, {failed, "failed"}, {stopped, "stopped"}} {
		if c.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", c.n, c.word))
		}
	}
	return join(parts...)
}
