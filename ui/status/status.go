// Package status renders gclaude's one-line status bar: permission mode, turn progress,
// queued prompts, model, context use, cost, tokens and the working folder. It is a pure
// function of a State so the root can keep the state and render it anywhere.
package status

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// State is what the bar shows.
type State struct {
	Mode  string // permission mode as the CLI reports it
	Model string // as the CLI confirmed it
	CWD   string // already shortened for display
	// Replay is the playback segment of `gclaude replay` ("replay ▶ 1.0× 120/356"),
	// shown right after the mode; "" in a live session.
	Replay string
	// Title is the conversation's title (set with /rename, or the one a resumed
	// conversation had); it is cut to maxTitleWidth.
	Title string

	// Phase replaces the turn segment when the CLI is not usable: "starting claude…",
	// "claude exited · enter to restart".
	Phase      string
	PhaseError bool

	Running bool
	Elapsed time.Duration
	Spinner string // current spinner frame
	// InterruptHint is the key hint after the elapsed time ("esc to interrupt"); ""
	// while a dialog has esc.
	InterruptHint string
	Queued        int
	// TasksRunning is the number of subagents and background commands still running;
	// they can outlive the turn.
	TasksRunning int

	CostUSD    float64
	Tokens     int
	ContextPct float64 // 0–100
	HasUsage   bool    // cost and tokens are known
	HasContext bool    // ContextPct is known

	// Waiting is the sign that other sessions of the workspace wait for a decision.
	Waiting Waiting
}

// Waiting says how many decisions other sessions wait on, in which sessions, and the
// key that answers them: "⧗ 2 waiting: wt1, wt2 · alt+i". It outlives every other
// segment but the mode, giving up the names, then the key, before it goes.
type Waiting struct {
	Count    int
	Sessions string // their names, sanitised, one a line, the longest waiting first
	Key      string
}

// ModeLabel is how a permission mode is named in the bar.
func ModeLabel(mode string) string {
	switch mode {
	case protocol.ModeDefault, "":
		return "default"
	case protocol.ModeAcceptEdits:
		return "accept edits"
	case protocol.ModePlan:
		return "plan mode"
	case protocol.ModeBypassPermissions:
		return "bypass permissions"
	case protocol.ModeDontAsk:
		return "don't ask"
	case protocol.ModeAuto:
		return "auto"
	}
	return mode
}

// maxTitleWidth is as much of a conversation's title as the bar gives room to.
const maxTitleWidth = 32

type segment struct {
	text     string // styled
	priority int    // lower survives longer
	// shorter are what the segment becomes, in turn, instead of being dropped.
	shorter []segment
}

// Render draws the bar exactly width cells wide.
func Render(st State, width int, s *themes.Styles) string {
	if width <= 0 {
		return ""
	}
	sep := s.Status.Divider.Render(" " + s.Icons.StatusDivider + " ")
	var left, right []segment

	mode := ModeLabel(st.Mode)
	if st.Mode == protocol.ModeBypassPermissions {
		// A persistent, unmissable warning: every tool runs without asking.
		left = append(left, segment{text: s.Status.Error.Reverse(true).Render(" " + s.Icons.Warning + " " + strings.ToUpper(mode) + " "), priority: 0})
	} else {
		left = append(left, segment{text: s.Status.Accent.Render(mode), priority: 0})
	}
	if st.Replay != "" {
		left = append(left, segment{text: s.Status.Value.Render(" " + st.Replay), priority: 1})
	}
	switch {
	case st.Phase != "":
		style := s.Status.Warning
		if st.PhaseError {
			style = s.Status.Error
		}
		left = append(left, segment{text: style.Render(" " + st.Phase), priority: 1})
	case st.Running:
		text := FormatElapsed(st.Elapsed)
		if st.InterruptHint != "" {
			text += " · " + st.InterruptHint
		}
		left = append(left, segment{text: s.Status.Value.Render(" "+st.Spinner+" ") + s.Status.Key.Render(text), priority: 1})
	}
	if st.Queued > 0 {
		left = append(left, segment{text: s.Status.Key.Render(" · ") + s.Status.Warning.Render(fmt.Sprintf("%d queued", st.Queued)), priority: 2})
	}
	if n := st.TasksRunning; n > 0 {
		word := "tasks"
		if n == 1 {
			word = "task"
		}
		left = append(left, segment{text: s.Status.Key.Render(" · ") + s.Status.Value.Render(fmt.Sprintf("%d %s running", n, word)), priority: 2})
	}

	if st.Waiting.Count > 0 {
		left = append(left, waitingSegment(st.Waiting, s))
	}

	if t := strings.Join(strings.Fields(render.Sanitize(st.Title)), " "); t != "" {
		right = append(right, segment{text: s.Status.Value.Bold(true).Render(ansi.Truncate(t, maxTitleWidth, s.Icons.Ellipsis)), priority: 7})
	}
	if st.Model != "" {
		right = append(right, segment{text: s.Status.Value.Render(render.Sanitize(st.Model)), priority: 3})
	}
	if st.HasContext {
		style := s.Status.Value
		switch {
		case st.ContextPct >= 90:
			style = s.Status.Error
		case st.ContextPct >= 75:
			style = s.Status.Warning
		}
		right = append(right, segment{text: s.Status.Key.Render("ctx ") + style.Render(render.FormatPercent(st.ContextPct)), priority: 4})
	}
	if st.HasUsage {
		right = append(right, segment{text: s.Status.Value.Render(FormatCost(st.CostUSD)), priority: 5})
		right = append(right, segment{text: s.Status.Value.Render(render.FormatTokensCompact(st.Tokens)) + s.Status.Key.Render(" tok"), priority: 6})
	}
	if st.CWD != "" {
		right = append(right, segment{text: s.Status.Key.Render(render.Sanitize(st.CWD)), priority: 8})
	}

	// Drop the least important segments until the bar fits.
	for {
		l, r := join(left, ""), join(right, sep)
		gap := width - lipgloss.Width(l) - lipgloss.Width(r) - 1
		if gap >= 1 || (len(left) <= 1 && len(right) == 0) {
			line := l + s.Status.Bar.Render(strings.Repeat(" ", max(1, gap))) + r + s.Status.Bar.Render(" ")
			return fitBar(line, width, s)
		}
		if !dropLowest(&left, &right) {
			return fitBar(l, width, s)
		}
	}
}

