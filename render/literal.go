package render

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"
)

// Claude Code shows an answer's text as written. Its renderer (marked's
// tokens, CLI 2.1.332) returns raw HTML, inline or a whole block, comments
// included, as its source text; it decodes no entity reference ("&lt;"
// stays "&lt;") except the non-breaking space (&nbsp;, &#160;, &#xA0;, with
// up to four leading zeros), which becomes a plain space in prose but not
// in a link's text; it drops the backslash of an escaped ASCII punctuation
// character ("\<" is "<", "\a" stays); and a code span is shown as it is.
// (Read in the CLI's bundled renderer and seen on its own screen, fed such
// an answer by the fake API.)
// Glamour would strip the HTML and decode every entity, so literalize
// rewrites the parsed document before either renderer sees it: the fast
// path and glamour render the same tree, and stay byte-equal.
//
// Both renderers show a text node's token through html.UnescapeString and
// glamour's markdown unescaping (escapeReplacer, unescapeMarkdown), a code
// span's without the latter (but a table cell's code span gets both). A
// rewritten node therefore points at an encoding of its literal text that
// those decode back to it: '&' as "&amp;" and '\' as "\\" (see encodeLiteral),
// appended to a copy of the source.

// literalize rewrites doc, parsed from src, so that it renders as Claude
// Code shows it: raw HTML becomes text, an HTML block a text block of its
// lines, and text and code spans keep their entity references. It returns
// the source to render the rewritten doc with: src when nothing changed,
// otherwise a copy of src with the new texts after it (offsets into src
// stay valid).
func literalize(doc ast.Node, src []byte) []byte {
	if bytes.IndexByte(src, '<') < 0 && bytes.IndexByte(src, '&') < 0 && bytes.IndexByte(src, '\\') < 0 {
		return src
	}
	l := literalizer{src: src}
	l.children(doc, false)
	if l.out == nil {
		return src
	}
	return l.out
}

// literalizer holds the source a rewrite appends to.
type literalizer struct {
	src []byte
	out []byte // src and the appended texts; nil until the first is needed
	lit []byte // scratch for a literal text
}

// children rewrites n's children; inTable is set below a table cell.
func (l *literalizer) children(n ast.Node, inTable bool) {
	for c := n.FirstChild(); c != nil; {
		next := c.NextSibling() // c may be replaced
		switch c := c.(type) {
		case *ast.Text:
			l.text(c, n.Kind() != ast.KindLink)
		case *ast.RawHTML:
			l.rawHTML(n, c)
		case *ast.HTMLBlock:
			l.htmlBlock(n, c)
		case *ast.CodeSpan:
			l.codeSpan(c, inTable)
		default:
			l.children(c, inTable || c.Kind() == east.KindTableCell)
		}
		c = next
	}
}

// text rewrites a prose text: escapes resolved, entities kept, and (unless
// it is a link's text) the non-breaking space entities turned to spaces.
func (l *literalizer) text(t *ast.Text, nbsp bool) {
	v := t.Segment.Value(l.src)
	if bytes.IndexByte(v, '\\') < 0 && bytes.IndexByte(v, '&') < 0 {
		return // renders as it is
	}
	l.lit = proseLiteral(l.lit[:0], v, nbsp)
	t.Segment = l.appendLiteral(l.lit, true)
}

// codeSpan keeps a code span's entity references: glamour would decode them.
func (l *literalizer) codeSpan(c *ast.CodeSpan, inTable bool) {
	for n := c.FirstChild(); n != nil; n = n.NextSibling() {
		t, ok := n.(*ast.Text)
		if !ok {
			continue
		}
		v := t.Segment.Value(l.src)
		if bytes.IndexByte(v, '&') < 0 && (!inTable || bytes.IndexByte(v, '\\') < 0) {
			continue
		}
		t.Segment = l.appendLiteral(v, inTable)
	}
}

// rawHTML replaces inline HTML with text nodes of its lines.
func (l *literalizer) rawHTML(parent ast.Node, h *ast.RawHTML) {
	for i := 0; i < h.Segments.Len(); i++ {
		seg := h.Segments.At(i)
		line, broken := bytes.CutSuffix(seg.Value(l.src), []byte("\n"))
		t := ast.NewTextSegment(l.appendLiteral(line, true))
		t.SetSoftLineBreak(broken)
		parent.InsertBefore(parent, h, t)
	}
	parent.RemoveChild(parent, h)
}

