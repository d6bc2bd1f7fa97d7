package statusline

import (
	"strings"

	"github.com/gclaude/gclaude/render"
)

// MaxRows is as many of the command's lines as are shown: the transcript keeps its room.
const MaxRows = 3

// sanitizeLines makes the command's output safe to print: its colours (SGR) stay, any
// other escape or control character is shown as a picture (render.SanitizeRendered).
func sanitizeLines(lines []string) []string {
	if len(lines) > MaxRows {
		lines = lines[:MaxRows]
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = render.SanitizeRendered(l)
	}
	return out
}

// Rows is how many rows the line takes under the prompt (0: nothing to show).
func (l *Line) Rows() int {
	if !l.on {
		return 0
	}
	return len(l.text)
}

// View is the status line at width: each line after the setting's padding, cut to
// fit, its colours reset at its end so none leaks into the next row.
func (l *Line) View(width int) string {
	if l.Rows() == 0 {
		return ""
	}
	pad := strings.Repeat(" ", min(l.cfg.Padding, max(0, width-1)))
	rows := make([]string, len(l.text))
	for i, t := range l.text {
		rows[i] = render.Pad(pad+t, width)
		if strings.Contains(t, "\x1b") {
			rows[i] += "\x1b[m"
		}
	}
	return strings.Join(rows, "\n")
}
