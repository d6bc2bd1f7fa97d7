package render

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	uv "github.com/charmbracelet/ultraviolet"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/themes"
)

// The edges of the fast text path's shortcuts, each against the slow
// answer it must equal.

// TestVisibleWidthEdges measures what the CSI shortcut (sgrEnd) and the
// ASCII loop must not mistake: intermediates, private and colon
// parameters, cut-off and broken sequences, controls, CR LF, wide runes
// and marks beside ASCII.
func TestVisibleWidthEdges(t *testing.T) {
	for _, s := range []string{
		"\x1b[38;2;1;2;3mab\x1b[m", "\x1b[38:2::1:2:3mab", "\x1b[?25hab", "\x1b[1 qab", "\x1b[1;2 @x",
		"\x1b[38;2", "ab\x1b[", "\x1b[3\x07mab", "\x1b[3\x1bmab", "\x1b[3\x7fmab", "\x1b[3\u00e9mab",
		"\x1bxab", "\x1b\x1b[mab", "a\r\nb", "a\rb", "a\tb", "a\x00b", "a\x7fb", "a\u0085b",
		"a中b", "中\x1b[m文", "e\u0301\x1b[1m\u0301", "a\u200db", "🎉\x1b[m\u200d🎉", "\u00a0\x1b[m•",
		"\x1b]8;;http://x\x07link\x1b]8;;\x07", "\x1b]8;;http://x\x1b\\l", "\x1b]8;;\x1b[ml",
		"\x1b[1m \x1b[m\x1b[1m \x1b[m", "\x1b[1m \x1b[m\x1b[1m \x1b[", "\x1b[1m \x1b[m\x1b[2m \x1b[m", "\x1b[1H \x1b[m",
		"\x1b[1m \x1b[0m\x1b[1m \x1b[0m", "\x1b[1m \x1b[m\x1b[1m \x1b[m中", "\x1b[1m \x1b[m\x1b[1m \x1b[m\u0301",
	} {
		if got, want := visibleWidth(s), xansiWidth(s); got != want {
			t.Errorf("%q: width %d, ansi says %d", s, got, want)
		}
	}
}

// TestSGRMemoKeepsItsOwnCopy holds the memo to sequences that are views of
// a block buffer the renderer later reuses: changing the buffer must not
// change what the memo answers.
func TestSGRMemoKeepsItsOwnCopy(t *testing.T) {
	m := newSGRMemo()
	p := newPen(m)
	var b bytes.Buffer
	b.WriteString("\x1b[1;2m")
	p.feed(bufView(&b))
	bold := p.id
	p.id = 0
	p.feed("\x1b[1;2m") // a hit: the memo's recent-step cache now holds the key
	b.Reset()
	b.WriteString("\x1b[3;2m") // same length and cache slot, reusing the bytes
	p.id = 0
	p.feed(bufView(&b))
	if p.id == bold {
		t.Fatal("italic faint after nothing was answered with bold faint's memo entry")
	}
	for _, seq := range []string{"\x1b[1;2m", "\x1b[3;2m"} {
		p.id = 0
		p.feed(seq)
		want := newPen(newSGRMemo())
		want.feed(seq)
		if got, exp := m.styles[p.id].style, want.memo.styles[want.id].style; got != exp {
			t.Errorf("%q: style %+v, want %+v", seq, got, exp)
		}
	}
}

// TestPenOpenSequence checks the cached reopen sequence against the style's
// own rendering, after a chain of sequences.
func TestPenOpenSequence(t *testing.T) {
	m := newSGRMemo()
	p := newPen(m)
	for _, seq := range []string{"\x1b[1m", "\x1b[38;5;12m", "\x1b[4m"} {
		p.feed(seq)
		st := m.styles[p.id].style
		if got, want := p.open(), st.String(); got != want {
			t.Errorf("after %q: reopen %q, want %q", seq, got, want)
		}
	}
	p.feed("\x1b[0m")
	if p.styled() {
		t.Error("a reset left the pen styled")
	}
}

