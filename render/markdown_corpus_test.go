package render

import (
	"fmt"
	"strings"
)

// markdownCorpus holds answers shaped like real model output, plus the
// constructs that make splitting a document hard.
var markdownCorpus = map[string]string{
	"paragraphs": "Hello! This is the first paragraph of an answer that is long enough to wrap at forty columns.\n\nSecond paragraph with **bold**, *italic*, `code` and a [link](https://example.com).\n\nThird.",
	"headings":   "# Title\n\nIntro text.\n\n## Section\n\nBody of the section.\n\n### Sub\n\nMore.\n\nSetext heading\n==============\n\nAfter setext.",
	"code":       "Here is code:\n\n```go\npackage main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"hi\")\n}\n```\n\nAnd after the code.\n\n~~~\nplain tilde fence\n\nwith a blank line\n~~~\n\nDone.",
	"lists":      "Steps:\n\n- one\n- two\n  - nested\n- three\n\nLoose list:\n\n1. first\n\n2. second\n\n   continued paragraph in item two\n\n3. third\n\nAfter the list.\n\n* [ ] task\n* [x] done task\n\nEnd.",
	"quotes":     "> a quote\n> spanning lines\n\n> second quote\n\nText.\n\n---\n\nAfter rule.",
	"table":      "| Name | Value |\n|------|-------|\n| a | 1 |\n| b | 2 |\n\nBelow the table.\n\n| x |\n|---|\n| y |",
	"indented":   "Para.\n\n    indented code\n\n    more indented code\n\nNext para.",
	"html":       "Text.\n\n<!-- a comment\n\nspanning blank lines -->\n\nAfter comment.\n\n<div>\nblock\n</div>\n\nEnd.",
	"refdefs":    "See [the docs][d] for more.\n\nAnother paragraph.\n\n[d]: https://example.com/docs\n\nTrailing text.",
	"unclosed":   "Start.\n\n```python\ndef f():\n    return 1\n",
	"hostile":    "Evil \x1b]0;title\x07 text\r\nwith CRLF\r\n\n\ttabbed\x1b[2J line\n\n\u202eoverride\u202c done.",
	"wide":       "Emoji 🎉 and 世界 wide characters in a paragraph long enough to wrap around several times at narrow widths.\n\nhttps://example.com/a/very/long/url/that/does/not/fit/on/one/line/at/all/because/it/is/long",
}

// longAnswer builds a realistic answer of about n bytes: paragraphs, lists,
// and code blocks in turn.
func longAnswer(n int) string {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, "## Part %d\n\n", i)
		case 1:
			fmt.Fprintf(&b, "Paragraph %d explains the change in some detail, with `inline code`, **emphasis** and enough words to wrap a few times at the usual terminal widths people use.\n\n", i)
		case 2:
			fmt.Fprintf(&b, "```go\nfunc step%d(x int) int {\n\t// comment\n\treturn x * %d\n}\n```\n\n", i, i)
		case 3:
			fmt.Fprintf(&b, "- item %d one\n- item %d two\n- item %d three\n\n", i, i, i)
		}
	}
	return b.String()
}
