package render

import (
	"bytes"
	"strconv"
	"strings"
	"unsafe"

	"github.com/yuin/goldmark/ast"

	gansi "charm.land/glamour/v2/ansi"
)

// fmBlock is one entry of the block stack: a buffer its children render
// into and its cascaded style.
type fmBlock struct {
	buf   *bytes.Buffer
	style gansi.StyleBlock
}

// marginBreakpoints are where glamour re-wraps lines of margin blocks
// (document, quotes, lists).
const marginBreakpoints = " ,.;-+|"

// bufView is the text of b without a copy. It is only valid until b is
// written to or reset; nothing may keep it (the pen's memo keeps copies).
func bufView(b *bytes.Buffer) string {
	if b.Len() == 0 {
		return ""
	}
	return unsafe.String(unsafe.SliceData(b.Bytes()), b.Len())
}

func (r *fastMD) cur() *fmBlock { return &r.stack[len(r.stack)-1] }

// parentStyle is the style of the block under the current one (zero for
// the document).
func (r *fastMD) parentStyle() gansi.StylePrimitive {
	if len(r.stack) < 2 {
		return gansi.StylePrimitive{}
	}
	return r.stack[len(r.stack)-2].style.StylePrimitive
}

func (r *fastMD) push(style gansi.StyleBlock) *bytes.Buffer {
	b := r.tempBuffer()
	r.stack = append(r.stack, fmBlock{buf: b, style: style})
	return b
}

func (r *fastMD) pop() {
	r.putBuffer(r.cur().buf)
	r.stack = r.stack[:len(r.stack)-1]
}

// tempBuffer is an empty buffer from the renderer's free list; putBuffer
// gives it back.
func (r *fastMD) tempBuffer() *bytes.Buffer {
	if n := len(r.free); n > 0 {
		b := r.free[n-1]
		r.free = r.free[:n-1]
		b.Reset()
		return b
	}
	return new(bytes.Buffer)
}

func (r *fastMD) putBuffer(b *bytes.Buffer) { r.free = append(r.free, b) }

// blockWidth is the width left for the current block: the wrap width less
// every stacked indent and twice every stacked margin.
func (r *fastMD) blockWidth() int {
	var ind, mar uint
	for _, b := range r.stack {
		if b.style.Indent != nil {
			ind += *b.style.Indent
		}
		if b.style.Margin != nil {
			mar += *b.style.Margin
		}
	}
	if ind+2*mar > uint(r.width) {
		return 0
	}
	return r.width - int(ind+2*mar)
}

// marginWriter is glamour's margin writer for the current block, writing
// to w.
func (r *fastMD) marginWriter(w *bytes.Buffer) *blockWriter {
	st := r.cur().style
	var n uint
	if st.Indent != nil {
		n += *st.Indent
	}
	if st.Margin != nil {
		n += *st.Margin
	}
	tok := " "
	if st.IndentToken != nil {
		tok = *st.IndentToken
	}
	ind := r.styledRepeat(r.parentStyle(), tok, n)
	pad := r.styledRepeat(st.StylePrimitive, " ", 1)
	return newBlockWriter(w, ind, true, r.blockWidth(), pad, r.memo)
}

// styledRepeat is tok written n times in primitive p, as a string shared
// by every block that asks for the same: indents and padding tokens recur
// in every block of a render.
func (r *fastMD) styledRepeat(p gansi.StylePrimitive, tok string, n uint) string {
	r.scratch.Reset()
	for range n {
		r.text(&r.scratch, p, tok)
	}
	if s, ok := r.strs[string(r.scratch.Bytes())]; ok {
		return s
	}
	s := r.scratch.String()
	r.strs[s] = s
	return s
}

// openBlock enters a quote, list or the document: entering text in the
// enclosing buffer, then the block's prefixes.
func (r *fastMD) openBlock(w *bytes.Buffer, entering string, style gansi.StyleBlock) {
	w.WriteString(entering)
	b := r.push(style)
	r.text(w, r.parentStyle(), style.BlockPrefix)
	r.text(b, style.StylePrimitive, style.Prefix)
}

// closeBlock finishes a margin block into w: its text re-wrapped at the
// breakpoints and passed through its margin writer.
func (r *fastMD) closeBlock(w *bytes.Buffer, newline bool) {
	st := r.cur().style
	mw := r.marginWriter(w)
	blk := bufView(r.cur().buf)
	mw.reserve(blk)
	wrapInto(mw, blk, r.blockWidth(), marginBreakpoints, r.memo)
	if newline {
		mw.write("\n")
	}
	r.text(w, st.StylePrimitive, st.Suffix)
	r.text(w, r.parentStyle(), st.BlockSuffix)
	r.pop()
	mw.close()
}

// openFlow opens a paragraph or heading: its text is collected and
// wrapped as one flow when it closes.
func (r *fastMD) openFlow(w *bytes.Buffer, rules gansi.StyleBlock) {
	b := r.push(inherit(r.cur().style, rules, false))
	r.text(w, r.parentStyle(), rules.BlockPrefix)
	r.text(b, r.cur().style.StylePrimitive, rules.Prefix)
}

