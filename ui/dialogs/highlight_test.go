package dialogs

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/themes"
)

// A command is shown exactly: joining the laid-out lines gives back every character,
// spaces included, and no line is wider than asked.
func TestLayoutSpansKeepsEveryCharacter(t *testing.T) {
	cmds := []string{
		"touch /home/dev/project/x",
		`echo "a    b"  &&  ls -la | grep   '\.go$'   # comment`,
		"for f in *.txt; do\n  wc -l \"$f\"\ndone",
		"printf '日本語のテキスト %s\\n' 😀😀😀 wide",
		strings.Repeat("x", 200),
		"",
	}
	st := themes.New(themes.Dark)
	for _, cmd := range cmds {
		for _, w := range []int{1, 2, 5, 13, 40, 80} {
			lines := layoutSpans(shellSpans(cmd, st), w)
			var rebuilt []string
			for _, l := range lines {
				if lw := ansi.StringWidth(l); lw > w && w > 1 {
					t.Errorf("%q at %d: line %q is %d wide", cmd, w, ansi.Strip(l), lw)
				}
				rebuilt = append(rebuilt, ansi.Strip(l))
			}
			got := strings.Join(rebuilt, "")
			if want := strings.ReplaceAll(cmd, "\n", ""); got != want {
				t.Errorf("%q at width %d came back as %q", cmd, w, got)
			}
		}
	}
}
