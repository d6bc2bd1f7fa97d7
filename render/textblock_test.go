package render

import (
	"strings"
	"testing"

	"charm.land/lipgloss/v2"

	"github.com/gclaude/gclaude/themes"
)

func TestTextBlockClipsWholeLines(t *testing.T) {
	st := themes.New(themes.Mono)
	long := "7   " + strings.Repeat("word ", 20) + "TAIL-END"
	text := strings.Join([]string{"1 a", "2 b", "", "4 d", "5 e", "6 f", long, "8 h", "9 i", "10 j"}, "\n")
	out := textBlock(text, false, 40, lipgloss.NewStyle(), st)
	rows := strings.Split(out, "\n")
	// Head: five whole lines (the blank one included); marker; tail: one row per line.
	want := []string{"1 a", "2 b", "", "4 d", "5 e"}
	for i, w := range want {
		if rows[i] != w {
			t.Fatalf("row %d = %q, want %q\n%s", i, rows[i], w, out)
		}
	}
	if !strings.Contains(rows[5], "2 more lines") {
		t.Errorf("marker = %q, want 2 more lines (6 and 7)", rows[5])
	}
	if len(rows) != 9 || rows[6] != "8 h" || rows[8] != "10 j" {
		t.Errorf("tail rows = %q, want the last three whole lines", rows[6:])
	}
	if strings.Contains(out, "TAIL-END") {
		t.Errorf("a wrapped line's continuation leaked into the tail:\n%s", out)
	}
}

func TestTextBlockLongLineInTheTailTakesOneRow(t *testing.T) {
	st := themes.New(themes.Mono)
	lines := []string{"1", "2", "3", "4", "5", "6", "7", "8 " + strings.Repeat("x", 100), "9", "10"}
	out := textBlock(strings.Join(lines, "\n"), false, 30, lipgloss.NewStyle(), st)
	rows := strings.Split(out, "\n")
	if len(rows) != 9 || !strings.HasPrefix(rows[6], "8 xxx") || rows[7] != "9" {
		t.Errorf("rows = %q", rows)
	}
}

func TestTextBlockShortTextWrapsWhole(t *testing.T) {
	st := themes.New(themes.Mono)
	out := textBlock("one line that wraps onto a second row", false, 20, lipgloss.NewStyle(), st)
	if strings.Contains(out, "more") || !strings.Contains(out, "second") {
		t.Errorf("short text should show whole:\n%s", out)
	}
	huge := strings.Repeat("y", 20*30)
	out = textBlock(huge, false, 20, lipgloss.NewStyle(), st)
	if rows := strings.Split(out, "\n"); len(rows) != 10 || !strings.Contains(rows[9], "1 more") {
		t.Errorf("one huge line: %d rows, last %q", len(rows), rows[len(rows)-1])
	}
}
