package render

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

// Hunk is one hunk of a unified diff: the CLI's structuredPatch entry
// (protocol.Hunk). Lines start with ' ' (context), '-' (removed), '+'
// (added) or '\' ("\ No newline at end of file").
type Hunk = protocol.Hunk

// FileDiff is a diff of one file, ready to render.
type FileDiff struct {
	Path  string // shown in the header with the +N −M counts
	Hunks []Hunk
	// MaxLines limits the diff lines shown (0: all); the rest is
	// summarised as "… N more lines".
	MaxLines int
	// Truncate cuts long lines at the width instead of wrapping them.
	Truncate bool
	// HideHeader leaves out the "path +N −M" line.
	HideHeader bool
	// NoNumbers leaves out the line-number gutter, for diffs of snippets
	// whose position in the file is unknown.
	NoNumbers bool
}

// DiffStats counts added and removed lines.
func DiffStats(hunks []Hunk) (added, removed int) {
	for _, h := range hunks {
		for _, l := range h.Lines {
			if l == "" {
				continue
			}
			switch l[0] {
			case '+':
				added++
			case '-':
				removed++
			}
		}
	}
	return added, removed
}

// Diff renders a coloured unified diff with old and new line numbers in a
// gutter, no line wider than width.
func Diff(d FileDiff, width int, st *themes.Styles) string {
	width = max(width, 1)
	var out []string
	if !d.HideHeader {
		out = append(out, diffHeader(d.Path, d.Hunks, width, st))
	}
	g := newGutter(d.Hunks, width, !d.NoNumbers)
	shown := 0
	total := 0
	for _, h := range d.Hunks {
		total += len(h.Lines)
	}
	for hi, h := range d.Hunks {
		if hi > 0 {
			out = append(out, st.Diff.Hunk.Render(Truncate(strings.Repeat(" ", g.numWidth)+"⋮", width)))
		}
		oldN, newN := h.OldStart, h.NewStart
		for _, raw := range h.Lines {
			if d.MaxLines > 0 && shown >= d.MaxLines {
				more := fmt.Sprintf("… %d more %s", total-shown, Plural(total-shown, "line"))
				out = append(out, st.Tool.Truncated.Render(Truncate(more, width)))
				return clamp(strings.Join(out, "\n"), width)
			}
			shown++
			kind, text := byte(' '), ""
			if raw != "" {
				kind, text = raw[0], raw[1:]
			}
			switch kind {
			case '-':
				out = append(out, g.line(strconv.Itoa(oldN), "", '-', text, d.Truncate, st)...)
				oldN++
			case '+':
				out = append(out, g.line("", strconv.Itoa(newN), '+', text, d.Truncate, st)...)
				newN++
			case '\\':
				out = append(out, st.Diff.NoNewline.Render(Truncate(strings.Repeat(" ", g.numWidth)+" "+Sanitize(strings.TrimSpace(text)), width)))
			default:
				out = append(out, g.line(strconv.Itoa(oldN), strconv.Itoa(newN), ' ', text, d.Truncate, st)...)
				oldN++
				newN++
			}
		}
	}
	return clamp(strings.Join(out, "\n"), width)
}

// diffHeader is "path  +N −M", the path shortened from the left to fit.
func diffHeader(path string, hunks []Hunk, width int, st *themes.Styles) string {
	add, rem := DiffStats(hunks)
	stats := st.Diff.Added.Render(fmt.Sprintf("+%d", add)) + " " + st.Diff.Removed.Render(fmt.Sprintf("−%d", rem))
	sw := ansi.StringWidth(stats)
	if path == "" || sw+2 >= width {
		return Truncate(stats, width)
	}
	p := TruncateLeft(Sanitize(OneLine(path)), width-sw-2)
	return st.Diff.Path.Render(p) + "  " + stats
}

// gutter lays out "old new ± text" lines.
type gutter struct {
	numWidth  int // digits of the widest line number
	textWidth int // cells left for the line text
	width     int
}

func newGutter(hunks []Hunk, width int, numbers bool) gutter {
	if !numbers {
		return gutter{numWidth: 0, textWidth: max(width-2, 1), width: width}
	}
	maxN := 1
	for _, h := range hunks {
		maxN = max(maxN, h.OldStart+h.OldLines, h.NewStart+h.NewLines)
	}
	nw := len(strconv.Itoa(maxN))
	// old + ' ' + new + ' ' + marker + ' '
	return gutter{numWidth: nw, textWidth: max(width-(2*nw+4), 1), width: width}
}

// line renders one diff line, wrapped (or truncated) into gutter rows.
func (g gutter) line(oldN, newN string, kind byte, text string, cut bool, st *themes.Styles) []string {
	numStyle, textStyle, marker := st.Diff.LineNumber, st.Diff.Context, " "
	switch kind {
	case '-':
		numStyle, textStyle, marker = st.Diff.LineNumberRemove, st.Diff.Remove, "-"
	case '+':
		numStyle, textStyle, marker = st.Diff.LineNumberAdd, st.Diff.Add, "+"
	}
	text = Sanitize(text)
	var rows []string
	if cut {
		rows = []string{Truncate(text, g.textWidth)}
	} else {
		rows = strings.Split(ansi.Hardwrap(text, g.textWidth, true), "\n")
	}
	// Added and removed lines get a full-width band (pointless without colour).
	fill := kind != ' ' && st.Kind != themes.Mono
	out := make([]string, len(rows))
	for i, r := range rows {
		o, n, m := oldN, newN, marker
		if i > 0 {
			o, n, m = "", "", " "
		}
		nums := fmt.Sprintf("%*s %*s", g.numWidth, o, g.numWidth, n)
		if g.numWidth == 0 || g.width < 2*g.numWidth+4 {
			nums = "" // no numbers, or too narrow for a gutter
		}
		sep := 0
		if nums != "" {
			sep = 1
		}
		body := m + " " + r
		if fill {
			body = textStyle.Width(max(g.width-ansi.StringWidth(nums)-sep, 1)).Render(body)
		} else {
			body = textStyle.Render(strings.TrimRight(body, " "))
		}
		row := numStyle.Render(nums)
		if body != "" {
			if sep > 0 {
				row += numStyle.Render(" ")
			}
			row += body
		}
		out[i] = Truncate(row, g.width)
	}
	return out
}
