package transcript

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/internal/benchdoc"
	"github.com/gclaude/gclaude/themes"
)

// wholeRender is an answer's lines rendered from scratch.
func wholeRender(m *Model, text string) string {
	return strings.Join(newFinalText(text).render(m.contentWidth(), m.st), "\n")
}

// TestPrintedAnswersKeepTheirLinesWithinABudget streams long answers one after the
// other as inline mode does (drawn while they stream, printed when they end): the
// newest keep their wrapped lines for PgUp, the oldest beyond keptRenderBudget let
// them go, and every one still draws exactly as rendered from scratch.
func TestPrintedAnswersKeepTheirLinesWithinABudget(t *testing.T) {
	m, _ := newTest(100, 30, themes.Dark)
	doc := benchdoc.Answer(20_000, "END")
	want := wholeRender(m, doc)
	defer func(b int) { keptRenderBudget = b }(keptRenderBudget)
	keptRenderBudget = 3 * len(want)
	const answers = 8
	for n := range answers {
		it := newStreamingText(m.contentWidth(), m.st)
		m.items = append(m.items, it)
		for i := 0; i < len(doc); i += 1500 {
			it.append(doc[i:min(i+1500, len(doc))])
			if printed := it.sm.StableSource(); printed != "" {
				m.answerRest(n, printed) // a frame of the live part
			}
		}
		it.finish(doc)
		m.Scrollback(n, n+1, "")
	}
	var kept []bool
	for _, it := range m.items {
		kept = append(kept, it.(*textItem).kept.lines != nil)
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

// TestAnswerPrintedBeforeAFrameDrewItFinished ends an answer and prints it before any
// frame drew it finished: its streamed render is completed then, and it draws as
// rendered from scratch, also after a resize.
func TestAnswerPrintedBeforeAFrameDrewItFinished(t *testing.T) {
	m, _ := newTest(100, 30, themes.Dark)
	doc := benchdoc.Answer(5000, "END")
	it := newStreamingText(m.contentWidth(), m.st)
	m.items = append(m.items, it)
	it.append(doc[:len(doc)/2])
	m.answerRest(0, it.sm.StableSource())
	it.append(doc[len(doc)/2:])
	it.finish(doc)
	m.Scrollback(0, 1, "")
	if it.sm != nil || it.kept.lines == nil {
		t.Fatalf("after printing: streaming renderer kept %v, lines kept %v; want the lines completed and the renderer let go", it.sm != nil, it.kept.lines != nil)
	}
	if got, want := strings.Join(m.itemLines(0), "\n"), wholeRender(m, doc); got != want {
		t.Fatalf("the completed lines differ from a from-scratch render\n got: %q\nwant: %q", got, want)
	}
	m.SetSize(70, 30)
	if got, want := strings.Join(m.itemLines(0), "\n"), wholeRender(m, doc); got != want {
		t.Fatalf("resized: the lines differ from a from-scratch render")
	}
}
