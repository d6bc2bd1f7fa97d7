package render

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/internal/benchdoc"
	"github.com/gclaude/gclaude/themes"
)

// The differential tests hold the fast markdown path to glamour's output,
// byte for byte, before any post-processing: a document the fast path
// accepts must render exactly as glamour renders it.

var (
	diffWidths = []int{10, 20, 40, 79, 116, 200}
	diffThemes = []themes.Kind{themes.Dark, themes.Light, themes.Mono}
)

// fastStats counts the documents and bytes that took the fast path.
type fastStats struct{ docs, fastDocs, bytes, fastBytes int }

func (s fastStats) String() string {
	return fmt.Sprintf("fast path: %d of %d documents (wholly or in part), %d of %d bytes (%.1f%%)",
		s.fastDocs, s.docs, s.fastBytes, s.bytes, 100*float64(s.fastBytes)/float64(max(s.bytes, 1)))
}

// checkFast renders in (already prepared as render prepares it) both ways
// and fails on any difference. It reports whether the fast path took it.
func checkFast(t testing.TB, name string, in string, r *mdRenderer, stats *fastStats) bool {
	t.Helper()
	got, ok, slow, _ := fastRenderWhy(in, r.cfg, r.wrap, chromaFormatter, r.glamour)
	if stats != nil {
		stats.docs++
		stats.bytes += len(in)
		if ok {
			stats.fastDocs++
			stats.fastBytes += len(in) - slow
		}
	}
	if !ok {
		return false
	}
	want, err := r.glamour(in)
	if err != nil {
		t.Errorf("%s: glamour failed (%v) where the fast path rendered", name, err)
		return true
	}
	if got != want {
		t.Errorf("%s (width %d): fast output differs from glamour\ninput: %q\n%s", name, r.width, in, firstDiff(want, got))
	}
	return true
}

// checkAll checks src as a whole document and as a continued chunk, at
// every width and theme.
func checkAll(t testing.TB, name, src string, stats *fastStats) {
	t.Helper()
	src = Sanitize(src)
	if src == "" {
		return
	}
	for _, k := range diffThemes {
		st := themes.New(k)
		for _, w := range diffWidths {
			r := markdownRenderer(w, st)
			in := joinListParagraphs(src)
			checkFast(t, name+"/"+k.String(), in, r, stats)
			if w == 40 || w == 116 { // a later chunk of a stream, at two widths
				checkFast(t, name+"/"+k.String()+"/continued", continuationSeed+in, r, nil)
			}
		}
	}
}

// firstDiff shows the first line where two renders differ.
func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(wl), len(gl)); i++ {
		var a, b string
		if i < len(wl) {
			a = wl[i]
		}
		if i < len(gl) {
			b = gl[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\nglamour: %q\nfast:    %q", i+1, a, b)
		}
	}
	return "same lines, different length"
}

func TestFastMarkdownCorpus(t *testing.T) {
	var stats fastStats
	names := make([]string, 0, len(markdownCorpus))
	for name := range markdownCorpus {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		checkAll(t, name, markdownCorpus[name], &stats)
	}
	for _, name := range sortedKeys(literalCorpus) {
		checkAll(t, "literal "+name, literalCorpus[name], &stats)
	}
	checkAll(t, "longAnswer", longAnswer(20_000), &stats)
	// The scrollback renderer: no word wrap, no code block margin.
	for _, k := range diffThemes {
		r := scrollbackRenderer(themes.New(k))
		for _, name := range names {
			checkFast(t, name+"/scrollback/"+k.String(), joinListParagraphs(Sanitize(markdownCorpus[name])), r, &stats)
		}
	}
	t.Log(stats)
}

