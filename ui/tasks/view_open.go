package tasks

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/transcript"
)

// minOpenWidth is the narrowest an open transcript is drawn; open tasks
// that do not fit side by side are cycled with ].
const minOpenWidth = 38

// openTasks are the open tasks the store still knows.
func (p *Pane) openTasks() (tasks []Task, active int) {
	active = -1
	for i, id := range p.open {
		if t, ok := p.store.Task(id); ok {
			if i == p.active {
				active = len(tasks)
			}
			tasks = append(tasks, t)
		}
	}
	return tasks, max(active, 0)
}

// openLines draws the open tasks' transcripts in w×h: side by side as many
// as fit, the active one always among them. Each has a header line.
func (p *Pane) openLines(w, h int) []string {
	tasks, active := p.openTasks()
	if len(tasks) == 0 || h <= 0 {
		return nil
	}
	n := min(len(tasks), max((w+1)/(minOpenWidth+1), 1))
	first := min(active, len(tasks)-n)
	colW := (w - (n - 1)) / n
	sep := p.theme.Get().Rule.Render("│")

	out := make([]string, h)
	for c := range n {
		cw := colW
		if c == n-1 {
			cw = w - (n-1)*(colW+1) // the last column takes the remainder
		}
		i := first + c
		col := p.openColumn(tasks[i], i == active, i+1, len(tasks), n < len(tasks), cw, h)
		for r := range h {
			if c > 0 {
				out[r] += sep
			}
			if c < n-1 {
				out[r] += render.Pad(col[r], cw)
			} else {
				out[r] += col[r]
			}
		}
	}
	return out
}

// openColumn is one open task: a header, then its transcript, exactly h
// lines of at most w cells.
func (p *Pane) openColumn(t Task, active bool, pos, total int, cycling bool, w, h int) []string {
	out := []string{p.openHeader(t, active, pos, total, cycling, w)}
	body := h - 1
	if body <= 0 {
		return out[:h]
	}
	var lines []string
	if sub := p.subTranscript(t); sub != nil {
		sub.SetSize(w, body)
		lines = strings.Split(sub.View(), "\n")
	} else {
		lines = p.placeholder(t, w)
	}
	for i := range body {
		l := ""
		if i < len(lines) {
			l = lines[i]
		}
		out = append(out, l)
	}
	return out
}

// openHeader is "── ✓ general-purpose · List work files ──── 1/2 ─".
func (p *Pane) openHeader(t Task, active bool, pos, total int, cycling bool, w int) string {
	st := p.theme.Get()
	label := st.Tool.Name
	if active && p.focused {
		label = st.Accent
	}
	kind := clean(t.SubagentType)
	if t.Kind == protocol.TaskLocalBash {
		kind = "shell"
	}
	right := ""
	if cycling {
		right = " " + strconv.Itoa(pos) + "/" + strconv.Itoa(total) + " " + st.Rule.Render("─")
	}
	lead := st.Rule.Render("── ") + p.icon(t, p.store.Now()) + " "
	room := w - ansi.StringWidth(lead) - ansi.StringWidth(right) - 2 // a space and one rule at least
	text := label.Render(render.Truncate(join(kind, describeTask(t)), max(room, 1)))
	line := lead + text + " "
	fill := w - ansi.StringWidth(line) - ansi.StringWidth(right)
	if fill < 0 {
		return ansi.Truncate(line, w, "")
	}
	return line + st.Rule.Render(strings.Repeat("─", fill)) + right
}

// subTranscript is the pane's view showing t's subagent, if it has one yet.
func (p *Pane) subTranscript(t Task) *transcript.View {
	if p.tr == nil {
		return nil
	}
	sub := p.tr.SubTranscript(t.ToolUseID)
	if sub == nil {
		return nil
	}
	p.view.Show(sub)
	p.view.SetStyles(p.theme.Get())
	return p.view
}

// placeholder stands in for a transcript the task does not have: a shell
// command shows its output in the main transcript.
func (p *Pane) placeholder(t Task, w int) []string {
	st := p.theme.Get()
	var text []string
	switch {
	case t.Kind == protocol.TaskLocalBash:
		text = append(text, "A shell command; its output shows on its Bash call in the transcript.")
	case t.Running():
		text = append(text, "No messages from this subagent yet.")
	default:
		text = append(text, "This subagent sent no messages.")
	}
	if t.OutputFile != "" {
		text = append(text, "Output: "+clean(t.OutputFile))
	}
	var out []string
	for _, s := range text {
		for _, l := range wrapLines(s, max(w-2, 1), 3) {
			out = append(out, "  "+st.Muted.Render(l))
		}
	}
	return out
}
