package render

import (
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/themes"
)

// literalCorpus holds answers a programming assistant gives, full of text
// markdown would read as HTML or entities. Each is made of one-line
// paragraphs (with code spans), and HTML blocks, so that what Claude Code
// shows is the source itself, less its backslash escapes and with &nbsp;
// as a space (see literalText). HTML does not hold backslashes here: what a
// tag holds is shown as it is, escapes included (TestLiteralInlineHTML).
var literalCorpus = map[string]string{
	"generics": "In Java a Map<String, Integer> counts names, and List<? extends Number> takes any subtype.\n\n" +
		"In Rust, Result<T, E> and Vec<Box<dyn Error>> are common; Option<&str> borrows.\n\n" +
		"C++ templates: std::vector<std::pair<int, std::string>> v; and template <typename T> T max(T a, T b);\n\n" +
		"TypeScript: function first<T>(xs: Array<T>): T | undefined returns Promise<Record<string, number>>.\n\n" +
		"C#: Dictionary<string, List<int>> and Task<IEnumerable<T>>; Go: func Map[T any, U any](s []T, f func(T) U) []U.\n",
	"jsx": "A React component returns JSX:\n\n" +
		"<Button variant=\"primary\" onClick={handleClick}>\n  Clicked {count} times\n</Button>\n\n" +
		"Render it with <App /> inside <React.StrictMode>, and type props as `React.FC<Props>`.\n",
	"xml": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<project>\n  <modelVersion>4.0.0</modelVersion>\n  <!-- the build -->\n</project>\n\n" +
		"The <modelVersion> element is required; <![CDATA[ raw ]]> keeps text unparsed.\n",
	"html": "Tie a <label> to its <input> by id:\n\n" +
		"<form action=\"/login\" method=\"post\">\n  <label for=\"user\">User</label>\n  <input id=\"user\" name=\"user\" type=\"text\" required>\n  <button type=\"submit\">Sign in</button>\n</form>\n\n" +
		"<script>\nconst a = 1 < 2 && 3 > 2;\n\ndocument.title = \"&amp;\";\n</script>\n\n" +
		"Write &lt;br&gt; to show the tag, &amp;amp; for an ampersand and &nbsp; for a space; &copy; stays as written.\n",
	"shell usage": "Usage: git commit [-m <msg>] [--amend] <pathspec>...\n\n" +
		"Usage: /output-style <style>\n\n" +
		"Run `make <target>` or `docker run -v <host-dir>:<container-dir> <image>`.\n\n" +
		"Redirect with cmd > out.txt 2>&1 < in.txt, and compare a < b > c or x<y>z.\n",
	"comments": "<!-- TODO: remove before release -->\n\n" +
		"Keep the marker <!-- keep --> in the template, and a longer one:\n\n" +
		"<!--\n  config: dev\n\n  still the comment\n-->\n\nDone.\n",
	"escapes": "Escaped \\<not a tag\\> and \\*not emphasis\\*, a backslash \\\\ and C:\\Users\\dev stay readable.\n\n" +
		"Entities &lt;b&gt; &#60;i&#62; &#x3C;u&#x3E; and `&lt;code&gt;` stay as written; [&nbsp;] [&#160;] [&#xA0;] are spaces, [&NBSP;] is not.\n",
	"templates": "In Vue, loop with <li v-for=\"item in items\" :key=\"item.id\">{{ item.name }}</li>; in Svelte, {#each items as item}<li>{item}</li>{/each}.\n\n" +
		"SQL: WHERE a <> b; Python: 1 < x <= 10 and x >= 0; Haskell: fmap :: Functor f => (a -> b) -> f a -> f b.\n",
}

// codeSpan matches the corpus's code spans (one backtick, none inside).
var codeSpan = regexp.MustCompile("`[^`]*`")

// asciiEscape matches a backslash escape of ASCII punctuation.
var asciiEscape = regexp.MustCompile(`\\[!-/:-@\[-` + "`" + `{-~]`)

