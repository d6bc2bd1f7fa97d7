package transcript

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/internal/benchdoc"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// restFromScratch is what answerRest drew before it rendered incrementally: the
// whole unprinted rest through render.Markdown, every frame.
func restFromScratch(m *Model, rest string) []string {
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
	printed, fast, frames := "", 0, 0
	for i, k := 0, 0; i < len(doc); i, k = i+29, k+1 {
		it.append(doc[i:min(i+29, len(doc))]) // as the reducer does: the version moves
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
		if printed != "" {
			frames++
			if it.rest.sm == nil {
				fast++ // the item's own lines served the frame
			}
		}
	}
	if fast != frames {
		t.Fatalf("the item's own lines served %d of %d frames: the rest was rendered apart again", fast, frames)
	}
}

// restLines are the kinds of lines TestAnswerRestRandomDocuments builds answers from:
// block openers and continuations that could make the rest rendered alone differ from
// the item's own lines after the printed part.
var restLines = []string{
	"", "", "", "",
	"Plain paragraph text that is long enough to wrap at narrow widths, really.",
	"short line", "# Heading", "## Sub heading", "===", "---", "***",
	"- item", "* item", "1. first", "2) second", "10. tenth",
	"  continued item text", "    indented code", "\tTab indented",
	"> quote", ">", "> > nested quote",
	"```", "```go", "~~~", "  ```", "- ```", "1. <!--", "  -->",
	"| a | b |", "|---|---|", "| 1 | 2 |",
	"<!-- comment", "-->", "<div>", "</div>",
	"[ref]: https://example.com", "see [ref] and [text][ref]",
	"- [ ] task", "**bold** _em_ `code` ~~strike~~ https://auto.link",
	"Term", ": definition", "tab\there", "crlf line\r",
}

// TestAnswerRestRandomDocuments streams random answers in random pieces while the
// printer takes what has settled at random moments, then finishes them (sometimes with
// a different final text, as when the CLI's final block differs from the preview):
// every frame's rest must be what rendering the rest alone draws, whether the item's own
// lines served it or not.
func TestAnswerRestRandomDocuments(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	styles := []*themes.Styles{themes.New(themes.Dark), themes.New(themes.Light)}
	fast, frames := 0, 0
	for n := range 100 {
		m, _ := newTest([]int{30, 60, 100}[r.IntN(3)], 30, themes.Dark)
		m.SetStyles(styles[r.IntN(2)])
		var b strings.Builder
		for range 5 + r.IntN(40) {
			b.WriteString(restLines[r.IntN(len(restLines))] + "\n")
		}
		doc := b.String()
		it := newStreamingText(m.contentWidth(), m.st)
		m.items = append(m.items, it)
		printed := ""
		check := func(stage string, rest string) {
			t.Helper()
			frames++
			got := strings.Join(m.answerRest(0, printed), "\n")
			if it.rest.sm == nil {
				fast++
			}
			if want := strings.Join(restFromScratch(m, rest), "\n"); got != want {
				t.Fatalf("doc %d, %s (printed %d bytes): the rest differs from a from-scratch render\ndoc: %q\n got: %q\nwant: %q", n, stage, len(printed), doc, got, want)
			}
		}
		for pos := 0; pos < len(doc); {
			end := min(pos+1+r.IntN(20), len(doc))
			it.append(doc[pos:end])
			pos = end
			if r.IntN(3) == 0 {
				printed = it.sm.StableSource()
			}
			if printed != "" {
				check("streaming", it.sm.SourceFrom(len(printed)))
			}
		}
		final := doc
		if r.IntN(4) == 0 {
			final += "A last paragraph the preview did not have.\n"
		}
		it.finish(final)
		if full := render.Sanitize(final); printed != "" && strings.HasPrefix(full, printed) {
			check("finished", full[len(printed):])
		}
	}
	if fast == 0 || fast == frames {
		t.Fatalf("the item's own lines served %d of %d frames: both paths must be exercised", fast, frames)
	}
	t.Logf("the item's own lines served %d of %d frames", fast, frames)
}