func join(segs []segment, sep string) string {
	parts := make([]string, len(segs))
	for i, sg := range segs {
		parts[i] = sg.text
	}
	return strings.Join(parts, sep)
}

// maxWaitingName is as much of a session's name as the waiting sign gives room to.
const maxWaitingName = 20

// waitingSegment is the waiting sign with its shorter forms: fewer names, then none,
// then no key. The names give way with the queue's count, the key with the turn's
// segment; the count stays as long as the mode.
func waitingSegment(w Waiting, s *themes.Styles) segment {
	style := s.Status.Warning.Bold(true)
	count := fmt.Sprintf(" ⧗ %d waiting", w.Count)
	names := strings.Split(w.Sessions, "\n")
	for i, n := range names {
		names[i] = ansi.Truncate(render.Sanitize(n), maxWaitingName, s.Icons.Ellipsis)
	}
	key := ""
	if w.Key != "" {
		key = s.Status.Key.Render(" · " + w.Key)
	}
	var forms []segment
	for n := len(names); n > 0 && w.Sessions != ""; n-- {
		list := strings.Join(names[:n], ", ")
		if n < len(names) {
			list += ", " + s.Icons.Ellipsis
		}
		forms = append(forms, segment{text: style.Render(count+": ") + s.Status.Value.Render(list) + key, priority: 2})
	}
	if key != "" {
		forms = append(forms, segment{text: style.Render(count) + key, priority: 1})
	}
	forms = append(forms, segment{text: style.Render(count), priority: 0})
	first := forms[0]
	first.shorter = forms[1:]
	return first
}

// dropLowest removes the segment with the highest priority number, never the mode; a
// segment with a shorter form becomes that instead.
func dropLowest(left, right *[]segment) bool {
	worst, inLeft, idx := 0, false, -1
	for i, sg := range *left {
		if sg.priority > worst {
			worst, inLeft, idx = sg.priority, true, i
		}
	}
	for i, sg := range *right {
		if sg.priority > worst {
			worst, inLeft, idx = sg.priority, false, i
		}
	}
	if idx < 0 {
		return false
	}
	side := right
	if inLeft {
		side = left
	}
	if sg := &(*side)[idx]; len(sg.shorter) > 0 {
		next := sg.shorter[0]
		next.shorter = sg.shorter[1:]
		*sg = next
		return true
	}
	if inLeft {
		*left = append((*left)[:idx], (*left)[idx+1:]...)
	} else {
		*right = append((*right)[:idx], (*right)[idx+1:]...)
	}
	return true
}

// fitBar pads a status line to width with the bar's own background, or cuts it.
func fitBar(line string, width int, s *themes.Styles) string {
	w := lipgloss.Width(line)
	if w > width {
		return ansi.Truncate(line, width, "")
	}
	return line + s.Status.Bar.Render(strings.Repeat(" ", width-w))
}

// FormatElapsed renders a turn's running time: "7s", "1m05s", "1h02m".
func FormatElapsed(d time.Duration) string {
	d = d.Truncate(time.Second)
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
	default:
		return fmt.Sprintf("%dh%02dm", int(d.Hours()), int(d.Minutes())%60)
	}
}

// FormatCost renders dollars with enough digits to show that small sessions cost
// something.
func FormatCost(usd float64) string {
	if usd < 1 {
		return fmt.Sprintf("$%.4f", usd)
	}
	return fmt.Sprintf("$%.2f", usd)
}

// ShortenPath shows a path under home as ~/….
func ShortenPath(path, home string) string {
	if home == "" {
		return path
	}
	rel, err := filepath.Rel(home, path)
	if err != nil || strings.HasPrefix(rel, "..") {
		return path
	}
	if rel == "." {
		return "~"
	}
	return filepath.Join("~", rel)
}
