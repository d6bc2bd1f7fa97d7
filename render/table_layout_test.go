package render

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	gansi "charm.land/glamour/v2/ansi"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"

	"github.com/gclaude/gclaude/internal/capturefiles"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

// The table layout tests hold layoutTable to the lipgloss table it
// replaces, byte for byte, wherever it does not decline.

// tableTheme is a markdown style to draw tables in.
type tableTheme struct {
	name string
	st   *themes.Styles
}

// tableThemes are the app's themes plus variants with what the app's themes
// leave out but a style config may set: a document background (as a hex
// and as an ANSI colour), a table margin, and separators.
func tableThemes() []tableTheme {
	var out []tableTheme
	for _, k := range diffThemes {
		out = append(out, tableTheme{k.String(), themes.New(k)})
	}
	variant := func(name string, k themes.Kind, f func(*gansi.StyleConfig)) {
		st := *themes.New(k)
		f(&st.Markdown)
		out = append(out, tableTheme{name, &st})
	}
	str := func(s string) *string { return &s }
	one, two := uint(1), uint(2)
	variant("dark+bg", themes.Dark, func(c *gansi.StyleConfig) { c.Document.BackgroundColor = str("#202830") })
	variant("light+bg256+margin", themes.Light, func(c *gansi.StyleConfig) {
		c.Document.BackgroundColor = str("236")
		c.Table.Margin = &one
	})
	variant("mono+margin2", themes.Mono, func(c *gansi.StyleConfig) { c.Table.Margin = &two })
	variant("dark+separators", themes.Dark, func(c *gansi.StyleConfig) {
		c.Table.RowSeparator, c.Table.ColumnSeparator, c.Table.CenterSeparator = str("="), str("!"), str("#")
	})
	return out
}

// tableCase is a table as tableBlock hands it to drawTable.
type tableCase struct {
	rows   [][]string
	align  []east.Alignment
	header bool
}

// tablesOf parses markdown and collects its tables' cells as the fast
// renderer renders them in cfg, for the tables it draws itself.
func tablesOf(src string, cfg *gansi.StyleConfig) []tableCase {
	b := []byte(src)
	doc := fastParser().Parse(text.NewReader(b))
	r := getFastMD(cfg, 80, chromaFormatter, b)
	defer putFastMD(r)
	var sink bytes.Buffer
	r.openBlock(&sink, "", cfg.Document) // the document block, as fastRender opens it
	var out []tableCase
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		t, ok := n.(*east.Table)
		if !entering || !ok || !tableFast(t) {
			return ast.WalkContinue, nil
		}
		tc := tableCase{align: t.Alignments, header: t.FirstChild().Kind() == east.KindTableHeader}
		for sec := t.FirstChild(); sec != nil; sec = sec.NextSibling() {
			var cells []string
			for c := sec.FirstChild(); c != nil; c = c.NextSibling() {
				cells = append(cells, r.tableCell(c))
			}
			tc.rows = append(tc.rows, cells)
		}
		out = append(out, tc)
		return ast.WalkSkipChildren, nil
	})
	return out
}

// tableCellTexts are cell sources: words, spaces, long words, markup,
// wide runes, combining marks, nothing at all.
var tableCellTexts = []string{
	"", "x", "alpha", "beta gamma", "12345", "1.5 ms", "naïve café", "e\u0301te\u0301",
	"supercalifragilisticexpialidocious", "a-very-long-hyphenated-identifier-name",
	"some words that will need wrapping when the table is narrow",
	"漢字", "日本語の長いセルの内容です", "🎉 party 👍🏽", "世界 hello 世界",
	"**bold** text", "*italic* and **bold**", "`code span`", "`long code span that is wide`",
	"~~gone~~", "***both*** ~~struck~~", "**bold `code` inside**", "a \\| b", "&lt;tag&gt;",
	"x\ty", "— dash –", "foo_bar_baz", "-", "+",
}

