package render

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/themes"
)

// applyHunks rebuilds the new text from the old one and the hunks, the way
// patch does, to prove the hunks are right.
func applyHunks(t *testing.T, old string, hunks []Hunk) string {
	t.Helper()
	oldLines := strings.SplitAfter(old, "\n")
	if oldLines[len(oldLines)-1] == "" {
		oldLines = oldLines[:len(oldLines)-1]
	}
	var out strings.Builder
	next := 0 // index of the next old line not yet copied
	for _, h := range hunks {
		start := h.OldStart - 1
		if h.OldLines == 0 {
			start = h.OldStart // insertion after line OldStart
		}
		for ; next < start; next++ {
			out.WriteString(oldLines[next])
		}
		for i, l := range h.Lines {
			noEOL := i+1 < len(h.Lines) && strings.HasPrefix(h.Lines[i+1], `\`)
			nl := "\n"
			if noEOL {
				nl = ""
			}
			switch l[0] {
			case ' ':
				out.WriteString(l[1:] + nl)
				next++
			case '-':
				next++
			case '+':
				out.WriteString(l[1:] + nl)
			}
		}
	}
	for ; next < len(oldLines); next++ {
		out.WriteString(oldLines[next])
	}
	return out.String()
}

func TestComputeHunksRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	words := []string{"alpha", "beta", "gamma", "delta", "", "x"}
	text := func() string {
		var b strings.Builder
		for range r.IntN(25) {
			b.WriteString(words[r.IntN(len(words))])
			b.WriteByte('\n')
		}
		s := b.String()
		if r.IntN(4) == 0 {
			s = strings.TrimSuffix(s, "\n")
		}
		return s
	}
	for i := range 500 {
		old, new := text(), text()
		hunks := ComputeHunks(old, new)
		if got := applyHunks(t, old, hunks); got != new {
			t.Fatalf("case %d: applying hunks gave %q, want %q\nold %q\nhunks %+v", i, got, new, old, hunks)
		}
		for _, h := range hunks {
			add, rem := DiffStats([]Hunk{h})
			ctx := 0
			for _, l := range h.Lines {
				if l[0] == ' ' {
					ctx++
				}
			}
			if h.OldLines != rem+ctx || h.NewLines != add+ctx {
				t.Fatalf("case %d: hunk counts %+v do not match its lines", i, h)
			}
		}
	}
}

func TestComputeHunksMatchesCLIShape(t *testing.T) {
	// exp05a_edit: the CLI's structuredPatch for foo → bar.
	got := ComputeHunks("alpha\nfoo\nbaz\n", "alpha\nbar\nbaz\n")
	want := Hunk{OldStart: 1, OldLines: 3, NewStart: 1, NewLines: 3, Lines: []string{" alpha", "-foo", "+bar", " baz"}}
	if len(got) != 1 || !equalHunk(got[0], want) {
		t.Fatalf("ComputeHunks = %+v, want %+v", got, want)
	}
	if ComputeHunks("same\n", "same\n") != nil {
		t.Fatal("equal texts should give no hunks")
	}
}

func equalHunk(a, b Hunk) bool {
	return a.OldStart == b.OldStart && a.OldLines == b.OldLines && a.NewStart == b.NewStart &&
		a.NewLines == b.NewLines && strings.Join(a.Lines, "\n") == strings.Join(b.Lines, "\n")
}

func TestDiffLayout(t *testing.T) {
	st := themes.New(themes.Mono)
	hunks := []Hunk{{OldStart: 9, OldLines: 2, NewStart: 9, NewLines: 2, Lines: []string{" keep", "-old", "+new"}}}
	out := ansi.Strip(Diff(FileDiff{Path: "a/b.go", Hunks: hunks}, 40, st))
	want := strings.Join([]string{
		"a/b.go  +1 −1",
		" 9  9   keep",
		"10    - old",
		"   10 + new",
	}, "\n")
	if out != want {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
}

func TestDiffMaxLinesAndHeader(t *testing.T) {
	st := themes.New(themes.Mono)
	hunks := ComputeHunks("", strings.Repeat("line\n", 30))
	out := ansi.Strip(Diff(FileDiff{Path: "/very/long/directory/name/file.txt", Hunks: hunks, MaxLines: 5}, 30, st))
	lines := strings.Split(out, "\n")
	if len(lines) != 7 {
		t.Fatalf("want header, 5 lines and a marker; got %d lines:\n%s", len(lines), out)
	}
	if !strings.HasPrefix(lines[0], "…") || !strings.Contains(lines[0], "file.txt  +30 −0") {
		t.Errorf("header should keep the file name: %q", lines[0])
	}
	if lines[6] != "… 25 more lines" {
		t.Errorf("marker = %q", lines[6])
	}
}

func TestDiffSanitizesLines(t *testing.T) {
	out := DiffStrings("x", "a\n", "\x1b]0;evil\x07\n", 40, themes.New(themes.Dark))
	assertOnlySGR(t, "diff", out)
	if !strings.Contains(ansi.Strip(out), "␛]0;evil␇") {
		t.Fatalf("control characters not shown: %q", out)
	}
}
