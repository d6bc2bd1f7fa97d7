package render

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"html"
	"net/url"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"

	gansi "charm.land/glamour/v2/ansi"
)

// elem is glamour's basic styled element: a token with optional plain
// prefix and suffix, in a style cascaded from the current block.
type elem struct {
	token, prefix, suffix string
	style                 gansi.StylePrimitive
}

// element renders e into w. A non-nil force is a style an enclosing
// emphasis or link imposes on it.
func (r *fastMD) element(w *bytes.Buffer, e elem, force *gansi.StylePrimitive) {
	blk := r.cur().style
	outer := blk.StylePrimitive
	inner := inherit(blk, gansi.StyleBlock{StylePrimitive: e.style}, false).StylePrimitive
	if force != nil {
		outer = chain(outer, *force)
		inner = chain(inner, *force)
	}
	r.text(w, outer, e.prefix)
	r.text(w, outer, inner.BlockPrefix)
	r.text(w, inner, inner.Prefix)
	s := e.token
	if inner.Format != "" {
		s = inner.Format // templates with actions never reach the fast path
	}
	r.text(w, inner, unescapeMarkdown(s))
	r.text(w, inner, inner.Suffix)
	r.text(w, outer, inner.BlockSuffix)
	r.text(w, outer, e.suffix)
}

// forcible reports whether glamour lets an enclosing emphasis or link
// impose its style on a node (its element has a style-override method).
func forcible(n ast.Node) bool {
	switch n.Kind() {
	case ast.KindText, ast.KindEmphasis, east.KindStrikethrough:
		return true
	}
	return false
}

// span renders a span node (text, emphasis, code, link: markdown's "inline" nodes) into w.
func (r *fastMD) span(w *bytes.Buffer, n ast.Node, force *gansi.StylePrimitive) {
	switch n := n.(type) {
	case *ast.Text:
		s := bytesView(n.Segment.Value(r.src)) // element keeps nothing of it
		if n.HardLineBreak() || n.SoftLineBreak() {
			s += "\n"
		}
		r.element(w, elem{token: html.UnescapeString(s), style: r.cfg.Text}, force)
	case *east.Strikethrough:
		r.element(w, elem{token: html.UnescapeString(string(nodeText(n, r.src))), style: r.cfg.Strikethrough}, force)
	case *ast.Emphasis:
		st := r.cfg.Emph
		if n.Level > 1 {
			st = r.cfg.Strong
		}
		if force != nil {
			st = chain(st, *force)
		}
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			if forcible(c) {
				r.span(w, c, &st)
			} else {
				r.span(w, c, nil)
			}
		}
	case *ast.CodeSpan:
		st := inherit(r.cur().style, r.cfg.Code, false).StylePrimitive
		txt := html.UnescapeString(string(nodeText(n, r.src)))
		r.text(w, st, st.Prefix+txt+st.Suffix)
	case *ast.Link:
		r.link(w, string(n.Destination), n, false)
	case *ast.AutoLink:
		r.autoLink(w, n)
	}
}

// link renders a link's text (each child wrapped in the hyperlink) and
// then its target.
func (r *fastMD) link(w *bytes.Buffer, dest string, n ast.Node, skipText bool) {
	open, closeLink, valid := hyperlink(dest)
	if !skipText {
		b := r.tempBuffer()
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			b.Reset()
			if forcible(c) {
				r.span(b, c, &r.cfg.LinkText)
				w.WriteString(open)
				w.Write(b.Bytes())
				w.WriteString(closeLink)
				continue
			}
			r.span(b, c, nil)
			r.element(w, elem{token: open + b.String() + closeLink, style: r.cfg.LinkText}, nil)
		}
		r.putBuffer(b)
	}
	if valid {
		prefix := " "
		if skipText {
			prefix = ""
		}
		r.element(w, elem{token: open + resolveURL(dest) + closeLink, prefix: prefix, style: r.cfg.Link}, nil)
	}
}

// autoLink shows a URL as its target only and an e-mail address as its
// text only, hyperlinked to mailto:.
func (r *fastMD) autoLink(w *bytes.Buffer, n *ast.AutoLink) {
	u := string(n.URL(r.src))
	label := u
	if n.AutoLinkType != ast.AutoLinkEmail {
		r.link(w, u, n, true)
		return
	}
	if !strings.HasPrefix(strings.ToLower(u), "mailto:") {
		u = "mailto:" + u
	}
	open, closeLink, _ := hyperlink(u)
	var b bytes.Buffer
	r.element(&b, elem{token: label}, &r.cfg.LinkText)
	w.WriteString(open)
	w.Write(b.Bytes())
	w.WriteString(closeLink)
}

// hyperlink returns the OSC 8 sequences glamour wraps a link in; a link
// that is only a fragment ("#top"), or does not parse, gets none and shows
// no target.
func hyperlink(link string) (open, closeLink string, valid bool) {
	u, err := url.Parse(link)
	if err != nil || "#"+u.Fragment == link {
		return "", "", false
	}
	h := fnv.New32a()
	h.Write([]byte(link))
	return ansi.SetHyperlink(link, fmt.Sprintf("id=%d", h.Sum32())), ansi.ResetHyperlink(), true
}

// resolveURL is glamour's relative-URL resolution against an empty base:
// absolute URLs stay, others lose a leading slash of their path.
func resolveURL(rel string) string {
	u, err := url.Parse(rel)
	if err != nil || u.IsAbs() {
		return rel
	}
	u.Path = strings.TrimPrefix(u.Path, "/")
	base, err := url.Parse("")
	if err != nil {
		return rel
	}
	return base.ResolveReference(u).String()
}

// nodeText is the text glamour takes from a code span or strikethrough: what
// goldmark's (deprecated) Node.Text returns, the node's inline children's text
// joined, with a newline after each child that ends in a soft line break.
func nodeText(n ast.Node, src []byte) []byte {
	switch n := n.(type) {
	case *ast.Text:
		return n.Segment.Value(src)
	case *ast.String:
		return n.Value
	case *ast.AutoLink:
		return n.Label(src)
	case *ast.RawHTML:
		return n.Segments.Value(src)
	}
	var b []byte
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		b = append(b, nodeText(c, src)...)
		if t, ok := c.(interface{ SoftLineBreak() bool }); ok && t.SoftLineBreak() {
			b = append(b, '\n')
		}
	}
	return b
}
