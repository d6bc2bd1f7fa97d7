package render

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/gclaude/gclaude/themes"
)

var goldenWidths = []int{40, 80, 120}

var goldenThemes = []themes.Kind{themes.Dark, themes.Light, themes.Mono}

// TestGolden renders every fixture at widths 40, 80 and 120 into one file
// per fixture and theme (testdata/TestGolden/<fixture>/<theme>.golden).
// lipgloss v2 always writes full 24-bit colour; the terminal's profile is
// applied later, by Bubble Tea's output. So dark and light goldens hold
// TrueColor sequences and are stable on any machine, and mono shows the
// NO_COLOR rendering. View them with cat; update with -update.
func TestGolden(t *testing.T) {
	for _, name := range fixtureNames() {
		for _, kind := range goldenThemes {
			t.Run(name+"/"+kind.String(), func(t *testing.T) {
				st := themes.New(kind)
				var b strings.Builder
				for _, w := range goldenWidths {
					fmt.Fprintf(&b, "── width %d %s\n", w, strings.Repeat("─", max(w-12, 0)))
					b.WriteString(fixtures[name](w, st))
					b.WriteString("\n")
				}
				golden.RequireEqual(t, b.String())
			})
		}
	}
}

// TestWidth checks that no renderer writes a line wider than its width.
func TestWidth(t *testing.T) {
	for _, name := range fixtureNames() {
		for _, kind := range goldenThemes {
			st := themes.New(kind)
			for _, w := range testWidths {
				out := fixtures[name](w, st)
				assertWidth(t, name+"/"+kind.String(), out, w)
				if strings.HasSuffix(out, "\n") || strings.HasPrefix(out, "\n") {
					t.Errorf("%s/%v at %d: blank edge line", name, kind, w)
				}
				if kind == themes.Mono {
					assertNoPadding(t, name, out)
				}
			}
		}
	}
}

// TestNoRawControls checks that untrusted text in every fixture is
// neutralised: the only escape sequences left are our own SGR styling.
func TestNoRawControls(t *testing.T) {
	for _, name := range fixtureNames() {
		for _, w := range testWidths {
			out := fixtures[name](w, themes.New(themes.Mono))
			assertOnlySGR(t, name, out)
		}
	}
}

func fixtureNames() []string {
	names := make([]string, 0, len(fixtures))
	for n := range fixtures {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
