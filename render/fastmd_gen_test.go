package render

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// mdGen writes random markdown from a seed: every construct the fast path
// renders, in random nesting, plus now and then one it hands to glamour.
type mdGen struct {
	rnd *rand.Rand
	b   strings.Builder
}

var genWords = []string{
	"the", "input", "is", "validated", "first", "configuration", "x", "a",
	"世界", "漢字かな", "🎉", "👍🏽", "naïve", "café", "—", "it's", "(see", "below)",
	"supercalifragilisticexpialidocious-and-then-some-more-text",
	"https://example.com/a/very/long/path/that/does/not/fit/anywhere/at/all?q=1&r=2",
	"foo_bar_baz", "a,b;c", "1.5", "-", "+", "|", "\\*", "&amp;", "&lt;tag&gt;", "&copy;", "x\ty",
}

func (g *mdGen) word() string { return genWords[g.rnd.IntN(len(genWords))] }

// genInlineHTML is text markdown reads as inline HTML, or nearly: shown as
// written (literal.go).
var genInlineHTML = []string{
	"<b>bold</b>", "Vec<T>", "Map<String, Integer>", "<!-- note -->", "a < b > c", "x<y>z",
	`<span class="x">s</span>`, "<br>", `<a title="\*&amp;">t</a>`, "&nbsp;", "&#160;", "&lt;tag&gt;",
	"<span\nclass=\"y\">", "<App />", "2>&1", "<?php ?>", "<![CDATA[ x ]]>",
}

// genHTMLBlocks are HTML blocks, one line per element.
var genHTMLBlocks = [][]string{
	{"<div class=\"card\">", "  <p>x &amp; y</p>", "</div>"},
	{"<!-- a comment", "", "spanning a blank line -->"},
	{"<script>", "if (a < b && c > d) {}", "", "</script>"},
	{`<?xml version="1.0"?>`, "<root>", "  <item/>", "</root>"},
	{"<Button onClick={go}>", "  Hi <b>there</b>", "</Button>"},
	{"<details>", "<summary>More *here*</summary>"},
	{"<pre>", "\\* kept", "</pre>"},
}

// inline writes a run of words with inline markup.
func (g *mdGen) inline(n int) {
	for i := 0; i < n; i++ {
		if i > 0 {
			g.b.WriteString(" ")
		}
		switch g.rnd.IntN(16) {
		case 0:
			fmt.Fprintf(&g.b, "`%s %s`", g.word(), g.word())
		case 1:
			fmt.Fprintf(&g.b, "*%s*", g.word())
		case 2:
			fmt.Fprintf(&g.b, "**%s %s**", g.word(), g.word())
		case 3:
			fmt.Fprintf(&g.b, "[%s](https://example.com/%d)", g.word(), g.rnd.IntN(100))
		case 4:
			fmt.Fprintf(&g.b, "https://example.org/p%d", g.rnd.IntN(100))
		case 5:
			fmt.Fprintf(&g.b, "<https://example.net/%d>", g.rnd.IntN(9))
		case 6:
			fmt.Fprintf(&g.b, "***%s*** ~~%s~~", g.word(), g.word())
		case 7:
			fmt.Fprintf(&g.b, "**bold `code` [link *in* it](/rel/path)**")
		case 8:
			g.b.WriteString([]string{"  \n", "\\\n"}[g.rnd.IntN(2)]) // hard breaks
		case 9:
			g.b.WriteString("\n") // soft break
		case 10:
			fmt.Fprintf(&g.b, "[](#frag) [t](#top) mail@example.com")
		case 11, 12:
			g.b.WriteString(genInlineHTML[g.rnd.IntN(len(genInlineHTML))])
		default:
			g.b.WriteString(g.word())
		}
	}
}

