package render

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

// toolHeader renders "icon Name(arg) · detail · 3s", dropping the detail
// and then shortening the argument when the line would be too wide.
func toolHeader(c ToolCall, v toolView, width int, st *themes.Styles) string {
	icon := stateIcon(c, st)
	name := st.Tool.Name.Render(Sanitize(v.name))
	arg := Sanitize(OneLine(v.arg))
	detail := Sanitize(OneLine(v.detail))
	var elapsed string
	if c.State == ToolRunning && c.Elapsed > 0 {
		elapsed = FormatDuration(c.Elapsed)
	}

	fixed := ansi.StringWidth(icon) + 1 + ansi.StringWidth(name)
	if elapsed != "" {
		fixed += 3 + ansi.StringWidth(elapsed)
	}
	argW := 0
	if arg != "" {
		argW = 2 + ansi.StringWidth(arg)
	}
	if detail != "" && fixed+argW+3+ansi.StringWidth(detail) > width {
		detail = ""
	}
	if arg != "" && fixed+argW > width {
		if v.argIsPath {
			arg = TruncateLeft(arg, max(width-fixed-2, 1))
		} else {
			arg = Truncate(arg, max(width-fixed-2, 1))
		}
	}

	var b strings.Builder
	b.WriteString(icon + " " + name)
	if arg != "" {
		b.WriteString(st.Tool.Detail.Render("(") + st.Tool.Arg.Render(arg) + st.Tool.Detail.Render(")"))
	}
	if detail != "" {
		b.WriteString(st.Tool.Detail.Render(" · " + detail))
	}
	if elapsed != "" {
		b.WriteString(st.Tool.Elapsed.Render(" · " + elapsed))
	}
	return Truncate(b.String(), width)
}

// stateIcon is the coloured glyph for the call's state.
func stateIcon(c ToolCall, st *themes.Styles) string {
	ic := st.Icons
	switch c.State {
	case ToolInputStreaming:
		return st.Tool.IconPending.Render(OrDefault(Sanitize(c.Spinner), ic.Pending))
	case ToolWaitingPermission:
		return st.Tool.IconWaiting.Render(ic.Waiting)
	case ToolRunning:
		return st.Tool.IconRunning.Render(OrDefault(Sanitize(c.Spinner), ic.Assistant))
	case ToolFailed:
		return st.Tool.IconFailed.Render(ic.Failed)
	case ToolDenied:
		return st.Tool.IconDenied.Render(ic.Denied)
	case ToolInterrupted:
		return st.Tool.IconInterrupted.Render(ic.Interrupted)
	}
	if c.Result != nil && c.Result.IsError {
		return st.Tool.IconFailed.Render(ic.Failed)
	}
	return st.Tool.IconDone.Render(ic.Done)
}

// textBlock shows untrusted text wrapped to width in one style; unless
// expanded, long text keeps its first and last lines around a "… N more
// lines" marker. It clips whole lines of the text, not
// wrapped rows, so the tail never starts with the second half of a line:
// collapsed, each tail line takes one row, and the head takes whole lines
// while they fit its rows.
func textBlock(text string, expanded bool, width int, style lipgloss.Style, st *themes.Styles) string {
	lines := splitLines(Sanitize(strings.TrimRight(text, "\n")))
	if len(lines) == 0 {
		return ""
	}
	if expanded {
		return styleRows(splitLines(wrap(strings.Join(lines, "\n"), width)), style)
	}
	top, bottom, hidden := clip(lines, collapsedHead, collapsedTail)
	budget := collapsedHead
	if hidden == 0 {
		budget = collapsedHead + collapsedTail + 1 // short text is shown whole when it fits
	}
	// A first line too long for the rows is shown cut and counted as hidden, so
	// the marker says there is more.
	var head []string
	kept := 0
	for _, l := range top {
		rows := splitLines(wrap(l, width))
		if len(rows) == 0 {
			rows = []string{""} // a blank line still takes a row
		}
		if len(head)+len(rows) > budget {
			if kept == 0 {
				head = rows[:budget]
			}
			break
		}
		head = append(head, rows...)
		kept++
	}
	hidden += len(top) - kept
	out := styleRows(head, style)
	if hidden > 0 {
		out += "\n" + moreLines(hidden, width, st)
	}
	for _, l := range bottom {
		out += "\n" + style.Render(Truncate(l, width))
	}
	return out
}

