package render

import (
	"testing"

	"github.com/gclaude/gclaude/themes"
)

// The markdown benchmarks render a whole 100 KB answer once per op, at the
// transcript's usual width, by the path render takes (fast, with glamour
// for what it cannot do) and by glamour alone.

// Cold benchmarks empty the caches of glamour pieces and highlighted code
// before every render; warm ones (the final render of a streamed answer,
// whose pieces were all rendered while it streamed) keep them.
func benchmarkMarkdown(b *testing.B, src string, glamourOnly bool) {
	benchmarkMarkdownCache(b, src, glamourOnly, false)
}

func benchmarkMarkdownCache(b *testing.B, src string, glamourOnly, warm bool) {
	r := markdownRenderer(116, themes.New(themes.Dark))
	in := joinListParagraphs(Sanitize(src))
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		if !warm {
			highlightCache.reset()
			tableCache.reset()
			if r.pieces != nil {
				r.pieces.reset()
			}
		}
		var err error
		if glamourOnly {
			_, err = r.glamour(in)
		} else {
			_, err = r.convert(in)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMarkdown100KB(b *testing.B)        { benchmarkMarkdown(b, benchAnswer(100_000), false) }
func BenchmarkMarkdown100KBGlamour(b *testing.B) { benchmarkMarkdown(b, benchAnswer(100_000), true) }
func BenchmarkMarkdownLong100KB(b *testing.B)    { benchmarkMarkdown(b, longAnswer(100_000), false) }
func BenchmarkMarkdownLong100KBGlamour(b *testing.B) {
	benchmarkMarkdown(b, longAnswer(100_000), true)
}

func BenchmarkMarkdown100KBWarm(b *testing.B) {
	benchmarkMarkdownCache(b, benchAnswer(100_000), false, true)
}

// BenchmarkMarkdownFull100KB is the whole public call on the bench-live
// answer: sanitize, render (caches warm), SanitizeRendered, fitLines.
func BenchmarkMarkdownFull100KB(b *testing.B) {
	st := themes.New(themes.Dark)
	src := benchAnswer(100_000)
	Markdown(src, 116, st)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		Markdown(src, 116, st)
	}
}
