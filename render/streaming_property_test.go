package render

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/themes"
)

// markdownLines are the lines random documents are made of: every kind of
// block opener and continuation that could make a split render differ.
var markdownLines = []string{
	"", "", "", "",
	"Plain paragraph text that is long enough to wrap at narrow widths, really.",
	"short line",
	"# Heading", "## Sub heading", "===", "---", "***", "- - -",
	"- item", "* item", "+ item", "1. first", "2) second", "10. tenth",
	"  continued item text", "   three-space continuation", "    indented code", "\tTab indented",
	"> quote", ">", "> > nested quote",
	"```", "```go", "~~~", "````", "  ```", " ~~~", "   ```", "- ```", "> ```", "1. <!--", "  -->",
	"| a | b |", "|---|---|", "| 1 | 2 |",
	"<!-- comment", "-->", "<div>", "</div>", "<pre>", "</pre>",
	"<script>", "</script>", "<?xml version=\"1.0\"?>", "  <Button onClick={go}>Hi</Button>",
	"run <file> then <b>tag</b>, Vec<T> and a < b > c", "&lt;div&gt; &amp; &nbsp; \\<esc\\> <!-- c -->",
	"[ref]: https://example.com", "see [ref] and [text][ref]",
	"- [ ] task", "- [x] done",
	"**bold** _em_ `code` ~~strike~~ https://auto.link",
	"Term", ": definition",
	"\x1b[31mcolour\x1b[0m and \x07 bell", "tab\there", "crlf line\r",
}

func randomDoc(r *rand.Rand, lines int) string {
	var b strings.Builder
	for range lines {
		b.WriteString(markdownLines[r.IntN(len(markdownLines))])
		b.WriteByte('\n')
	}
	if r.IntN(2) == 0 {
		return strings.TrimSuffix(b.String(), "\n")
	}
	return b.String()
}

// TestStreamingRandomDocuments streams random documents in random pieces
// and checks the streamed view against a from-scratch render every time
// the text ends a line, and at the end.
func TestStreamingRandomDocuments(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	styles := []*themes.Styles{themes.New(themes.Dark), themes.New(themes.Light), themes.New(themes.Mono)}
	iterations := 300
	if testing.Short() {
		iterations = 50
	}
	for i := range iterations {
		doc := randomDoc(r, 5+r.IntN(30))
		width := []int{20, 40, 80}[r.IntN(3)]
		st := styles[r.IntN(len(styles))]
		m := NewStreamingMarkdown(width, st)
		for pos := 0; pos < len(doc); {
			n := 1 + r.IntN(12)
			end := min(pos+n, len(doc))
			m.Append(doc[pos:end])
			pos = end
			if strings.HasSuffix(doc[:pos], "\n") && r.IntN(3) == 0 {
				if got, want := m.View(), Markdown(doc[:pos], width, st); got != want {
					t.Fatalf("doc %d, prefix %d bytes, width %d: streamed view differs\nprefix: %q\n got: %q\nwant: %q", i, pos, width, doc[:pos], got, want)
				}
			}
		}
		if got, want := m.View(), Markdown(doc, width, st); got != want {
			t.Fatalf("doc %d, width %d: final streamed view differs\ndoc: %q\n got: %q\nwant: %q", i, width, doc, got, want)
		}
	}
}
