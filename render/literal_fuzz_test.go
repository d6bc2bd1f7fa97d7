package render

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/themes"
)

// literalAlphabet makes tags, comments, declarations, entity references and
// comparisons, and nothing else markdown reads: no emphasis, code, link,
// autolink (':' '@'), table, strikethrough or escape, and no non-breaking
// space reference (no 'n', '6', 'x').
const literalAlphabet = "abcdivTK123 <>/=\"'&;#!-?.,(){}"

// FuzzLiteralText: a line of such text shows every one of its characters,
// on the fast path and on glamour's, whatever tags it seems to hold.
func FuzzLiteralText(f *testing.F) {
	for _, s := range []string{"<b>bold</b>", "Vec<T> a < b > c", "<!-- c --> &amp; &#1;", "<a b='c'>&lt;/a>",
		"<?a ?> <!D > <![CDATA[ ]]>", "<div>", "</i><i/>"} {
		f.Add(s, uint8(40))
	}
	kinds := []themes.Kind{themes.Dark, themes.Light, themes.Mono}
	f.Fuzz(func(t *testing.T, in string, width uint8) {
		if len(in) > 300 {
			return
		}
		var b strings.Builder
		b.WriteString("x ") // a paragraph, whatever follows
		for i := 0; i < len(in); i++ {
			b.WriteByte(literalAlphabet[int(in[i])%len(literalAlphabet)])
		}
		src := b.String()
		st := themes.New(kinds[int(width)%len(kinds)])
		for _, fast := range []bool{true, false} {
			got := noSpace(renderWith(fast, src, int(width)%120+2, st))
			if got != noSpace(src) {
				t.Fatalf("%q (fast path %v) shows %q", src, fast, got)
			}
		}
	})
}

// TestIssueExampleShowsAsWritten is issue 27's example, as the user saw it
// vanish ("run  then and a tag", "Vec").
func TestIssueExampleShowsAsWritten(t *testing.T) {
	st := themes.New(themes.Dark)
	for _, src := range []string{"run <file> then <style> and a <b>tag</b>", "Map<String, Integer> or Vec<T>"} {
		if got := ansi.Strip(Markdown(src, 80, st)); got != src {
			t.Errorf("%q shows %q", src, got)
		}
	}
}
