package tasks

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/render"
)

// WideMin is the terminal width from which the root should draw the pane
// beside the transcript (View) rather than as an overlay (Overlay).
const WideMin = 140

// Wide reports whether a terminal of this width has room for the side pane.
func Wide(width int) bool { return width >= WideMin }

// PreferredWidth is the side pane's width on a terminal total cells wide:
// a third for the list, half once a task is open (two open transcripts
// then fit side by side at 160 columns).
func (p *Pane) PreferredWidth(total int) int {
	if len(p.open) == 0 {
		return min(max(total*3/10, 36), 60, total)
	}
	return min(max(total/2, minOpenWidth+2), total)
}

// View draws the side pane in exactly height lines of at most width cells:
// a rule down its left edge, the title, the tasks, the open transcripts,
// and the keys while it has focus. It sizes the open subagent transcripts
// (SetSize) to the room they get, and keeps the list's scroll position.
func (p *Pane) View(width, height int) string {
	if width <= 0 || height <= 0 {
		return ""
	}
	edge := p.theme.Get().Rule.Render("│")
	cw := max(width-2, 1)
	rows := []string{p.title(cw)}
	bodyH := height - 1
	if p.focused {
		bodyH--
	}
	rows = append(rows, p.body(cw, max(bodyH, 0))...)
	if p.focused {
		rows = append(rows, p.theme.Get().Help.Desc.Render(render.Truncate(p.hint(), cw)))
	}
	rows = rows[:height]
	for i, r := range rows {
		if r != "" {
			r = " " + r
		}
		rows[i] = ansi.Truncate(edge+r, width, "")
	}
	return strings.Join(rows, "\n")
}

// Overlay draws the pane as a box of exactly width×height cells, the title
// in its top border and the keys in its bottom one, for the root to draw
// over the transcript on narrow terminals. It is always drawn focused.
func (p *Pane) Overlay(width, height int) string {
	if width < 5 || height < 3 {
		return p.View(width, height)
	}
	focused := p.focused
	p.focused = true
	defer func() { p.focused = focused }()

	border := lipgloss.NewStyle().Foreground(p.theme.Get().Palette.Primary)
	inner := width - 4
	rows := []string{p.borderLine("╭", "╮", p.title(width-6), width, border)}
	for _, r := range p.body(inner, height-2) {
		rows = append(rows, border.Render("│")+" "+render.Pad(r, inner)+" "+border.Render("│"))
	}
	hint := p.theme.Get().Help.Desc.Render(render.Truncate(p.hint(), width-6))
	rows = append(rows, p.borderLine("╰", "╯", hint, width, border))
	return strings.Join(rows, "\n")
}

// borderLine is a horizontal border with text set in it: "╭─ text ───╮".
func (p *Pane) borderLine(left, right, text string, width int, border lipgloss.Style) string {
	lead := border.Render(left + "─")
	mid := " " + text + " "
	fill := width - 2 - ansi.StringWidth(mid) - 1
	if fill < 0 {
		return border.Render(left + strings.Repeat("─", width-2) + right)
	}
	return lead + mid + border.Render(strings.Repeat("─", fill)+right)
}

// title is "Tasks · 1 running · 2 done".
func (p *Pane) title(w int) string {
	st := p.theme.Get()
	t := st.Dialog.Title.Render("Tasks")
	if tally := p.tally(p.store.Tasks()); tally != "" {
		t += st.Muted.Render(render.Truncate(" · "+tally, max(w-5, 0)))
	}
	return ansi.Truncate(t, w, "")
}

// body is the list and, below it, the open transcripts: exactly h lines of
// at most w cells (not padded).
func (p *Pane) body(w, h int) []string {
	out := make([]string, 0, h)
	tasks := p.store.Tasks()
	if len(tasks) == 0 {
		for _, l := range wrapLines("No tasks yet. Subagents and long shell commands show here while they run.", max(w-2, 1), max(h, 1)) {
			out = append(out, "  "+p.theme.Get().Muted.Render(l))
		}
		return fill(out, h)
	}
	if open, _ := p.openTasks(); len(open) > 0 {
		// The list gets a third, or less when it is shorter; the open
		// transcripts the rest.
		list := p.listView(tasks, w, min(max(3, h/3), h))
		out = append(out, list...)
		return fill(append(out, p.openLines(w, h-len(list))...), h)
	}
	return fill(append(out, p.listView(tasks, w, h)...), h)
}

// hint is the keys that work now.
func (p *Pane) hint() string {
	if p.confirming != "" {
		return "y stop · n keep it running"
	}
	k := p.keys.Tasks
	if p.store.Len() == 0 {
		return helpKey(k.Close) + " close"
	}
	parts := []string{helpKey(k.Up) + helpKey(k.Down) + " select", helpKey(k.Open) + " open"}
	if t, ok := p.store.Task(p.Selected()); ok && t.Running() && !t.Stopping {
		parts = append(parts, helpKey(k.Stop)+" stop")
	}
	if len(p.open) > 1 {
		parts = append(parts, helpKey(k.Cycle)+" next open")
	}
	if len(p.open) > 0 {
		parts = append(parts, helpKey(p.keys.Global.PageUp)+"/"+helpKey(p.keys.Global.PageDown)+" scroll", helpKey(k.Close)+" close task")
	} else {
		parts = append(parts, helpKey(k.Close)+" close")
	}
	return strings.Join(parts, " · ")
}

// helpKey is the first key a binding's help names ("↑" of "↑/k").
func helpKey(b key.Binding) string {
	k, _, _ := strings.Cut(b.Help().Key, "/")
	return k
}

// fill pads lines with empty ones to exactly h.
func fill(lines []string, h int) []string {
	for len(lines) < h {
		lines = append(lines, "")
	}
	return lines[:h]
}

// Beside joins the main transcript's view (left, leftWidth cells wide) and
// the side pane's view line by line, padding the transcript's lines so the
// pane starts in the same column on every row.
func Beside(left string, leftWidth int, right string) string {
	ls, rs := strings.Split(left, "\n"), strings.Split(right, "\n")
	n := max(len(ls), len(rs))
	out := make([]string, n)
	for i := range n {
		var l, r string
		if i < len(ls) {
			l = ls[i]
		}
		if i < len(rs) {
			r = rs[i]
		}
		out[i] = render.Pad(l, leftWidth) + r
	}
	return strings.Join(out, "\n")
}