// TestAnswerRestAfterResizeThemeAndNewText holds the printed part still while the width
// grows and shrinks, the theme changes and the final text differs from the streamed one:
// where the printed part ends in the item's lines must be found again each time, never
// taken from before.
func TestAnswerRestAfterResizeThemeAndNewText(t *testing.T) {
	m, _ := newTest(100, 30, themes.Dark)
	doc := benchdoc.Answer(6000, "END")
	it := newStreamingText(m.contentWidth(), m.st)
	m.items = append(m.items, it)
	it.append(doc[:len(doc)/2])
	printed := it.sm.StableSource()
	check := func(stage, rest string) {
		t.Helper()
		got := strings.Join(m.answerRest(0, printed), "\n")
		if want := strings.Join(restFromScratch(m, rest), "\n"); got != want {
			t.Fatalf("%s: the rest differs from a from-scratch render\n got: %q\nwant: %q", stage, got, want)
		}
		if it.rest.sm != nil {
			t.Fatalf("%s: the rest was rendered apart, not taken from the item's lines", stage)
		}
	}
	check("streaming", it.sm.SourceFrom(len(printed)))
	for _, w := range []int{60, 140, 100} {
		m.SetSize(w, 30)
		check(fmt.Sprintf("width %d", w), it.sm.SourceFrom(len(printed)))
	}
	for _, k := range []themes.Kind{themes.Light, themes.Dark} {
		m.SetStyles(themes.New(k))
		check("theme change", it.sm.SourceFrom(len(printed)))
	}
	it.append(doc[len(doc)/2:])
	it.finish(doc)
	check("finished", render.Sanitize(doc)[len(printed):])
	m.SetSize(70, 30) // the finished answer renders from scratch: the rest is rendered apart
	got := strings.Join(m.answerRest(0, printed), "\n")
	if want := strings.Join(restFromScratch(m, render.Sanitize(doc)[len(printed):]), "\n"); got != want {
		t.Fatalf("finished, resized: the rest differs\n got: %q\nwant: %q", got, want)
	}

	// A final text that is not what streamed: the streamed render's lines are let go.
	it2 := newStreamingText(m.contentWidth(), m.st)
	m.items = []item{it2}
	it2.append(doc[:len(doc)/2])
	printed = it2.sm.StableSource()
	m.answerRest(0, printed)
	final := printed + "A different ending, *longer* than what streamed, in a paragraph of its own.\n"
	it2.finish(final)
	got = strings.Join(m.answerRest(0, printed), "\n")
	if want := strings.Join(restFromScratch(m, final[len(printed):]), "\n"); got != want {
		t.Fatalf("final text differs: the rest differs from a from-scratch render\n got: %q\nwant: %q", got, want)
	}

	// A link reference definition in the last text makes the whole answer render at
	// once, links resolved: the printed part may end elsewhere in its lines now.
	it3 := newStreamingText(m.contentWidth(), m.st)
	m.items = []item{it3}
	linked := "See [the notes][n] for why, a sentence long enough to wrap at this width once the link shows.\n\n" + doc[:len(doc)/2]
	it3.append(linked)
	printed = it3.sm.StableSource()
	m.answerRest(0, printed)
	final = linked + "\n[n]: https://example.com/a/rather/long/address/for/the/notes\n"
	it3.append(final[len(linked):])
	it3.finish(final)
	m.heightOf(0) // a page-up before the next frame renders it whole
	got = strings.Join(m.answerRest(0, printed), "\n")
	if want := strings.Join(restFromScratch(m, render.Sanitize(final)[len(printed):]), "\n"); got != want {
		t.Fatalf("link definition at the end: the rest differs from a from-scratch render\n got: %q\nwant: %q", got, want)
	}
}
