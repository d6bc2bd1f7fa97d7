package render

import (
	"bytes"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// A document the fast path cannot render whole is cut between top-level
// blocks: runs of blocks it supports render fast, the others (a table with
// links, an image) by glamour, each as a continued document (see
// continuationSeed), exactly as StreamingMarkdown renders its chunks.
// Glamour's document layer works line by line, so the pieces join into
// the whole document's output as long as each piece but the last ends with
// a newline and leaves no style or link open; if one does not, the whole
// document goes to glamour.

type segment struct {
	from, to int // top-level blocks [from, to)
	glamour  bool
}

// renderSegmented renders doc's top-level blocks in runs. It reports false
// when the document has to go to glamour whole.
func (r *fastMD) renderSegmented(doc ast.Node, in string, glamour func(string) (string, error)) (string, bool) {
	st := r.cfg.Document
	if st.Prefix != "" || st.Suffix != "" || st.BlockPrefix != "" || st.BlockSuffix != "" {
		return "", false
	}
	var blocks []ast.Node
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		blocks = append(blocks, c)
	}
	starts := make([]int, len(blocks)+1) // source offset of each block's first line; -1 unknown
	for i, b := range blocks {
		starts[i] = lineStartOf(b, r.src)
	}
	starts[0], starts[len(blocks)] = 0, len(in)
	segs := planSegments(blocks, starts, r.supported)
	if segs == nil {
		return "", false
	}
	var out bytes.Buffer
	joined := "" // the blank line a fast piece already ended for the next piece
	for i, sg := range segs {
		var piece string
		if sg.glamour {
			src := in[starts[sg.from]:starts[sg.to]]
			r.slowBytes += len(src)
			s, ok := r.glamourPiece(src, i > 0, joined, glamour)
			if !ok {
				return "", false
			}
			piece = s
			joined = ""
		} else {
			tableNext := i+1 < len(segs) && blocks[sg.to].Kind() == east.KindTable
			s, blank, ok := r.fastPiece(blocks[sg.from:sg.to], tableNext)
			if !ok {
				return "", false
			}
			piece, joined = s, blank
		}
		if i < len(segs)-1 && !endsClean(piece, r.memo) {
			return "", false
		}
		out.WriteString(piece)
	}
	return out.String(), true
}

// fastPiece renders top-level blocks as a document of their own. A code
// block's last line is left open, to be ended by whatever follows; when a
// table (which starts with a bare newline) follows, that newline is written
// here, and the blank line it renders as is returned so that the table's
// piece can check and drop it.
func (r *fastMD) fastPiece(blocks []ast.Node, tableNext bool) (piece, blank string, ok bool) {
	var b bytes.Buffer
	r.openBlock(&b, "", r.cfg.Document)
	for _, n := range blocks {
		if !r.node(n) {
			return "", "", false
		}
	}
	if doc := r.cur().buf; tableNext && doc.Len() > 0 && doc.Bytes()[doc.Len()-1] != '\n' {
		doc.WriteByte('\n')
		var bl bytes.Buffer
		mw := r.marginWriter(&bl)
		mw.write("\n")
		mw.close()
		blank = bl.String()
	}
	r.closeBlock(&b, false)
	return b.String(), blank, true
}

// glamourPiece renders src with glamour; a continued piece is seeded (see
// continuationSeed) and the seed's line cut off, and so is the blank line
// the previous piece already wrote, which must be the piece's first line.
func (r *fastMD) glamourPiece(src string, continued bool, joined string, glamour func(string) (string, error)) (string, bool) {
	if continued {
		src = continuationSeed + src
	}
	s, err := glamour(src)
	if err != nil {
		return "", false
	}
	if continued {
		j := strings.IndexByte(s, '\n')
		if j < 0 {
			return "", false
		}
		s = s[j+1:]
	}
	if joined != "" {
		if !strings.HasPrefix(s, joined) {
			return "", false
		}
		s = s[len(joined):]
	}
	return s, true
}

// planSegments groups the blocks into fast and glamour runs. A glamour run
// needs the source offsets where it starts and ends, so it swallows
// neighbours whose start is unknown. Nil when nothing would be fast.
func planSegments(blocks []ast.Node, starts []int, fast func(ast.Node) bool) []segment {
	n := len(blocks)
	slow := make([]bool, n)
	any := false
	for i, b := range blocks {
		slow[i] = !fast(b)
		any = any || slow[i]
	}
	if !any {
		return nil
	}
	for changed := true; changed; {
		changed = false
		for i := 0; i < n; i++ {
			if !slow[i] {
				continue
			}
			if starts[i] < 0 && i > 0 && !slow[i-1] {
				slow[i-1], changed = true, true
			}
			if i+1 < n && starts[i+1] < 0 && !slow[i+1] {
				slow[i+1], changed = true, true
			}
		}
	}
	var segs []segment
	fastCount := 0
	for i := 0; i < n; {
		j := i
		for j < n && slow[j] == slow[i] {
			j++
		}
		segs = append(segs, segment{from: i, to: j, glamour: slow[i]})
		if !slow[i] {
			fastCount += j - i
		}
		i = j
	}
	if fastCount == 0 {
		return nil
	}
	return segs
}

// lineStartOf is the offset of the line a top-level block starts on, or -1
// when it cannot be told from the AST.
func lineStartOf(n ast.Node, src []byte) int {
	off := firstOffset(n)
	if off < 0 {
		return -1
	}
	if _, fenced := firstLeaf(n).(*ast.FencedCodeBlock); fenced {
		return -1 // the fence line precedes the first segment
	}
	return bytes.LastIndexByte(src[:off], '\n') + 1
}

// firstLeaf follows first children down to a block without block children.
func firstLeaf(n ast.Node) ast.Node {
	for {
		switch n.Kind() {
		case ast.KindList, ast.KindListItem, ast.KindBlockquote, east.KindTable, east.KindTableHeader, east.KindTableRow:
			if n.FirstChild() == nil {
				return n
			}
			n = n.FirstChild()
		default:
			return n
		}
	}
}

// firstOffset is the source offset of a block's first text.
func firstOffset(n ast.Node) int {
	leaf := firstLeaf(n)
	if leaf.Type() == ast.TypeBlock && leaf.Lines().Len() > 0 {
		return leaf.Lines().At(0).Start
	}
	if leaf.Kind() == east.KindTableCell {
		if t, ok := leaf.FirstChild().(*ast.Text); ok {
			return t.Segment.Start
		}
	}
	return -1
}

// endsClean reports whether rendered text ends a line with no style or
// hyperlink left open.
func endsClean(s string, memo *sgrMemo) bool {
	if !strings.HasSuffix(s, "\n") {
		return false
	}
	p := newPen(memo)
	defer p.release()
	for i := 0; i < len(s); {
		if s[i] != 0x1b {
			i++
			continue
		}
		n := escLen(s[i:])
		p.feed(s[i : i+n])
		i += n
	}
	return !p.styled() && !p.linked()
}