// closeFlow wraps the flow to the block width and writes it into w through
// the margin writer; a paragraph's line breaks become spaces first, and an
// empty paragraph writes nothing.
func (r *fastMD) closeFlow(w *bytes.Buffer, paragraph bool) {
	st := r.cur().style
	mw := r.marginWriter(w)
	blk := bufView(r.cur().buf)
	mw.reserve(blk)
	if !paragraph {
		wrapInto(mw, blk, r.blockWidth(), "", r.memo)
	} else if strings.TrimSpace(blk) != "" {
		wrapInto(mw, strings.ReplaceAll(blk, "\n", " "), r.blockWidth(), "", r.memo)
		mw.write("\n")
	}
	r.text(w, st.StylePrimitive, st.Suffix)
	r.text(w, r.parentStyle(), st.BlockSuffix)
	r.pop()
	mw.close()
}

func (r *fastMD) heading(n *ast.Heading) bool {
	cfg := r.cfg
	levels := []gansi.StyleBlock{cfg.H1, cfg.H2, cfg.H3, cfg.H4, cfg.H5, cfg.H6}
	rules := inherit(gansi.StyleBlock{}, cfg.Heading, true)
	if n.Level >= 1 && n.Level <= 6 {
		rules = inherit(rules, levels[n.Level-1], true)
	}
	w := r.cur().buf
	if n.PreviousSibling() != nil {
		r.text(w, r.cur().style.StylePrimitive, "\n")
	}
	r.openFlow(w, rules)
	ok := r.children(n)
	r.closeFlow(r.stack[len(r.stack)-2].buf, false)
	return ok
}

func (r *fastMD) paragraph(n ast.Node) bool {
	w := r.cur().buf
	if n.PreviousSibling() != nil {
		w.WriteByte('\n')
	}
	r.openFlow(w, r.cfg.Paragraph)
	ok := r.children(n)
	r.closeFlow(r.stack[len(r.stack)-2].buf, true)
	return ok
}

func (r *fastMD) list(n *ast.List) bool {
	s := r.cfg.List.StyleBlock
	var zero uint
	if s.Indent == nil {
		s.Indent = &zero
	}
	for p := n.Parent(); p != nil; p = p.Parent() {
		if p.Kind() == ast.KindList {
			lvl := r.cfg.List.LevelIndent
			s.Indent = &lvl
			break
		}
	}
	r.openBlock(r.cur().buf, "\n", inherit(r.cur().style, s, false))
	ok := r.children(n)
	r.closeBlock(r.stack[len(r.stack)-2].buf, true)
	return ok
}

func (r *fastMD) listItem(n *ast.ListItem) bool {
	list := n.Parent().(*ast.List)
	w := r.cur().buf
	if list.IsOrdered() {
		idx := 1
		for p := n.PreviousSibling(); p != nil && p.Kind() == ast.KindListItem; p = p.PreviousSibling() {
			idx++
		}
		num := uint(idx)
		if list.Start != 1 {
			num += uint(list.Start) - 1
		}
		r.element(w, elem{style: r.cfg.Enumeration, prefix: strconv.FormatInt(int64(num), 10)}, nil)
	} else {
		r.element(w, elem{style: r.cfg.Item}, nil)
	}
	ok := r.children(n)
	if (n.LastChild() == nil || n.LastChild().Kind() != ast.KindList) && n.NextSibling() != nil {
		r.cur().buf.WriteByte('\n')
	}
	return ok
}

func (r *fastMD) blockquote(n ast.Node) bool {
	r.openBlock(r.cur().buf, "\n", inherit(r.cur().style, r.cfg.BlockQuote, false))
	ok := r.children(n)
	r.closeBlock(r.stack[len(r.stack)-2].buf, false)
	return ok
}

func (r *fastMD) rule() {
	r.element(r.cur().buf, elem{style: r.cfg.HorizontalRule}, nil)
}

// codeBlock highlights code as glamour does (same chroma call) and indents
// it by the code block's indent and margin.
func (r *fastMD) codeBlock(code, lang string) bool {
	w := r.cur().buf
	w.WriteByte('\n')
	rules := r.cfg.CodeBlock
	var n uint
	if rules.Indent != nil {
		n += *rules.Indent
	}
	if rules.Margin != nil {
		n += *rules.Margin
	}
	curSt := r.cur().style.StylePrimitive
	iw := newBlockWriter(w, r.styledRepeat(curSt, " ", n), false, 0, "", r.memo)
	defer iw.close()
	tmp := r.tempBuffer()
	defer r.putBuffer(tmp)
	if rules.Theme != "" {
		r.text(tmp, curSt, rules.BlockPrefix)
		hl, err := highlight(code, lang, r.formatter, rules.Theme)
		if err != nil {
			return false
		}
		tmp.WriteString(hl)
		r.text(tmp, curSt, rules.BlockSuffix)
	} else {
		r.element(tmp, elem{token: code, style: rules.StylePrimitive}, nil)
	}
	iw.write(bufView(tmp))
	return true
}