// TestBlockWriterPadding pads lines of every width with a plain and a
// styled token, past the length of the cached run, as the one-token loop
// would.
func TestBlockWriterPadding(t *testing.T) {
	m := newSGRMemo()
	for _, tok := range []string{" ", "\x1b[38;5;252m \x1b[m"} {
		for _, padTo := range []int{1, 5, 80, 300} {
			for _, text := range []string{"", "a", "abcde", strings.Repeat("x", 90), "中文"} {
				var got bytes.Buffer
				w := newBlockWriter(&got, "> ", true, padTo, tok, m)
				w.write(text + "\n" + text + "\n")
				w.close()
				line := "> " + text + strings.Repeat(tok, max(padTo-visibleWidth(text), 0)) + "\n"
				if want := line + line; got.String() != want {
					t.Fatalf("tok %q padTo %d text %q:\n got %q\nwant %q", tok, padTo, text, got.String(), want)
				}
			}
		}
	}
}

// TestFastRenderReusesBuffersExactly renders documents of different shapes
// in turn through the same renderers (so block buffers, pens and memo
// entries of one render are reused by the next) and holds every render to
// glamour's.
func TestFastRenderReusesBuffersExactly(t *testing.T) {
	docs := []string{
		"# Title\n\nSome *emphasis* and **strong** and `code`.\n\n- a\n- b\n  - nested **bold** item\n\n> quoted\n> text with a [link](https://example.com)\n",
		"1. one\n2. two with a very long line that has to be wrapped because it is far wider than the width\n\n```go\nfunc main() {}\n```\n",
		"Plain paragraph only.\n",
		"> > deep quote with ~~strike~~ and _emph_ text that goes on and on past the wrap width of the renderer\n",
	}
	for _, kind := range []themes.Kind{themes.Dark, themes.Light} {
		r := markdownRenderer(50, themes.New(kind))
		for range 3 {
			for i, d := range docs {
				if !checkFast(t, "reuse", d, r, nil) {
					t.Errorf("doc %d did not take the fast path", i)
				}
			}
		}
	}
}

// renderedPieces are what rendered output is made of, hostile pieces
// included: the shortcuts below must treat any mix as the slow paths do.
var renderedPieces = []string{"a", " ", "  ", "é", "中", "\u0301", "\u200b", "\t", "\x07", "\x1b", "\x1b[m",
	"\x1b[0m", "\x1b[38;2;1;2;3m", "\x1b[1;", "\x1b[?25h", "\x1bx", "\x1b]8;id=1;https://x.example\x07",
	"https://x.example", "\x1b]8;;\x07", "\x1b]8;;https://y\x1b\\", "\x1b]0;t\x07", "\n", "m", "\x1b[3\x1bm",
	"\x1b[38;2;1;2;3m \x1b[m", "\x1b[38;2;1;2;3m \x1b[m\x1b[38;2;1;2;3m \x1b[m\x1b[38;2;1;2;3m \x1b[m", "\x1b[1m \x1b[m\x1b[1m \x1b[m"}

func randomRendered(r *rand.Rand) string {
	var b strings.Builder
	for n := r.IntN(12); n >= 0; n-- {
		b.WriteString(renderedPieces[r.IntN(len(renderedPieces))])
	}
	return b.String()
}

// TestSanitizeRenderedPrefixShortcut holds the unchanged-prefix shortcut to
// the full pass from the first byte.
func TestSanitizeRenderedPrefixShortcut(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for range 30000 {
		s := randomRendered(r)
		if got, want := SanitizeRendered(s), sanitizeRenderedFrom(s, 0); got != want {
			t.Fatalf("%q: shortcut gives %q, the full pass %q", s, got, want)
		}
	}
}

