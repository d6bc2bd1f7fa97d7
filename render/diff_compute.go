package render

import (
	"strings"

	"github.com/aymanbagabas/go-udiff"

	"github.com/gclaude/gclaude/themes"
)

// diffContext is the number of unchanged lines shown around a change.
const diffContext = 3

// ComputeHunks diffs two texts line by line into hunks like the CLI's
// structuredPatch, with three lines of context.
func ComputeHunks(old, new string) []Hunk {
	if old == new {
		return nil
	}
	u, err := udiff.ToUnifiedDiff("a", "b", old, udiff.Lines(old, new), diffContext)
	if err != nil {
		return nil
	}
	hunks := make([]Hunk, 0, len(u.Hunks))
	for _, uh := range u.Hunks {
		h := Hunk{OldStart: uh.FromLine, NewStart: uh.ToLine}
		for _, l := range uh.Lines {
			var mark byte
			switch l.Kind {
			case udiff.Delete:
				mark = '-'
				h.OldLines++
			case udiff.Insert:
				mark = '+'
				h.NewLines++
			default:
				mark = ' '
				h.OldLines++
				h.NewLines++
			}
			h.Lines = append(h.Lines, string(mark)+strings.TrimSuffix(l.Content, "\n"))
			if !strings.HasSuffix(l.Content, "\n") {
				h.Lines = append(h.Lines, `\ No newline at end of file`)
			}
		}
		// An empty side starts at line 0, as in diff -u.
		if h.OldLines == 0 {
			h.OldStart--
		}
		if h.NewLines == 0 {
			h.NewStart--
		}
		hunks = append(hunks, h)
	}
	return hunks
}

// DiffStrings renders the diff between two versions of a file, e.g. to
// preview an Edit or Write before approving it.
func DiffStrings(path, old, new string, width int, st *themes.Styles) string {
	return Diff(FileDiff{Path: path, Hunks: ComputeHunks(old, new)}, width, st)
}
