package render

import (
	"bytes"
	"fmt"
	"html"
	"strings"
	"sync"
	"unsafe"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	gansi "charm.land/glamour/v2/ansi"
)

// The fast markdown path renders what glamour would, byte for byte, without
// glamour's writer stack: the same goldmark parse (raw HTML and entities
// made literal first, literal.go), the same element logic and styles, but
// the indent, padding and pen-tracking writers work on runs of text instead
// of single bytes (see blockWriter and pen). Documents holding anything it
// does not reproduce exactly (tables with links, images, task lists,
// definition lists, text that decodes to control characters) go to
// glamour, whole or in pieces (see renderSegmented);
// fastmd_diff_test.go holds the two to the same output. Every whole-document
// fallback, a recovered panic included, is counted and written to the debug
// log (fallback.go); GCLAUDE_MARKDOWN=glamour turns the fast path off.
//
// When glamour, goldmark or lipgloss change: run make deps-check. A failing
// differential test or FuzzFastMarkdown prints the first differing line of
// both outputs; find the library's change behind it (diff the old and new
// module in GOPATH/pkg/mod: glamour's ansi/*.go writers and styles, lipgloss's
// Style.Render) and change the matching fastmd_*.go writer the same way, or
// send that construct to glamour (supported) until it is ported. Goldens
// change only where glamour's own output changed, and say so in the commit.

// fastParser is goldmark configured exactly as glamour configures it; the
// glamour path parses with it too (glamourRenderer).
var fastParser = sync.OnceValue(func() parser.Parser {
	return goldmark.New(
		goldmark.WithExtensions(extension.GFM, extension.DefinitionList),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
	).Parser()
})

// fastMD is one fast render: the style config, the block stack and caches.
type fastMD struct {
	cfg       *gansi.StyleConfig
	width     int
	formatter string
	src       []byte
	stack     []fmBlock
	free      []*bytes.Buffer
	sgr       map[sgrKey]string
	memo      *sgrMemo
	strs      map[string]string // see styledRepeat
	scratch   bytes.Buffer
	slowBytes int // source bytes rendered by glamour
}

// fastRender renders markdown as glamour configured with styles cfg, word
// wrap width and chroma formatter would. Blocks it cannot render go to
// glamour, called through the given function (nil: the whole document
// goes to glamour then, and fastRender reports false).
// Each time it reports false is counted and logged (noteFallback).
func fastRender(src string, cfg *gansi.StyleConfig, width int, formatter string, glamour func(string) (string, error)) (out string, ok bool) {
	// A bug here must cost speed, not the program: glamour takes over, and
	// the debug log says so.
	defer func() {
		if p := recover(); p != nil {
			out, ok = "", false
			fallbackCounts.panics.Add(1)
			noteFallback(&fallbackCounts.markdown, "markdown", fmt.Sprintf("panic in the fast path: %v", p), len(src))
		}
	}()
	out, ok, _, why := fastRenderWhy(src, cfg, width, formatter, glamour)
	if !ok {
		noteFallback(&fallbackCounts.markdown, "markdown", why, len(src))
	}
	return out, ok
}

// fastRenderWhy is fastRender that also tells how many source bytes went to glamour
// and why it declined.
func fastRenderWhy(src string, cfg *gansi.StyleConfig, width int, formatter string, glamour func(string) (string, error)) (string, bool, int, string) {
	if !fastConfigOK(cfg) {
		return "", false, len(src), "a style the fast path does not reproduce"
	}
	b := []byte(src)
	pc := parser.NewContext()
	doc := fastParser().Parse(text.NewReader(b), parser.WithContext(pc))
	b = literalize(doc, b)
	r := getFastMD(cfg, width, formatter, b)
	defer putFastMD(r)
	if !r.supported(doc) {
		// Pieces rendered alone would not see the link definitions.
		if glamour == nil || len(pc.References()) > 0 {
			return "", false, len(src), "unsupported blocks in a document with link definitions"
		}
		out, ok := r.renderSegmented(doc, src, glamour)
		if !ok {
			return "", false, len(src), "unsupported blocks that could not be rendered apart"
		}
		return out, true, r.slowBytes, ""
	}
	var out bytes.Buffer
	r.openBlock(&out, "", cfg.Document)
	if !r.children(doc) {
		return "", false, len(src), "a block the fast path declined while rendering"
	}
	r.closeBlock(&out, false)
	return bufView(&out), true, 0, "" // out is never touched again
}

// fastFree keeps a few renderers with their caches of styles and SGR
// effects and their block buffers warm between calls: the streaming tail
// is rendered every frame, and a long answer's document buffer is megabytes
// that a sync.Pool would drop at every collection.
var fastFree struct {
	sync.Mutex
	list []*fastMD
}

const (
	fastFreeMax   = 4       // renderers kept
	fastBufferMax = 4 << 20 // bytes of a block buffer worth keeping
)

func getFastMD(cfg *gansi.StyleConfig, width int, formatter string, src []byte) *fastMD {
	var r *fastMD
	fastFree.Lock()
	if n := len(fastFree.list); n > 0 {
		r = fastFree.list[n-1]
		fastFree.list = fastFree.list[:n-1]
	}
	fastFree.Unlock()
	if r == nil {
		r = &fastMD{sgr: make(map[sgrKey]string), memo: newSGRMemo(), strs: make(map[string]string)}
	}
	r.cfg, r.width, r.formatter, r.src = cfg, width, formatter, src
	r.stack, r.slowBytes = r.stack[:0], 0
	if len(r.sgr) > 4096 || r.memo.size() > 16384 || len(r.strs) > 4096 {
		r.sgr, r.memo, r.strs = make(map[sgrKey]string), newSGRMemo(), make(map[string]string)
	}
	return r
}

