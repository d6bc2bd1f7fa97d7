package transcript

import (
	"strings"
	"testing"

	"github.com/gclaude/gclaude/internal/benchdoc"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// restFromScratch is what answerRest drew before it rendered incrementally: the
// whole unprinted rest through render.Markdown, every frame.
func restFromScratch(m *testModel, rest string) []string {
	b := bulleter{started: true}
	var out []string
	for _, l := range splitRendered(render.Markdown(rest, max(m.contentWidth()-bulletWidth, 1), m.st)) {
		out = b.add(out, l, m.st)
	}
	return trimTrailingBlank(out)
}

// TestAnswerRestMatchesAFromScratchRender streams an answer while the printer moves
// its printed part forward from time to time, as inline mode does, and a resize and a
// theme change come in between: every frame's rest must be what rendering it from
// scratch draws.
func TestAnswerRestMatchesAFromScratchRender(t *testing.T) {
	m, _ := newTest(100, 30, themes.Dark)
	doc := benchdoc.Answer(9000, "END") + "Trailing *emphasis* and a line with a tab\tand CRLF\r\n"
	it := &textItem{sm: render.NewStreamingMarkdown(m.contentWidth()-bulletWidth, m.st)}
	m.items = append(m.items, it)
	printed := ""
	for i, k := 0, 0; i < len(doc); i, k = i+29, k+1 {
		it.sm.Append(doc[i:min(i+29, len(doc))])
		switch {
		case k%23 == 0:
			printed = it.sm.StableSource() // the printer took what has settled
		case k == 150:
			m.SetSize(80, 30)
		case k == 200:
			m.SetStyles(themes.New(themes.Light))
		}
		got := strings.Join(m.answerRest(0, printed), "\n")
		want := strings.Join(restFromScratch(m, it.sm.SourceFrom(len(printed))), "\n")
		if got != want {
			t.Fatalf("frame %d (printed %d bytes): the rest differs from a from-scratch render\n got: %q\nwant: %q", k, len(printed), got, want)
		}
	}
}
