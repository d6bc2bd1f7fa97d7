package render

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// The text helpers every package shares. All widths are terminal cells; s may carry
// ANSI styling.

// Plural is word with an "s" unless n is 1.
func Plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// Truncate cuts s to at most width cells, ending it with "…" when cut.
func Truncate(s string, width int) string {
	if width <= 0 {
		return ""
	}
	if ansi.StringWidth(s) <= width {
		return s
	}
	return ansi.Truncate(s, width, "…")
}

// TruncateLeft keeps the end of s, starting it with "…" when cut: of a path, the file
// name matters more than the folders above it.
func TruncateLeft(s string, width int) string {
	if ansi.StringWidth(s) <= width {
		return s
	}
	if width <= 1 {
		return Truncate("…", width)
	}
	return "…" + ansi.TruncateLeft(s, ansi.StringWidth(s)-(width-1), "")
}

// Pad makes one line exactly width cells: cut (without an ellipsis) when wider, filled
// with spaces when narrower.
func Pad(line string, width int) string {
	width = max(width, 0)
	w := visibleWidth(line) // every frame pads every row: the shortcut matters
	if w > width {
		// A wide character cut in half is dropped whole, so fill again after cutting.
		line = ansi.Truncate(line, width, "")
		w = ansi.StringWidth(line)
	}
	return line + strings.Repeat(" ", width-w)
}

// OneLine collapses text onto a single line: line breaks become "⏎" so a multi-line
// command still reads as one.
func OneLine(s string) string {
	s = strings.TrimSpace(s)
	if !strings.Contains(s, "\n") {
		return s
	}
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", " ⏎ ")), " ")
}

// OrDefault is s, or def when s is empty.
func OrDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
