package render

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// wrap word-wraps s (which may hold ANSI styling) so no line is wider than
// width, breaking inside words that alone are too long.
func wrap(s string, width int) string {
	width = max(width, 1)
	return lipgloss.Wrap(s, width, "")
}

// hang wraps body to the width left after a prefix and puts first before the
// first line and rest before every following line.
func hang(first, rest, body string, width int) string {
	pw := max(ansi.StringWidth(first), ansi.StringWidth(rest))
	inner := max(width-pw, 1)
	lines := strings.Split(wrap(body, inner), "\n")
	var b strings.Builder
	for i, l := range lines {
		if i > 0 {
			b.WriteByte('\n')
			b.WriteString(rest)
		} else {
			b.WriteString(first)
		}
		b.WriteString(l)
	}
	return b.String()
}

// splitLines splits text into lines, dropping one trailing newline so
// "a\nb\n" is two lines, not three.
func splitLines(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// clip keeps the first head and last tail of lines when there are more
// than head+tail+1 of them, returning how many were left out in between.
func clip(lines []string, head, tail int) (top, bottom []string, hidden int) {
	if len(lines) <= head+tail+1 {
		return lines, nil, 0
	}
	return lines[:head], lines[len(lines)-tail:], len(lines) - head - tail
}

// clamp cuts every line of s to at most width cells. Renderers lay out to
// the width themselves; this is the guarantee for widths too small for
// their layout (a terminal a few cells wide while it is resized).
func clamp(s string, width int) string {
	width = max(width, 1)
	if !strings.Contains(s, "\n") {
		return ansi.Truncate(s, width, "")
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if ansi.StringWidth(l) > width {
			lines[i] = ansi.Truncate(l, width, "")
		}
	}
	return strings.Join(lines, "\n")
}