// nbspRef matches what Claude Code reads as a non-breaking space.
var nbspRef = regexp.MustCompile(`&(?:nbsp|#0{0,4}160|#[xX]0{0,4}[aA]0);`)

// literalText is what a corpus answer shows in a theme, line by line: its
// source with escapes dropped and &nbsp; spaced outside code spans, a code
// span between the theme's code prefix and suffix.
func literalText(src string, st *themes.Styles) []string {
	code := st.Markdown.Code
	var lines []string
	for _, line := range strings.Split(src, "\n") {
		var b strings.Builder
		last := 0
		for _, m := range codeSpan.FindAllStringIndex(line, -1) {
			b.WriteString(proseText(line[last:m[0]]))
			b.WriteString(code.Prefix + line[m[0]+1:m[1]-1] + code.Suffix)
			last = m[1]
		}
		b.WriteString(proseText(line[last:]))
		lines = append(lines, b.String())
	}
	return nonBlankLines(strings.Join(lines, "\n"))
}

func proseText(s string) string {
	s = asciiEscape.ReplaceAllStringFunc(s, func(e string) string { return e[1:] })
	return nbspRef.ReplaceAllString(s, " ")
}

// nonBlankLines are the visible lines of rendered text, right-trimmed: blank
// lines are layout (glamour puts one between any two blocks).
func nonBlankLines(s string) []string {
	var out []string
	for _, l := range strings.Split(ansi.Strip(s), "\n") {
		if l = strings.TrimRight(l, " "); strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}

// noSpace is s without whitespace: the characters, however wrapped.
func noSpace(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// checkLiteral compares rendered text with the corpus answer's lines.
func checkLiteral(t *testing.T, what, got string, want []string) {
	t.Helper()
	if g := nonBlankLines(got); strings.Join(g, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s shows\n%s\nwant\n%s", what, strings.Join(g, "\n"), strings.Join(want, "\n"))
	}
}

// TestLiteralCorpus is issue 27's "text in angle brackets vanishes": every
// answer of the corpus shows character for character what it says, on the
// fast path, on glamour's, streamed, and printed for the scrollback.
func TestLiteralCorpus(t *testing.T) {
	for _, k := range []themes.Kind{themes.Dark, themes.Light, themes.Mono} {
		st := themes.New(k)
		for _, name := range sortedKeys(literalCorpus) {
			src := literalCorpus[name]
			want := literalText(src, st)
			what := k.String() + "/" + name

			r := markdownRenderer(200, st)
			in := joinListParagraphs(Sanitize(src))
			if _, ok, slow, why := fastRenderWhy(in, r.cfg, r.wrap, chromaFormatter, nil); !ok || slow > 0 {
				t.Errorf("%s: the fast path declined (%s)", what, why)
			}
			checkLiteral(t, what+" (fast path)", Markdown(src, 200, st), want)
			slow, err := r.glamour(in)
			if err != nil {
				t.Fatal(err)
			}
			checkLiteral(t, what+" (glamour)", trimBlankEdges(fitLines(slow, 200)), want)

			sm := NewStreamingMarkdown(200, st)
			for i := 0; i < len(src); i += 7 {
				sm.Append(src[i:min(i+7, len(src))])
				if i%5 == 0 {
					sm.View() // renders the stable part in pieces
				}
			}
			checkLiteral(t, what+" (streamed)", sm.View(), want)

			var printed []string
			for _, l := range MarkdownForScrollback(src, st) {
				printed = append(printed, l.Text)
			}
			checkLiteral(t, what+" (scrollback)", strings.Join(printed, "\n"), want)

			// Narrow, the lines wrap but no character is lost.
			if got := noSpace(ansi.Strip(Markdown(src, 24, st))); got != noSpace(strings.Join(want, "")) {
				t.Errorf("%s at width 24 shows %q, want the characters %q", what, got, noSpace(strings.Join(want, "")))
			}
		}
	}
}

// TestLiteralInlineHTML: HTML wherever markdown puts text is shown as
// written, its escapes and entities too, as Claude Code shows it.
func TestLiteralInlineHTML(t *testing.T) {
	st := themes.New(themes.Dark)
	for _, tt := range []struct{ in, want string }{
		{"a <a title=\"\\*x\\* &amp;\">t</a> b", "a <a title=\"\\*x\\* &amp;\">t</a> b"},
		{"# Title <small>v2</small>", "Title <small>v2</small>"},
		{"- use <T> here\n- press <kbd>Ctrl</kbd>+<kbd>C</kbd>", "• press <kbd>Ctrl</kbd>+<kbd>C</kbd>"},
		{"> quoted <em>html</em>", "│ quoted <em>html</em>"},
		{"*em <b>x</b>* and **<i>y</i>**", "em <b>x</b> and <i>y</i>"},
		{"~~old <b>x</b> &lt;~~", "old <b>x</b> &lt;"},
		{"[<b>link</b> &amp; text](https://e.example)", "<b>link</b> &amp; text https://e.example"},
		{"| <b>h</b> | `x &lt; y` |\n|---|---|\n| a<br>b | &amp; |", "<b>h</b>"},
		{"| <b>h</b> | `x &lt; y` |\n|---|---|\n| a<br>b | &amp; |", "x &lt; y"},
		{"| <b>h</b> | `x &lt; y` |\n|---|---|\n| a<br>b | &amp; |", "a<br>b"},
		{"| `a\\*b` | `c\\d` |\n|---|---|\n| 1 | 2 |", "a\\*b"},
		{"code `a\\*b &amp;` span", "a\\*b &amp;"},
		{"a <span\nclass=\"x\">multi-line tag</span>", "a <span class=\"x\">multi-line tag</span>"},
		{"<details>\n<summary>More *here*</summary>\n\nInside **bold**.\n\n</details>", "<summary>More *here*</summary>"},
		{"<details>\n<summary>More *here*</summary>\n\nInside **bold**.\n\n</details>", "</details>"},
	} {
		for _, fast := range []bool{true, false} {
			got := renderWith(fast, tt.in, 100, st)
			if !strings.Contains(got, tt.want) {
				t.Errorf("%q (fast path %v) shows\n%s\nwant it to hold %q", tt.in, fast, got, tt.want)
			}
		}
	}
}

// renderWith is Markdown's visible text, by the fast path or by glamour alone.
func renderWith(fast bool, src string, width int, st *themes.Styles) string {
	defer func(on bool) { fastMarkdownOn = on }(fastMarkdownOn)
	fastMarkdownOn = fast
	return strings.Join(nonBlankLines(Markdown(src, width, st)), "\n")
}

// TestLiteralHTMLBlockKeepsItsLines: an HTML block shows its own lines,
// indentation and blank lines kept, each block apart from its neighbours.
func TestLiteralHTMLBlockKeepsItsLines(t *testing.T) {
	st := themes.New(themes.Mono)
	src := "Before.\n\n<div class=\"card\">\n  <p>one</p>\n    <p>two</p>\n</div>\n\n<pre>\nkeep\n\n  this\n</pre>\n\nAfter."
	want := "Before.\n\n<div class=\"card\">\n  <p>one</p>\n    <p>two</p>\n</div>\n\n<pre>\nkeep\n\n  this\n</pre>\n\nAfter."
	for _, fast := range []bool{true, false} {
		defer func(on bool) { fastMarkdownOn = on }(fastMarkdownOn)
		fastMarkdownOn = fast
		var lines []string
		for _, l := range strings.Split(ansi.Strip(Markdown(src, 80, st)), "\n") {
			lines = append(lines, strings.TrimRight(l, " "))
		}
		if got := strings.Join(lines, "\n"); got != want {
			t.Errorf("fast path %v:\n%s\nwant\n%s", fast, got, want)
		}
	}
}
