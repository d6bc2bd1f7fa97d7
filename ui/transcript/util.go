package transcript

import "github.com/charmbracelet/x/ansi"

// clip cuts s to width cells, ending it with "…" when cut.
func clip(s string, width int) string {
	if width <= 0 {
		return ""
	}
	return ansi.Truncate(s, width, "…")
}