// TestFastMarkdownTestInputs replays the package's markdown tests and
// golden fixtures, checks every document they render, and makes sure the
// fast path took a fair share of them.
func TestFastMarkdownTestInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("replays the streaming tests")
	}
	type seen struct {
		in string
		r  *mdRenderer
	}
	var docs []seen
	dup := map[seen]bool{}
	t.Cleanup(func() { mdTrace = nil })
	mdTrace = func(in string, r *mdRenderer) {
		if k := (seen{in, r}); !dup[k] {
			dup[k] = true
			docs = append(docs, k)
		}
	}
	for _, name := range fixtureNames() {
		for _, k := range diffThemes {
			for _, w := range goldenWidths {
				fixtures[name](w, themes.New(k))
			}
		}
	}
	fromFixtures := len(docs)
	TestStreamingFinalEqualsFromScratch(t)
	mdTrace = nil
	var stats fastStats
	for i, d := range docs {
		// Every fixture document; a third of the streaming chunks, which
		// overlap heavily.
		if i < fromFixtures || i%3 == 0 {
			checkFast(t, fmt.Sprintf("doc %d", i), d.in, d.r, &stats)
		}
	}
	t.Log(stats)
	if stats.fastDocs == 0 {
		t.Error("the fast path took none of the test documents")
	}
}

// TestFastMarkdownCaptures checks every assistant text block of the
// protocol captures.
func TestFastMarkdownCaptures(t *testing.T) {
	var stats fastStats
	texts := captureTexts(t)
	for _, txt := range texts {
		checkAll(t, "capture", txt, &stats)
	}
	t.Logf("%d distinct texts; %v", len(texts), stats)
}

// TestFastMarkdownBenchAnswer checks the bench-live answer at several widths.
func TestFastMarkdownBenchAnswer(t *testing.T) {
	var stats fastStats
	checkAll(t, "benchAnswer", benchAnswer(12_000), &stats)
	t.Log(stats)
}

// benchAnswer is the live benchmark's answer (internal/benchdoc).
func benchAnswer(n int) string { return benchdoc.Answer(n, "END-OF-ANSWER") }

// TestOneCellRunes checks visibleWidth's shortcut runes against ansi: one
// cell each, alone and between any other characters.
func TestOneCellRunes(t *testing.T) {
	for r := rune(0x80); r <= 0x2fff; r++ {
		if !oneCell(r) {
			continue
		}
		for _, s := range []string{string(r), "a" + string(r) + "b", string(r) + string(r), string(r) + "\u0301", "e\u0301" + string(r), "🎉" + string(r), string(r) + "\u200d🎉"} {
			if got, want := visibleWidth(s), xansiWidth(s); got != want {
				t.Errorf("%U in %q: width %d, ansi says %d", r, s, got, want)
			}
		}
	}
}

func xansiWidth(s string) int { return xansi.StringWidth(s) }

// TestVisibleWidthAgreesWithAnsi feeds visibleWidth random strings of the pieces
// that decide a width (escape sequences of every kind, cut-off ones, control
// bytes, wide and combining runes): any string, not only rendered ones, must be
// measured as ansi measures it, since Pad uses it for every row of a frame.
func TestVisibleWidthAgreesWithAnsi(t *testing.T) {
	pieces := []string{"a", "Z", " ", "~", "\x1b[1;38;2;1;2;3m", "\x1b[0m", "\x1b[", "\x1b]8;;http://x\x07", "\x1b]8;;\x1b\\",
		"\x1b]0;t", "\x1bP1;2q#0\x1b\\", "\x1b_apc\x1b\\", "\x1b(B", "\x1b", "\x07", "\x00", "\t", "\x9b31m", "\u00a0",
		"•", "─", "é", "e\u0301", "中", "🎉", "\u200d", "\ufe0f", "\xff", "→"}
	r := rand.New(rand.NewPCG(7, 11))
	for range 20000 {
		var b strings.Builder
		for n := r.IntN(8); n >= 0; n-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		if s := b.String(); visibleWidth(s) != xansiWidth(s) {
			t.Fatalf("%q: width %d, ansi says %d", s, visibleWidth(s), xansiWidth(s))
		}
	}
}

// TestFastMarkdownNodeText pins the text taken from code spans and
// strikethroughs (nodeText, goldmark's Node.Text without the deprecated call):
// nested inlines, soft breaks, entities, autolinks and raw HTML inside them.
func TestFastMarkdownNodeText(t *testing.T) {
	var stats fastStats
	for i, src := range []string{
		"~~gone *with* **nested** `code` and\na soft break~~ after",
		"`a code\nspan over lines` and `&amp; entity`",
		"~~see <https://example.com/x> and https://example.org~~",
		"~~raw <b>html</b> inside~~",
		"~~a\\\nhard break~~ and ~~&lt;tag&gt;~~",
	} {
		checkAll(t, fmt.Sprintf("nodetext-%d", i), src, &stats)
	}
}
