package render

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/themes"
)

// TestStableRenderCutsWhereThePrintedPartEnds streams random documents and, whenever
// the stable boundary moves, asks for the render cut there: it must be the start of
// the view's stable part, and the view after it (blank edge lines aside) must be the
// rest rendered alone, which is what inline mode's live part shows.
func TestStableRenderCutsWhereThePrintedPartEnds(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	st := themes.New(themes.Dark)
	cuts := 0
	for i := range 150 {
		doc := randomDoc(r, 5+r.IntN(30))
		width := []int{20, 40, 80}[r.IntN(3)]
		m := NewStreamingMarkdown(width, st)
		printed := 0
		for pos := 0; pos < len(doc); {
			end := min(pos+1+r.IntN(12), len(doc))
			m.Append(doc[pos:end])
			pos = end
			if b := len(m.StableSource()); b > printed && r.IntN(2) == 0 {
				printed = b
			}
			if printed == 0 {
				continue
			}
			cut, ok := m.StableRender(printed)
			if !ok {
				continue
			}
			cuts++
			stable, tail := m.Parts()
			if !strings.HasPrefix(stable, cut) {
				t.Fatalf("doc %d: the cut is not the start of the stable part\ncut: %q\nstable: %q", i, cut, stable)
			}
			got := trimBlankEdges(stable[len(cut):] + tail)
			if want := Markdown(m.SourceFrom(printed), width, st); got != want {
				t.Fatalf("doc %d, cut at %d: the view after the cut is not the rest rendered alone\ndoc: %q\n got: %q\nwant: %q", i, printed, doc, got, want)
			}
		}
	}
	if cuts == 0 {
		t.Fatal("no cut was found")
	}
}