// block writes one block at nesting depth d, indented by ind.
func (g *mdGen) block(d int, ind string) {
	line := func(s string) { g.b.WriteString(ind + s + "\n") }
	switch k := g.rnd.IntN(15); {
	case k == 0:
		g.b.WriteString(ind + strings.Repeat("#", 1+g.rnd.IntN(6)) + " ")
		g.inline(1 + g.rnd.IntN(5))
		g.b.WriteString("\n")
	case k == 1:
		g.b.WriteString(ind)
		g.inline(2)
		g.b.WriteString("\n" + ind + "===\n")
	case k == 2 || k == 3:
		fence := []string{"```", "~~~", "````"}[g.rnd.IntN(3)]
		lang := []string{"", "go", "python", "sh", "json", "nosuchlang"}[g.rnd.IntN(6)]
		line(fence + lang)
		for i := 0; i < 1+g.rnd.IntN(4); i++ {
			line(strings.Repeat("\t", g.rnd.IntN(2)) + "x := " + g.word() + " // 世界 " + strings.Repeat("w", g.rnd.IntN(120)))
		}
		line(fence)
	case k == 4:
		line("    indented(code) + " + g.word())
		line("    more")
	case k == 5:
		line([]string{"---", "***", "___"}[g.rnd.IntN(3)])
	case (k == 6 || k == 7) && d < 3:
		ordered := k == 7
		start := 1 + g.rnd.IntN(3)
		loose := g.rnd.IntN(3) == 0
		for i := 0; i < 1+g.rnd.IntN(4); i++ {
			m := "- "
			if ordered {
				m = fmt.Sprintf("%d. ", start+i)
			}
			g.b.WriteString(ind + m)
			g.inline(1 + g.rnd.IntN(8))
			g.b.WriteString("\n")
			sub := ind + strings.Repeat(" ", len(m))
			if g.rnd.IntN(3) == 0 {
				if loose {
					g.b.WriteString("\n")
				}
				g.block(d+1, sub)
			}
			if loose {
				g.b.WriteString("\n")
			}
		}
	case k == 8 && d < 3:
		g.b.WriteString(ind + "> ")
		g.inline(1 + g.rnd.IntN(10))
		g.b.WriteString("\n")
		if g.rnd.IntN(2) == 0 {
			g.block(d+1, ind+"> ")
		}
	case k == 10 || k == 11:
		g.table(ind)
	case k == 9 && g.rnd.IntN(3) == 0:
		// Handed to glamour: a table with a link, an image, a task.
		switch g.rnd.IntN(3) {
		case 0:
			line("| a | b |")
			line("|---|--:|")
			line("| [" + g.word() + "](https://example.com) | 1 |")
		case 1:
			line("![alt](https://example.com/i.png)")
		case 2:
			line("- [x] done")
		}
	case k == 12:
		for _, l := range genHTMLBlocks[g.rnd.IntN(len(genHTMLBlocks))] {
			line(l)
		}
	default:
		g.b.WriteString(ind)
		g.inline(3 + g.rnd.IntN(30))
		g.b.WriteString("\n")
	}
	g.b.WriteString(ind + "\n")
	if ind != "" {
		g.b.WriteString("\n")
	}
}

// table writes a table of random shape, alignment and cell markup.
func (g *mdGen) table(ind string) {
	cols := 1 + g.rnd.IntN(4)
	row := func(cell func() string) {
		g.b.WriteString(ind + "|")
		for c := 0; c < cols; c++ {
			g.b.WriteString(" " + cell() + " |")
		}
		g.b.WriteString("\n")
	}
	row(func() string { return g.word() })
	row(func() string { return []string{"---", ":--", "--:", ":-:"}[g.rnd.IntN(4)] })
	for i := 0; i < 1+g.rnd.IntN(4); i++ {
		row(func() string {
			switch g.rnd.IntN(5) {
			case 0:
				return "`" + g.word() + "`"
			case 1:
				return "**" + g.word() + "** *" + g.word() + "*"
			case 2:
				return ""
			default:
				return g.word() + " " + g.word()
			}
		})
	}
}

// genMarkdown is a random document for seed.
func genMarkdown(seed uint64) string {
	g := &mdGen{rnd: rand.New(rand.NewPCG(seed, 0x5eed))}
	for i := 0; i < 1+g.rnd.IntN(8); i++ {
		g.block(0, "")
	}
	return g.b.String()
}

// TestFastMarkdownGenerated holds the fast path to glamour on random
// documents at every test width and theme.
func TestFastMarkdownGenerated(t *testing.T) {
	n := 50
	if testing.Short() {
		n = 10
	}
	var stats fastStats
	for seed := uint64(1); seed <= uint64(n); seed++ {
		checkAll(t, fmt.Sprintf("seed %d", seed), genMarkdown(seed), &stats)
		if t.Failed() {
			t.Fatalf("seed %d:\n%s", seed, genMarkdown(seed))
		}
	}
	t.Log(stats)
}