func putFastMD(r *fastMD) {
	r.cfg, r.src = nil, nil
	kept := r.free[:0]
	for _, b := range r.free {
		if b.Cap() <= fastBufferMax {
			kept = append(kept, b)
		}
	}
	clear(r.free[len(kept):])
	r.free = kept
	fastFree.Lock()
	if len(fastFree.list) < fastFreeMax {
		fastFree.list = append(fastFree.list, r)
	}
	fastFree.Unlock()
}

// children renders the child nodes of a block; false if a code block
// could not be highlighted (glamour fails the whole render then).
func (r *fastMD) children(n ast.Node) bool {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if !r.node(c) {
			return false
		}
	}
	return true
}

func (r *fastMD) node(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.Paragraph:
		if n.Parent() != nil && n.Parent().Kind() == ast.KindListItem {
			return r.children(n)
		}
		return r.paragraph(n)
	case *ast.TextBlock:
		return r.children(n)
	case *ast.Heading:
		return r.heading(n)
	case *ast.List:
		return r.list(n)
	case *ast.ListItem:
		return r.listItem(n)
	case *ast.Blockquote:
		return r.blockquote(n)
	case *ast.ThematicBreak:
		r.rule()
		return true
	case *ast.FencedCodeBlock:
		return r.codeBlock(r.lines(n), string(n.Language(r.src)))
	case *ast.CodeBlock:
		return r.codeBlock(r.lines(n), "")
	case *east.Table:
		r.tableBlock(n)
		return true
	default:
		r.span(r.cur().buf, n, nil)
		return true
	}
}

func (r *fastMD) lines(n ast.Node) string {
	var b strings.Builder
	ls := n.Lines()
	for i := 0; i < ls.Len(); i++ {
		seg := ls.At(i)
		b.Write(seg.Value(r.src))
	}
	return b.String()
}

// supported reports whether every node of the document is one the fast
// path reproduces exactly.
func (r *fastMD) supported(doc ast.Node) bool {
	ok := true
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n.Kind() {
		case ast.KindDocument, ast.KindParagraph, ast.KindTextBlock, ast.KindHeading,
			ast.KindList, ast.KindBlockquote, ast.KindThematicBreak,
			ast.KindFencedCodeBlock, ast.KindCodeBlock, ast.KindEmphasis,
			ast.KindCodeSpan, east.KindStrikethrough,
			east.KindTableHeader, east.KindTableRow, east.KindTableCell:
		case east.KindTable:
			ok = tableFast(n)
		case ast.KindListItem:
			if c := n.FirstChild(); c != nil && c.FirstChild() != nil && c.FirstChild().Kind() == east.KindTaskCheckBox {
				ok = false
			}
		case ast.KindText:
			t := n.(*ast.Text)
			ok = safeToken(bytesView(t.Segment.Value(r.src)))
		case ast.KindLink:
			ok = safeToken(string(n.(*ast.Link).Destination))
		case ast.KindAutoLink:
			ok = n.FirstChild() == nil && safeToken(string(n.(*ast.AutoLink).URL(r.src)))
		default:
			ok = false
		}
		if !ok {
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	return ok
}

// bytesView is b as a string without a copy, for reading only while b is
// unchanged: the renderer's source never changes during a render.
func bytesView(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// safeToken reports whether s, once its HTML entities are decoded, holds
// no control character: glamour's writers would parse an ESC in text as
// the start of a sequence, which the fast writers never look for.
func safeToken(s string) bool {
	if strings.IndexByte(s, '&') >= 0 {
		s = html.UnescapeString(s)
	}
	for _, c := range s {
		if (c < 0x20 && c != '\n') || (c >= 0x7f && c <= 0x9f) {
			return false
		}
	}
	return true
}

// fastConfigOK reports whether a style config uses only what the fast path
// implements: no templates in formats, no inline chroma config.
func fastConfigOK(cfg *gansi.StyleConfig) bool {
	if cfg.CodeBlock.Chroma != nil {
		return false
	}
	if t := cfg.Table; t.RowSeparator != nil && t.ColumnSeparator != nil && t.CenterSeparator == nil {
		return false // glamour fails on this
	}
	for _, p := range []gansi.StylePrimitive{
		cfg.Document.StylePrimitive, cfg.BlockQuote.StylePrimitive, cfg.Paragraph.StylePrimitive,
		cfg.List.StylePrimitive, cfg.Heading.StylePrimitive, cfg.H1.StylePrimitive, cfg.H2.StylePrimitive,
		cfg.H3.StylePrimitive, cfg.H4.StylePrimitive, cfg.H5.StylePrimitive, cfg.H6.StylePrimitive,
		cfg.Text, cfg.Strikethrough, cfg.Emph, cfg.Strong, cfg.HorizontalRule, cfg.Item,
		cfg.Enumeration, cfg.Link, cfg.LinkText, cfg.Code.StylePrimitive, cfg.CodeBlock.StylePrimitive,
	} {
		if strings.Contains(p.Format, "{{") {
			return false
		}
	}
	return true
}
