package render

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

var testWidths = []int{20, 40, 80, 120}

// assertWidth fails if any line of out is wider than width cells.
func assertWidth(t *testing.T, name, out string, width int) {
	t.Helper()
	for i, line := range strings.Split(out, "\n") {
		if w := ansi.StringWidth(line); w > width {
			t.Errorf("%s at width %d: line %d is %d cells: %q", name, width, i+1, w, line)
		}
	}
}

// assertOnlySGR fails if out holds any control character other than '\n'
// and the ESC that starts an SGR sequence ("\x1b[…m").
func assertOnlySGR(t *testing.T, name, out string) {
	t.Helper()
	for i := 0; i < len(out); i++ {
		c := out[i]
		switch {
		case c == 0x1b:
			j := i + 1
			if j >= len(out) || out[j] != '[' {
				t.Errorf("%s: ESC not starting a CSI at %d: %q", name, i, out[i:min(i+20, len(out))])
				return
			}
			j++
			for j < len(out) && (out[j] >= '0' && out[j] <= '9' || out[j] == ';' || out[j] == ':') {
				j++
			}
			if j >= len(out) || out[j] != 'm' {
				t.Errorf("%s: non-SGR sequence at %d: %q", name, i, out[i:min(j+1, len(out))])
				return
			}
			i = j
		case c < 0x20 && c != '\n', c == 0x7f:
			t.Errorf("%s: raw control %#x at %d", name, c, i)
			return
		}
	}
}

// assertNoPadding fails if a line ends in spaces: padding that shows
// nothing still costs bytes on every frame.
func assertNoPadding(t *testing.T, name, out string) {
	t.Helper()
	for i, line := range strings.Split(out, "\n") {
		if strings.HasSuffix(ansi.Strip(line), " ") {
			t.Errorf("%s: line %d ends in spaces: %q", name, i+1, line)
			return
		}
	}
}