// styleRows renders rows in style, one per line.
func styleRows(rows []string, style lipgloss.Style) string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = style.Render(r)
	}
	return strings.Join(out, "\n")
}

// moreLines is the "… N more lines" marker.
func moreLines(n, width int, st *themes.Styles) string {
	return moreItems(n, "line", width, st)
}

// moreItems is the "… N more <noun>s" marker. It names no key: enter expands only
// while the transcript has focus, and the help line says so there.
func moreItems(n int, noun string, width int, st *themes.Styles) string {
	s := fmt.Sprintf("%s %d more %s", st.Icons.Ellipsis, n, Plural(n, noun))
	if ansi.StringWidth(s) > width {
		s = fmt.Sprintf("%s %d more", st.Icons.Ellipsis, n)
	}
	return st.Tool.Truncated.Render(Truncate(s, width))
}

// list is a column of items, one per row, cut to the width.
type list struct {
	items []string
	noun  string // "file", "result": for "… N more files"
	paths bool   // cut from the left, keeping file names
}

// render shows the items; unless expanded, only the first limit, then
// "… N more".
func (l list) render(expanded bool, limit, width int, style lipgloss.Style, st *themes.Styles) string {
	var out []string
	for i, it := range l.items {
		if !expanded && i == limit && len(l.items) > limit+1 {
			out = append(out, moreItems(len(l.items)-limit, l.noun, width, st))
			break
		}
		it = Sanitize(OneLine(it))
		if l.paths {
			it = TruncateLeft(it, width)
		}
		out = append(out, style.Render(Truncate(it, width)))
	}
	return strings.Join(out, "\n")
}

// joinBlocks joins non-empty rendered blocks with newlines.
func joinBlocks(blocks ...string) string {
	var keep []string
	for _, b := range blocks {
		if b != "" {
			keep = append(keep, b)
		}
	}
	return strings.Join(keep, "\n")
}

// para renders untrusted text on as many rows as it needs, each styled.
func para(text string, width int, style lipgloss.Style) string {
	return hangRows("", "", Sanitize(strings.TrimSpace(text)), width, style.Render)
}

// pathLine renders a path on one row, shortened from the left.
func pathLine(path string, width int, style lipgloss.Style) string {
	return style.Render(TruncateLeft(Sanitize(OneLine(path)), max(width, 1)))
}

// line renders one row of plain text, cut to the width.
func line(text string, width int, style lipgloss.Style) string {
	return style.Render(Truncate(Sanitize(OneLine(text)), width))
}

// FormatDuration is a short human duration: "0.4s", "12s", "3m 05s",
// "1h 02m".
func FormatDuration(d time.Duration) string {
	switch {
	case d < 10*time.Second:
		return fmt.Sprintf("%.1fs", d.Seconds())
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%dm %02ds", int(d.Minutes()), int(d.Seconds())%60)
	default:
		return fmt.Sprintf("%dh %02dm", int(d.Hours()), int(d.Minutes())%60)
	}
}

// decodeInput unmarshals a tool input that may be an unfinished JSON
// prefix while it streams; it fills what it can and reports success.
func decodeInput(raw json.RawMessage, v any) bool {
	if len(raw) == 0 {
		return false
	}
	if json.Unmarshal(raw, v) == nil {
		return true
	}
	fixed, ok := closePartialJSON(string(raw))
	return ok && json.Unmarshal([]byte(fixed), v) == nil
}

// toolResult decodes the call's structured result through the tool's typed
// result (protocol.DecodeToolUseResult); ok is false when there is none, or
// it is a plain string, or it does not fit the type.
func toolResult[T any](c ToolCall) (*T, bool) {
	if c.Result == nil {
		return nil, false
	}
	v, err := protocol.DecodeToolUseResult(c.Name, c.Result.Structured)
	r, ok := v.(*T)
	return r, ok && err == nil
}
