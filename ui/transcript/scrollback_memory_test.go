package transcript

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/internal/benchdoc"
	"github.com/gclaude/gclaude/themes"
)

// wholeRender is an answer's lines rendered from scratch.
func wholeRender(m *testModel, text string) string {
	return strings.Join(newFinalText(text).render(m.contentWidth(), m.st), "\n")
}

// TestPrintedAnswersKeepTheirLinesWithinABudget prints answers one after the other as
// inline mode does, each drawn in place first (PgUp, the transcript browser): the
// newest keep their wrapped lines, the oldest beyond keptRenderBudget let them go, and
// every one still draws exactly as rendered from scratch.
func TestPrintedAnswersKeepTheirLinesWithinABudget(t *testing.T) {
	m, _ := newTest(100, 30, themes.Dark)
	doc := benchdoc.Answer(20_000, "END")
	want := wholeRender(m, doc)
	defer func(b int) { keptRenderBudget = b }(keptRenderBudget)
	keptRenderBudget = 3 * len(want)
	const answers = 8
	for n := range answers {
		m.items = append(m.items, newFinalText(doc))
		m.itemLines(n) // drawn in place
		m.Scrollback(n, n+1, "")
	}
	m.Scrollback(answers, answers, "") // the next print: everything before is out of the live part
	var kept []bool
	for _, it := range m.items {
		kept = append(kept, it.base().cache.valid)
	}
	// The newest three are within the budget and the one that passes it is counted
	// whole; the rest let go.
	if wantKept := []bool{false, false, false, false, true, true, true, true}; fmt.Sprint(kept) != fmt.Sprint(wantKept) {
		t.Fatalf("answers keeping their lines: %v, want %v", kept, wantKept)
	}
	for i := range m.items {
		if got := strings.Join(m.itemLines(i), "\n"); got != want {
			t.Fatalf("answer %d draws differently from a from-scratch render", i)
		}
	}
}

// TestPrintedAnswerLetsItsStreamingRendererGo streams an answer that inline mode never
// draws whole (only its unprinted rest): once printed it lets its streaming renderer
// go, and draws as rendered from scratch.
func TestPrintedAnswerLetsItsStreamingRendererGo(t *testing.T) {
	m, _ := newTest(100, 30, themes.Dark)
	doc := benchdoc.Answer(5000, "END")
	it := newStreamingText()
	m.items = append(m.items, it)
	it.append(doc[:len(doc)/2])
	stable, _ := m.StreamingStable(0) // what the printer takes
	m.answerRest(0, stable)
	it.append(doc[len(doc)/2:])
	it.finish(doc)
	m.Scrollback(0, 1, "")
	m.Scrollback(1, 1, "")
	if it.sm != nil || it.rest.sm != nil {
		t.Fatalf("after printing: streaming renderer kept %v, the live part's %v; want both let go", it.sm != nil, it.rest.sm != nil)
	}
	if got, want := strings.Join(m.itemLines(0), "\n"), wholeRender(m, doc); got != want {
		t.Fatalf("the answer draws differently from a from-scratch render\n got: %q\nwant: %q", got, want)
	}
}