// trimPaddingByLastCSI is trimPadding as it was written first, looking
// back for the last "\x1b[" rather than the last ESC and ending a line
// whose cut padding held styling with a reset: the oracle for the shortcut.
func trimPaddingByLastCSI(line string) string {
	end, cutSGR := len(line), false
	for end > 0 {
		switch {
		case line[end-1] == ' ':
			end--
		case line[end-1] == 'm':
			start := strings.LastIndex(line[:end], "\x1b[")
			if start < 0 || !isSGRParams(line[start+2:end-1]) {
				return oracleFinishTrim(line, end, cutSGR)
			}
			end, cutSGR = start, true
		default:
			return oracleFinishTrim(line, end, cutSGR)
		}
	}
	return oracleFinishTrim(line, end, cutSGR)
}

func oracleFinishTrim(line string, end int, cutSGR bool) string {
	if cutSGR && end > 0 {
		return line[:end] + "\x1b[m"
	}
	return line[:end]
}

// fitLinesJoined is fitLines as it was written first, one line at a time
// with the reset joined to the line before the width check: the oracle for
// the split-off reset and the shortcut width.
func fitLinesJoined(s string, width int) string {
	var b strings.Builder
	for i, line := range strings.Split(s, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		line = trimPaddingByLastCSI(line)
		if len(line) > width && visibleWidth(line) > width {
			line = xansi.Hardwrap(line, width, true)
		}
		b.WriteString(line)
	}
	return b.String()
}

func TestFitLinesAgreesWithJoinedReset(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	for range 30000 {
		s, width := randomRendered(r), 1+r.IntN(12)
		if got, want := fitLines(s, width), fitLinesJoined(s, width); got != want {
			t.Fatalf("%q at %d: fitted to %q, want %q", s, width, got, want)
		}
	}
}

func TestTrimPaddingLastESC(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 1))
	for range 30000 {
		s := strings.ReplaceAll(randomRendered(r), "\n", "")
		if got, want := trimPadding(s), trimPaddingByLastCSI(s); got != want {
			t.Fatalf("%q: trimmed to %q, want %q", s, got, want)
		}
	}
}

// TestStyledSpacesShortcut holds the padding-run shortcut of the wrap pass
// to the block writer's general path: on one line that ends with its style
// and link closed, wrapInto writes what write does, padding included (the
// line's width) and the indenting pen's state at the newline.
func TestStyledSpacesShortcut(t *testing.T) {
	unit := "\x1b[38;5;2m \x1b[m"
	pieces := []string{unit, unit + unit + unit, "\x1b[1m \x1b[m", "\x1b[1m", "\x1b[38;5;2m", " ", "ab", "中",
		"\x1b[m", "\x1b[0m", "\x1b]8;;http://x\x07", "\x1b]8;;\x07", "\x1b[38;5;2m \x1b[0m", "\x1b[1;2H \x1b[m"}
	r := rand.New(rand.NewPCG(2, 8))
	for range 5000 {
		var b strings.Builder
		for n := r.IntN(10); n >= 0; n-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String() + "\x1b[m\x1b]8;;\x07\n"
		var got, want bytes.Buffer
		m := newSGRMemo()
		gw := newBlockWriter(&got, "\x1b[2m>\x1b[m ", true, 60, "\x1b[3m \x1b[m", m)
		wrapInto(gw, s, 200, "", m)
		gw.close()
		ww := newBlockWriter(&want, "\x1b[2m>\x1b[m ", true, 60, "\x1b[3m \x1b[m", m)
		ww.write(s)
		ww.close()
		if got.String() != want.String() {
			t.Fatalf("%q:\n got %q\nwant %q", s, got.String(), want.String())
		}
	}
}

// TestVisibleWidthRendered measures random rendered text, padding runs
// among it, as ansi does.
func TestVisibleWidthRendered(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 6))
	for range 30000 {
		s := randomRendered(r)
		if got, want := visibleWidth(s), xansiWidth(s); got != want {
			t.Fatalf("%q: width %d, ansi says %d", s, got, want)
		}
	}
}