// tableCellPool renders every cell text in cfg through the fast renderer.
func tableCellPool(cfg *gansi.StyleConfig) []string {
	var md strings.Builder
	md.WriteString("| h |\n|---|\n")
	for _, c := range tableCellTexts {
		fmt.Fprintf(&md, "| %s |\n", c)
	}
	tcs := tablesOf(Sanitize(md.String()), cfg)
	var pool []string
	for _, r := range tcs[0].rows[1:] {
		pool = append(pool, r...)
	}
	return pool
}

// randomTable draws a table of 1-8 columns and 0-20 rows from the pool:
// sometimes without a header or with ragged rows, any alignments.
func randomTable(rnd *rand.Rand, pool []string) tableCase {
	ncol := 1 + rnd.IntN(8)
	nrow := rnd.IntN(21)
	tc := tableCase{header: rnd.IntN(8) != 0}
	for range rnd.IntN(ncol + 2) {
		tc.align = append(tc.align, east.Alignment(rnd.IntN(4)))
	}
	ragged := rnd.IntN(5) == 0
	for i := range nrow + 1 {
		n := ncol
		if ragged && i > 0 {
			n = rnd.IntN(ncol + 1)
		}
		row := make([]string, n)
		for j := range row {
			row[j] = pool[rnd.IntN(len(pool))]
		}
		tc.rows = append(tc.rows, row)
	}
	if !tc.header && rnd.IntN(2) == 0 {
		tc.rows = tc.rows[1:]
	}
	return tc
}

// layoutStats counts the tables layoutTable drew itself.
type layoutStats struct{ tables, fast int }

func (s layoutStats) String() string {
	return fmt.Sprintf("layoutTable drew %d of %d tables (%.1f%%)", s.fast, s.tables, 100*float64(s.fast)/float64(max(s.tables, 1)))
}

// checkLayout compares layoutTable with lipgloss for one table and width.
func checkLayout(t testing.TB, name string, tc tableCase, width int, cfg *gansi.StyleConfig, stats *layoutStats) {
	t.Helper()
	got, ok := layoutTable(tc.rows, tc.align, tc.header, width, cfg)
	stats.tables++
	if !ok {
		return
	}
	stats.fast++
	want := lipglossTable(copyRows(tc.rows), tc.align, tc.header, width, cfg)
	if got != want {
		t.Errorf("%s (width %d): layout differs from lipgloss\nrows: %q\nalign %v header %v\n%s",
			name, width, tc.rows, tc.align, tc.header, firstDiff(want, got))
	}
}

// copyRows protects the case from lipgloss, which appends to the header.
func copyRows(rows [][]string) [][]string {
	out := make([][]string, len(rows))
	for i, r := range rows {
		out[i] = append([]string(nil), r...)
	}
	return out
}

// TestTableLayoutMatchesLipgloss holds the layout to lipgloss on random
// tables in every theme at widths 10-200 (and 0, lipgloss's "no width"),
// and checks that it draws most of them itself.
func TestTableLayoutMatchesLipgloss(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 60
	}
	for _, th := range tableThemes() {
		cfg := &th.st.Markdown
		pool := tableCellPool(cfg)
		rnd := rand.New(rand.NewPCG(7, uint64(len(th.name))))
		var stats layoutStats
		for i := range n {
			tc := randomTable(rnd, pool)
			checkLayout(t, fmt.Sprintf("%s/%d", th.name, i), tc, 10+rnd.IntN(191), cfg, &stats)
			if i%20 == 0 {
				checkLayout(t, fmt.Sprintf("%s/%d", th.name, i), tc, 0, cfg, &stats)
			}
			if t.Failed() {
				t.FailNow()
			}
		}
		t.Logf("%s: %v", th.name, stats)
		if th.name != "dark+separators" && stats.fast*2 < stats.tables {
			t.Errorf("%s: %v; expected most", th.name, stats)
		}
	}
}

