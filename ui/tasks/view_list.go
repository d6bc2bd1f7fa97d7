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

// listView draws the tasks that fit in h lines, the selected one among
// them, from the first task shown in the last frame if that keeps it in
// view. Only the tasks on screen are drawn. Fewer than h lines come back
// only when the whole list is shorter.
func (p *Pane) listView(tasks []Task, w, h int) []string {
	if h <= 0 || len(tasks) == 0 {
		return nil
	}
	now := p.store.Now()
	sel := max(p.selIndex(tasks), 0)
	drawn := map[int][]string{}
	draw := func(i int) []string {
		if l, ok := drawn[i]; ok {
			return l
		}
		drawn[i] = p.taskLines(tasks[i], i == sel, w, now)
		return drawn[i]
	}
	// collect is the lines from task top down, and whether the selected
	// task ends within h lines.
	collect := func(top int) (lines []string, selFits bool) {
		for i := top; i < len(tasks) && len(lines) < h; i++ {
			lines = append(lines, draw(i)...)
			if i == sel {
				selFits = len(lines) <= h
			}
		}
		return lines, selFits
	}

	top := min(max(p.listTop, 0), sel)
	lines, selFits := collect(top)
	if !selFits {
		// Bring the selected task up from the bottom edge.
		top, used := sel, len(draw(sel))
		for top > 0 && used+len(draw(top-1)) <= h {
			top--
			used += len(draw(top))
		}
		lines, _ = collect(top)
		p.listTop = top
		return lines[:min(h, len(lines))]
	}
	// The list ends early (tasks above were scrolled off): show more of them.
	for top > 0 && len(lines)+len(draw(top-1)) <= h {
		top--
		lines = append(append([]string(nil), draw(top)...), lines...)
	}
	p.listTop = top
	return lines[:min(h, len(lines))]
}

// taskLines draws one task: a header (state, description, elapsed time), a
// line of facts (type, tools, tokens, last tool), and what it is doing or
// how it ended.
func (p *Pane) taskLines(t Task, selected bool, w int, now time.Time) []string {
	st := p.theme.Get()
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
	head := lead + p.icon(t, now) + " " + title.Render(render.Truncate(describeTask(t), room))
	out := []string{spread(head, elapsed, w)}

	body := indent + "  "
	bodyW := max(w-leadW-2, 1)
	if facts := p.facts(t); facts != "" {
		out = append(out, body+st.Tool.Detail.Render(render.Truncate(facts, bodyW)))
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
	st := p.theme.Get()
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
	st := p.theme.Get()
	switch {
	case p.confirming == t.ID && t.Running():
		return []string{st.Tool.IconWaiting.Render(render.Truncate("Stop this task? y stop · n keep it", w))}
	case t.Running() && t.Stopping:
		return []string{st.Notice.Warning.Render(render.Truncate("stopping…", w))}
	case t.Running():
		if a := clean(t.Activity); a != "" && a != clean(t.Description) {
			return []string{st.Tool.Body.Render(render.Truncate(a, w))}
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
			out = append(out, st.Tool.Error.Render(render.Truncate(join("Failed", reason), w)))
		case StateStopped:
			out = append(out, st.Notice.Warning.Render(render.Truncate(join("Stopped", reason), w)))
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
		lines[n-1] = render.Truncate(lines[n-1]+" …", w)
	}
	return lines
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
