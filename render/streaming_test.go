package render

import (
	"strings"
	"testing"

	"github.com/gclaude/gclaude/themes"
)

// stream feeds text in pieces of size n, calling View every `every` pieces.
func stream(m *StreamingMarkdown, text string, n, every int) {
	for i, k := 0, 0; i < len(text); i, k = i+n, k+1 {
		m.Append(text[i:min(i+n, len(text))])
		if every > 0 && k%every == 0 {
			_ = m.View()
		}
	}
}

func TestStreamingFinalEqualsFromScratch(t *testing.T) {
	for _, kind := range []themes.Kind{themes.Dark, themes.Light, themes.Mono} {
		st := themes.New(kind)
		for name, doc := range markdownCorpus {
			for _, width := range []int{20, 40, 80} {
				for _, n := range []int{1, 3, 7, 64} {
					m := NewStreamingMarkdown(width, st)
					stream(m, doc, n, 1)
					want := Markdown(doc, width, st)
					if got := m.View(); got != want {
						t.Errorf("%v/%s/w%d/n%d: streamed view differs from a from-scratch render\n got: %q\nwant: %q", kind, name, width, n, got, want)
					}
					if got := m.Final(); got != want {
						t.Errorf("%v/%s/w%d/n%d: Final differs from a from-scratch render", kind, name, width, n)
					}
				}
			}
		}
	}
}

func TestStreamingLongAnswerUsesCache(t *testing.T) {
	st := themes.New(themes.Dark)
	doc := longAnswer(20_000)
	m := NewStreamingMarkdown(80, st)
	stream(m, doc, 5, 50)
	if m.stable < len(doc)/2 {
		t.Fatalf("only %d of %d bytes were committed to the stable cache", m.stable, len(doc))
	}
	if got, want := m.View(), Markdown(doc, 80, st); got != want {
		t.Fatal("streamed view differs from a from-scratch render")
	}
}

func TestStreamingWidthChange(t *testing.T) {
	st := themes.New(themes.Dark)
	doc := markdownCorpus["paragraphs"] + "\n\n" + markdownCorpus["code"]
	m := NewStreamingMarkdown(80, st)
	stream(m, doc[:len(doc)/2], 4, 1)
	m.SetWidth(30)
	stream(m, doc[len(doc)/2:], 4, 1)
	if got, want := m.View(), Markdown(doc, 30, st); got != want {
		t.Fatalf("after resize the view differs from a render at the new width\n got: %q\nwant: %q", got, want)
	}
	m.SetStyles(themes.New(themes.Light))
	if got, want := m.View(), Markdown(doc, 30, m.st); got != want {
		t.Fatal("after a theme change the view differs from a render in the new theme")
	}
}

func TestStreamingSanitizes(t *testing.T) {
	m := NewStreamingMarkdown(40, themes.New(themes.Mono))
	for _, piece := range []string{"a\x1b", "]0;x\x07 b\r", "\nc\xe4", "\xb8\x96d\n"} {
		m.Append(piece)
		v := m.View()
		if strings.ContainsAny(v, "\x07\r") || strings.Contains(v, "\x1b]") {
			t.Fatalf("raw control reached the view: %q", v)
		}
	}
	if got := m.View(); !strings.Contains(got, "␛]0;x␇ b") || !strings.Contains(got, "c世d") {
		t.Fatalf("view = %q", got)
	}
}

func TestMarkdownWidth(t *testing.T) {
	for _, kind := range []themes.Kind{themes.Dark, themes.Light, themes.Mono} {
		st := themes.New(kind)
		for name, doc := range markdownCorpus {
			for _, w := range testWidths {
				assertWidth(t, kind.String()+"/"+name, Markdown(doc, w, st), w)
			}
		}
	}
}

// benchmarkStream streams a long answer in 5-byte deltas and renders after
// every 50, with Parts (as the transcript does) or with View (which also
// joins the cached part to the tail: a copy of the whole answer per frame).
func benchmarkStream(b *testing.B, size int, view bool) {
	st := themes.New(themes.Dark)
	doc := longAnswer(size)
	_ = Markdown("warm up", 100, st) // build the glamour renderer outside the loop
	b.SetBytes(int64(len(doc)))
	b.ResetTimer()
	for b.Loop() {
		m := NewStreamingMarkdown(100, st)
		for i, k := 0, 0; i < len(doc); i, k = i+5, k+1 {
			m.Append(doc[i:min(i+5, len(doc))])
			if k%50 == 0 {
				if view {
					_ = m.View()
				} else {
					_, _ = m.Parts()
				}
			}
		}
		_ = m.Final()
	}
}

// The 100 KB answer must cost at most 5× the 20 KB one: a frame costs the
// size of the unfinished tail, not of the whole answer.
func BenchmarkStream20KB(b *testing.B)      { benchmarkStream(b, 20_000, false) }
func BenchmarkStream100KB(b *testing.B)     { benchmarkStream(b, 100_000, false) }
func BenchmarkStreamView20KB(b *testing.B)  { benchmarkStream(b, 20_000, true) }
func BenchmarkStreamView100KB(b *testing.B) { benchmarkStream(b, 100_000, true) }