// TestPenLinkMemo follows hyperlinks with a warm memo as a pen parsing
// every sequence afresh does: a sequence that leaves the link as it was
// (not three fields) must not be answered from the memo.
func TestPenLinkMemo(t *testing.T) {
	seqs := []string{"\x1b]8;id=1;http://a\x07", "\x1b]8;x\x07", "\x1b]8;;\x07", "\x1b]8;x\x07",
		"\x1b]8;;http://b\x1b\\", "\x1b[1m", "\x1b]8;a;b;c\x07", "\x1b]8;;\x1b\\", "\x1b]8;x\x07"}
	warm := newPen(newSGRMemo())
	for range 2 {
		for _, seq := range seqs {
			warm.feed(seq)
		}
	}
	warm.link = uv.Link{}
	warm.id = 0
	cold := newPen(newSGRMemo())
	for _, seq := range seqs {
		warm.feed(seq)
		cold.memo = newSGRMemo()
		cold.id = 0
		cold.feed(seq)
		if warm.link != cold.link {
			t.Fatalf("after %q: link %+v, parsing says %+v", seq, warm.link, cold.link)
		}
	}
}

// sanitizeRenderedOneByOne is SanitizeRendered as first written, every
// escape sequence on its own and no shortcut: the oracle for the shortcuts.
func sanitizeRenderedOneByOne(s string) string {
	var b strings.Builder
	var link *pendingLink
	out := func() *strings.Builder {
		if link != nil {
			return &link.body
		}
		return &b
	}
	text := 0
	for i := 0; i < len(s); {
		if s[i] != 0x1b {
			i++
			continue
		}
		n, kind, target := escapeAt(s[i:])
		if kind == escNone {
			i++
			continue
		}
		out().WriteString(Sanitize(s[text:i]))
		switch kind {
		case escSGR:
			out().WriteString(s[i : i+n])
		case escLinkOpen:
			if link != nil {
				link.close(&b)
			}
			link = &pendingLink{open: s[i : i+n], target: target}
		case escLinkClose:
			if link != nil {
				link.body.WriteString(s[i : i+n])
				link.close(&b)
				link = nil
			}
		}
		i += n
		text = i
	}
	out().WriteString(Sanitize(s[text:]))
	if link != nil {
		link.body.WriteString(xansi.ResetHyperlink())
		link.close(&b)
	}
	return b.String()
}

func TestSanitizeRenderedAgreesWithOneByOne(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 3))
	for range 30000 {
		s := randomRendered(r)
		if got, want := SanitizeRendered(s), sanitizeRenderedOneByOne(s); got != want {
			t.Fatalf("%q: %q, one by one %q", s, got, want)
		}
	}
}

// TestSGRMemoAgreesWithParsing follows random chains of many SGR sequences
// (more than the memo's recent-step cache has slots, so they collide) with
// a warm memo and holds every step to a fresh parse from the same style.
func TestSGRMemoAgreesWithParsing(t *testing.T) {
	var seqs []string
	for c := range 90 {
		seqs = append(seqs, fmt.Sprintf("\x1b[38;5;%dm", c), fmt.Sprintf("\x1b[38;2;%d;%d;%dm", c, 255-c, c*2))
	}
	seqs = append(seqs, "\x1b[1m", "\x1b[3m", "\x1b[4m", "\x1b[1;2m", "\x1b[3;2m", "\x1b[22m", "\x1b[m", "\x1b[0m")
	r := rand.New(rand.NewPCG(1, 2))
	warm := newPen(newSGRMemo())
	for range 20000 {
		seq := seqs[r.IntN(len(seqs))]
		if r.IntN(2) == 0 {
			warm.feed("\x1b[m") // most steps start unstyled, as in rendered text
		}
		from := warm.memo.styles[warm.id].style
		warm.feed(seq)
		cold := newPen(newSGRMemo())
		cold.id = cold.memo.intern(from)
		cold.feed(seq)
		if got, want := warm.memo.styles[warm.id].style, cold.memo.styles[cold.id].style; got != want {
			t.Fatalf("%q after %+v: %+v, parsing says %+v", seq, from, got, want)
		}
	}
}
