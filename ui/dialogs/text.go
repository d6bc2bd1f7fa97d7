package dialogs

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/render"
)

// Text helpers. Everything that came from the CLI, the model or a file goes through
// clean or oneLine before it is styled (ARCHITECTURE rule 4).

// clean makes untrusted text printable; newlines are kept.
func clean(s string) string { return render.Sanitize(s) }

// oneLine makes untrusted text printable on one line: line breaks become "⏎".
func oneLine(s string) string { return render.OneLine(clean(s)) }

// wrapLines wraps s (which may carry styling) to width and splits it into lines.
func wrapLines(s string, width int) []string {
	if s == "" {
		return []string{""}
	}
	return strings.Split(lipgloss.Wrap(s, max(width, 1), ""), "\n")
}

// styledWrap wraps plain text to width and styles every line.
func styledWrap(s string, width int, st lipgloss.Style) []string {
	lines := wrapLines(s, width)
	for i, l := range lines {
		lines[i] = st.Render(l)
	}
	return lines
}

// hanging wraps s to width, the first line after first and the others after an
// indent as wide as first.
func hanging(first, s string, width int) []string {
	w := ansi.StringWidth(first)
	lines := wrapLines(s, width-w)
	pad := strings.Repeat(" ", w)
	for i := range lines {
		if i == 0 {
			lines[i] = first + lines[i]
		} else {
			lines[i] = pad + lines[i]
		}
	}
	return lines
}

// spread puts left and right on one line of width cells, cutting left if needed.
func spread(left, right string, width int) string {
	rw := ansi.StringWidth(right)
	if right == "" || rw+2 > width {
		return render.Truncate(left, width)
	}
	left = render.Truncate(left, width-rw-2)
	gap := width - ansi.StringWidth(left) - rw
	return left + strings.Repeat(" ", gap) + right
}