// realTableDocs are the markdown documents of the package's tests, the
// captures' assistant texts and the bench answer.
func realTableDocs(t testing.TB) map[string]string {
	docs := map[string]string{"benchAnswer": benchAnswer(100_000)}
	for name, src := range markdownCorpus {
		docs["corpus/"+name] = src
	}
	for seed := uint64(1); seed <= 50; seed++ {
		docs[fmt.Sprintf("generated/%d", seed)] = genMarkdown(seed)
	}
	t.Cleanup(func() { mdTrace = nil })
	mdTrace = func(in string, _ *mdRenderer) { docs[fmt.Sprintf("fixture/%d", len(docs))] = in }
	for _, name := range fixtureNames() {
		fixtures[name](80, themes.New(themes.Dark))
	}
	mdTrace = nil
	for i, txt := range captureTexts(t) {
		if strings.Contains(txt, "|") { // no table without one; parsing the 100 KB answer seven times is slow
			docs[fmt.Sprintf("capture/%d", i)] = txt
		}
	}
	return docs
}

// TestTableLayoutRealTables holds the layout to lipgloss on every table of
// the test documents, captures and bench answer, in every theme, at every
// seventh width from 10 to 200 (each theme starting one further, so the
// seven themes cover every width), and checks the layout draws every bench
// table itself at the transcript's usual widths.
func TestTableLayoutRealTables(t *testing.T) {
	docs := realTableDocs(t)
	step := 7
	if testing.Short() {
		step = 23
	}
	for ti, th := range tableThemes() {
		cfg := &th.st.Markdown
		seen := map[string]bool{}
		var stats, bench layoutStats
		for name, src := range docs {
			for i, tc := range tablesOf(Sanitize(src), cfg) {
				k := fmt.Sprint(tc)
				if seen[k] {
					continue
				}
				seen[k] = true
				for w := 10 + ti%step; w <= 200; w += step {
					checkLayout(t, fmt.Sprintf("%s/%s/table %d", th.name, name, i), tc, w, cfg, &stats)
				}
				if name == "benchAnswer" {
					for _, w := range []int{80, 116, 160} {
						checkLayout(t, "bench", tc, w, cfg, &bench)
					}
				}
				if t.Failed() {
					t.FailNow()
				}
			}
		}
		t.Logf("%s: %d distinct tables; %v", th.name, len(seen), stats)
		if bench.fast != bench.tables || bench.tables == 0 {
			t.Errorf("%s: bench answer at widths 80, 116, 160: %v; want all", th.name, bench)
		}
	}
}

