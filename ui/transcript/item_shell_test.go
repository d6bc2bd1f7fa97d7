package transcript

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/themes"
)

// A `!` command shows "running…" until it ends, then its output through the sanitizer,
// cut to shellCollapsedLines until expanded.
func TestShellItem(t *testing.T) {
	m, _ := newTest(60, 40, themes.Dark)
	id := m.AddShell("seq 20")
	s := m.items[len(m.items)-1].(*shellItem)
	st := themes.New(themes.Dark)
	if got := ansi.Strip(strings.Join(s.render(60, st), "\n")); !strings.Contains(got, "! seq 20") || !strings.Contains(got, "running…") {
		t.Fatalf("running:\n%s", got)
	}
	var out strings.Builder
	for i := 1; i <= 20; i++ {
		fmt.Fprintf(&out, "line %d\n", i)
	}
	m.FinishShell(id, ShellResult{Stdout: out.String(), Stderr: "\x1b]0;pwned\x07", ExitCode: 2})
	got := ansi.Strip(strings.Join(s.render(60, st), "\n"))
	for _, want := range []string{"line 10", "… 11 more lines", "exit code 2"} {
		if !strings.Contains(got, want) {
			t.Errorf("finished lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "line 11") || strings.Contains(got, "running") {
		t.Errorf("collapsed shows too much:\n%s", got)
	}
	s.expanded = true
	got = strings.Join(s.render(60, st), "\n")
	if !strings.Contains(ansi.Strip(got), "line 20") || !strings.Contains(ansi.Strip(got), "␛]0;pwned") || strings.Contains(got, "\x1b]0;") {
		t.Errorf("expanded (raw):\n%q", got)
	}
}
