package render

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/charmbracelet/x/ansi"
)

// DisplayProblem says why rendered text (styled with SGR, perhaps holding
// OSC 8 hyperlinks) could act on the terminal or desynchronise the screen,
// or returns "" when it cannot: an escape other than SGR and OSC 8, a control
// character other than '\n', an invisible or width-disputed character, or a
// grapheme cluster that lipgloss and the terminal measure differently. Tests
// of every path that prints untrusted text check their output with it.
func DisplayProblem(s string) string {
	var plain strings.Builder
	for i := 0; i < len(s); {
		if s[i] == 0x1b {
			n, kind, _ := escapeAt(s[i:])
			if kind == escNone {
				return fmt.Sprintf("escape sequence at byte %d: %q", i, s[i:min(i+16, len(s))])
			}
			i += n
			continue
		}
		plain.WriteByte(s[i])
		i++
	}
	text := plain.String()
	for i, r := range text {
		switch {
		case r == '\n':
		case r < 0x20, r >= 0x7f && r < 0xa0:
			return fmt.Sprintf("control %U at byte %d", r, i)
		case r == unicode.ReplacementChar && !strings.HasPrefix(text[i:], "\uFFFD"):
			return fmt.Sprintf("invalid UTF-8 at byte %d", i)
		case r >= 0xa0 && unicode.Is(markedRunes, r):
			return fmt.Sprintf("invisible or width-disputed %U at byte %d", r, i)
		}
	}
	for line := range strings.SplitSeq(text, "\n") {
		for rest := line; rest != ""; {
			cluster, g := ansi.FirstGraphemeCluster(rest, ansi.GraphemeWidth)
			if cluster == "" {
				break
			}
			rest = rest[len(cluster):]
			wc := ansi.StringWidthWc(cluster)
			switch {
			case wc == 0:
				return fmt.Sprintf("zero-width cluster %q in line %q", cluster, line)
			case g > wc, g < wc && !complexScript(cluster):
				return fmt.Sprintf("cluster %q is %d cells to lipgloss, %d to the terminal, in line %q", cluster, g, wc, line)
			}
		}
	}
	return ""
}