// captureTexts are the distinct assistant texts of the protocol captures (every corpus).
func captureTexts(t testing.TB) []string {
	t.Helper()
	seen := map[string]bool{}
	var out []string
	for _, dir := range capturefiles.Corpora(t) {
		for _, file := range capturefiles.Stdout(t, dir) {
			data := capturefiles.ReadIn(t, dir, file)
			for line := range bytes.SplitSeq(data, []byte("\n")) {
				m, err := protocol.Decode(line)
				if err != nil {
					continue
				}
				if a, ok := m.(*protocol.Assistant); ok {
					for _, b := range a.Message.Content {
						if b.Type == protocol.BlockText && b.Text != "" && !seen[b.Text] {
							seen[b.Text] = true
							out = append(out, b.Text)
						}
					}
				}
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("no assistant text in the captures")
	}
	return out
}

// TestTableThemesMatchGlamour renders the test documents that hold tables
// in the theme variants (background, margin, separators) by the fast path
// and by glamour: the lipgloss configuration the layout copies is the one
// glamour uses in those themes as well.
func TestTableThemesMatchGlamour(t *testing.T) {
	docs := realTableDocs(t)
	docs["benchAnswer"] = benchAnswer(12_000)
	widths := []int{10, 40, 116}
	if testing.Short() {
		widths = []int{40}
	}
	for _, th := range tableThemes()[len(diffThemes):] {
		var stats fastStats
		for name, src := range docs {
			if !strings.Contains(src, "|") {
				continue
			}
			for _, w := range widths {
				checkFast(t, th.name+"/"+name, joinListParagraphs(Sanitize(src)), newMDRenderer(w, th.st), &stats)
			}
		}
		t.Logf("%s: %v", th.name, stats)
	}
}

// TestTableLayoutBoundary pins down what layoutTable draws itself and what
// it leaves to lipgloss; whatever it draws must be lipgloss's bytes, and
// drawTable must be lipgloss's either way.
func TestTableLayoutBoundary(t *testing.T) {
	dark := &themes.New(themes.Dark).Markdown
	ths := tableThemes()
	bg := &ths[3].st.Markdown
	wide := *dark
	wideSep := "══"
	wide.Table.RowSeparator, wide.Table.ColumnSeparator, wide.Table.CenterSeparator = &wideSep, &wideSep, &wideSep
	row := func(cells ...string) []string { return cells }
	long := "some words that will need wrapping when the table is narrow"
	cases := []struct {
		name  string
		rows  [][]string
		width int
		cfg   *gansi.StyleConfig
		drawn bool
	}{
		{"grown to the width", [][]string{row("a", "b"), row("1", "2")}, 40, dark, true},
		{"exactly the natural width", [][]string{row("a", "b"), row("1", "2")}, 7, dark, true},
		{"shrunk, cells wrapped", [][]string{row("h", "i"), row(long, "x"), row("y", long)}, 30, dark, true},
		{"header cut", [][]string{row(long, "i"), row("1", "2")}, 20, dark, true},
		{"wide runes wrapped", [][]string{row("h", "i"), row("日本語の長いセルの内容です", "x")}, 16, dark, true},
		{"empty cells", [][]string{row("", "b"), row("", ""), row("c", "")}, 20, dark, true},
		{"header only", [][]string{row("a", "b", "c")}, 30, dark, true},
		{"no cells at all", nil, 30, dark, true},
		{"style left open", [][]string{row("\x1b[1mbold", "b"), row("\x1b[3mit", long)}, 25, dark, true},
		{"background", [][]string{row("a", "b"), row(long, "2")}, 30, bg, true},
		{"no width given", [][]string{row("a", "b"), row(long, "2")}, 0, dark, true},
		{"tab", [][]string{row("a", "b"), row("x\ty", "2")}, 30, dark, false},
		{"line break", [][]string{row("a", "b"), row("x\ny", "2")}, 30, dark, false},
		{"invalid UTF-8", [][]string{row("a", "b"), row("x\x97", "2")}, 30, dark, false},
		{"cut-off escape", [][]string{row("a", "b"), row("x\x1b[3", "2")}, 30, dark, false},
		{"hyperlink escape", [][]string{row("a", "b"), row("\x1b]8;;http://x\x07x\x1b]8;;\x07", "2")}, 30, dark, false},
		{"header wider than the rows", [][]string{row("a", "b", "c"), row("1", "2")}, 30, dark, false},
		{"too many columns for the width", [][]string{row("a", "b", "c", "d", "e", "f", "g", "h"), row("1", "2", "3", "4", "5", "6", "7", "8")}, 10, dark, false},
		{"wide rune in a one-cell column", [][]string{row("x", "y"), row("漢漢漢漢漢", "z")}, 7, dark, false},
		{"separators two cells wide", [][]string{row("a", "b"), row("1", "2")}, 30, &wide, false},
	}
	for _, c := range cases {
		got, ok := layoutTable(c.rows, nil, true, c.width, c.cfg)
		want := lipglossTable(copyRows(c.rows), nil, true, c.width, c.cfg)
		if ok != c.drawn {
			t.Errorf("%s: layoutTable drew it: %v, want %v", c.name, ok, c.drawn)
		}
		if ok && got != want {
			t.Errorf("%s: layout differs from lipgloss\n%s", c.name, firstDiff(want, got))
		}
		if d := drawTable(copyRows(c.rows), nil, true, c.width, c.cfg); d != want {
			t.Errorf("%s: drawTable differs from lipgloss\n%s", c.name, firstDiff(want, d))
		}
	}
}