// htmlBlock replaces an HTML block with a text block holding its lines,
// each ending with a line break, after a blank line as a paragraph has.
// Keeping the block's lines (not a paragraph's flow) is how Claude Code
// shows it. The text block keeps the block's lines for the fast path's
// segmenter, which reads where a block starts.
func (l *literalizer) htmlBlock(parent ast.Node, h *ast.HTMLBlock) {
	tb := ast.NewTextBlock()
	tb.SetLines(h.Lines())
	if h.PreviousSibling() != nil {
		blank := ast.NewTextSegment(l.appendLiteral(nil, true))
		blank.SetHardLineBreak(true)
		tb.AppendChild(tb, blank)
	}
	lines := make([]text.Segment, 0, h.Lines().Len()+1)
	for i := 0; i < h.Lines().Len(); i++ {
		lines = append(lines, h.Lines().At(i))
	}
	if h.HasClosure() {
		lines = append(lines, h.ClosureLine)
	}
	// A list item breaks the line after its last block itself.
	lastBreaks := parent.Kind() != ast.KindListItem || h.NextSibling() != nil
	for i, seg := range lines {
		line := bytes.TrimSuffix(seg.Value(l.src), []byte("\n"))
		t := ast.NewTextSegment(l.appendLiteral(line, true))
		t.SetHardLineBreak(i < len(lines)-1 || lastBreaks)
		tb.AppendChild(tb, t)
	}
	parent.ReplaceChild(parent, h, tb)
}

// appendLiteral appends the encoding of lit that decodes back to it and
// returns its segment. With markdown set the encoding also survives the
// markdown unescaping that prose gets.
func (l *literalizer) appendLiteral(lit []byte, markdown bool) text.Segment {
	if l.out == nil {
		l.out = make([]byte, len(l.src), len(l.src)+len(lit)*2+64)
		copy(l.out, l.src)
	}
	start := len(l.out)
	l.out = encodeLiteral(l.out, lit, markdown)
	return text.NewSegment(start, len(l.out))
}

// encodeLiteral appends lit with every '&' written "&amp;" (html.UnescapeString
// gives "&" back and decodes nothing else) and, with markdown set, every '\'
// doubled (glamour's unescaping turns "\\" into "\" and reads no pair that
// starts with the second one).
func encodeLiteral(dst, lit []byte, markdown bool) []byte {
	for _, c := range lit {
		switch {
		case c == '&':
			dst = append(dst, "&amp;"...)
		case c == '\\' && markdown:
			dst = append(dst, '\\', '\\')
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// proseLiteral appends what Claude Code shows for a text's source v: a
// backslash before ASCII punctuation dropped, entity references kept, and
// with nbsp set the non-breaking space references read as a space.
func proseLiteral(dst, v []byte, nbsp bool) []byte {
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c == '\\' && i+1 < len(v) && isASCIIPunct(v[i+1]) {
			i++
			dst = append(dst, v[i])
			continue
		}
		if c == '&' && nbsp {
			if n := nbspRefLen(v[i:]); n > 0 {
				dst = append(dst, ' ')
				i += n - 1
				continue
			}
		}
		dst = append(dst, c)
	}
	return dst
}

// nbspRefLen is the length of the non-breaking space reference v starts
// with, as Claude Code matches it (/&(?:nbsp|#0{0,4}160|#[xX]0{0,4}[aA]0);/),
// or 0. The number never starts with a zero, so the padding needs no
// backtracking.
func nbspRefLen(v []byte) int {
	if bytes.HasPrefix(v, []byte("&nbsp;")) {
		return len("&nbsp;")
	}
	if len(v) < 2 || v[1] != '#' {
		return 0
	}
	i := 2
	number := []byte("160")
	if i < len(v) && (v[i] == 'x' || v[i] == 'X') {
		i++
		number = []byte("a0")
	}
	for zeros := 0; zeros < 4 && i < len(v) && v[i] == '0'; zeros++ {
		i++
	}
	if len(v) < i+len(number)+1 || !bytes.EqualFold(v[i:i+len(number)], number) || v[i+len(number)] != ';' {
		return 0
	}
	return i + len(number) + 1
}

// isASCIIPunct reports whether c is one of CommonMark's escapable characters.
func isASCIIPunct(c byte) bool {
	return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~'
}
