package render

import (
	"strings"
	"testing"

	"github.com/gclaude/gclaude/themes"
)

// FuzzFastMarkdown is differential: whatever the input, width and theme,
// the fast path's output must be glamour's (or it must decline).
func FuzzFastMarkdown(f *testing.F) {
	for _, s := range markdownCorpus {
		f.Add(s, uint8(40), uint8(0))
	}
	for _, s := range literalCorpus { // raw HTML and entities, shown as written
		f.Add(s, uint8(33), uint8(5))
	}
	for seed := uint64(1); seed <= 12; seed++ {
		f.Add(genMarkdown(seed), uint8(seed*17), uint8(seed))
	}
	f.Add(benchAnswer(600), uint8(79), uint8(1))
	kinds := []themes.Kind{themes.Dark, themes.Light, themes.Mono}
	f.Fuzz(func(t *testing.T, src string, width, theme uint8) {
		if len(src) > 4096 {
			return
		}
		src = Sanitize(src)
		if src == "" {
			return
		}
		r := markdownRenderer(int(width)%210+1, themes.New(kinds[int(theme)%len(kinds)]))
		in := joinListParagraphs(src)
		if theme&4 != 0 {
			in = continuationSeed + in // as StreamingMarkdown renders a later chunk
		}
		checkFast(t, "fuzz", in, r, nil)
	})
}

// TestFastMarkdownFallsBackForTables checks that a table with a link, which
// the fast path does not draw (glamour lists table links under the table),
// is drawn by glamour: alone it declines the whole document, and beside
// other blocks its piece goes to glamour.
func TestFastMarkdownFallsBackForTables(t *testing.T) {
	r := markdownRenderer(60, themes.New(themes.Dark))
	table := "| a | b |\n|---|---|\n| [1](https://example.com) | 2 |\n"
	if _, ok := fastRender(table, r.cfg, r.wrap, chromaFormatter, r.glamour); ok {
		t.Error("a document that is one table took the fast path")
	}
	doc := "Intro paragraph.\n\n" + table + "\nAfter the table.\n"
	out, ok, slow, _ := fastRenderWhy(doc, r.cfg, r.wrap, chromaFormatter, r.glamour)
	if !ok || slow != len(table)+1 {
		t.Fatalf("ok=%v, %d bytes to glamour; want the table's %d", ok, slow, len(table)+1)
	}
	want, _ := r.glamour(doc)
	if out != want {
		t.Errorf("pieced output differs from glamour's\n%s", firstDiff(want, out))
	}
	if _, ok := fastRender(doc, r.cfg, r.wrap, chromaFormatter, nil); ok {
		t.Error("without glamour to hand pieces to, the fast path must decline")
	}
}

// TestRenderCacheEvictsOldest checks the render caches stay under their
// size limit by dropping the oldest entries, and refuse huge ones.
func TestRenderCacheEvictsOldest(t *testing.T) {
	c := newRenderCache(100)
	for _, k := range []string{"a", "b", "c", "d"} {
		c.put(k, strings.Repeat(k, 20)) // 21 bytes each
	}
	c.put("e", strings.Repeat("e", 20))
	if _, ok := c.get("a"); ok {
		t.Error("the oldest entry survived past the limit")
	}
	if v, ok := c.get("e"); !ok || v != strings.Repeat("e", 20) {
		t.Errorf("newest entry = %q, %v", v, ok)
	}
	if c.size > 100 {
		t.Errorf("size %d over the limit", c.size)
	}
	c.put("big", strings.Repeat("x", 60))
	if _, ok := c.get("big"); ok {
		t.Error("an entry over a quarter of the limit was kept")
	}
}
