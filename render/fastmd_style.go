package render

import (
	"bytes"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"golang.org/x/text/cases"
	"golang.org/x/text/language"

	gansi "charm.land/glamour/v2/ansi"
)

// inherit is glamour's style cascade for a block (or, with only the
// primitive set, an element) inside parent. With toBlock the child also
// starts from the parent's prefixes, suffixes, indent and margin; without
// it those are the child's own. Set attributes of the child win.
func inherit(parent, child gansi.StyleBlock, toBlock bool) gansi.StyleBlock {
	s := child
	s.StylePrimitive = inheritPrimitive(parent.StylePrimitive, child.StylePrimitive, toBlock)
	if toBlock {
		s.Indent, s.Margin = parent.Indent, parent.Margin
	}
	if child.Indent != nil {
		s.Indent = child.Indent
	}
	return s
}

func inheritPrimitive(parent, child gansi.StylePrimitive, toBlock bool) gansi.StylePrimitive {
	s := parent
	if !toBlock {
		s.BlockPrefix, s.BlockSuffix = child.BlockPrefix, child.BlockSuffix
		s.Prefix, s.Suffix = child.Prefix, child.Suffix
	}
	s.Format = child.Format
	if child.Color != nil {
		s.Color = child.Color
	}
	if child.BackgroundColor != nil {
		s.BackgroundColor = child.BackgroundColor
	}
	// Plain assignments: a helper taking addresses of s's fields would
	// move s to the heap, one allocation per styled element.
	s.Underline = pickBool(s.Underline, child.Underline)
	s.Bold = pickBool(s.Bold, child.Bold)
	s.Upper = pickBool(s.Upper, child.Upper)
	s.Lower = pickBool(s.Lower, child.Lower)
	s.Title = pickBool(s.Title, child.Title)
	s.Italic = pickBool(s.Italic, child.Italic)
	s.CrossedOut = pickBool(s.CrossedOut, child.CrossedOut)
	s.Faint = pickBool(s.Faint, child.Faint)
	s.Conceal = pickBool(s.Conceal, child.Conceal)
	s.Inverse = pickBool(s.Inverse, child.Inverse)
	s.Blink = pickBool(s.Blink, child.Blink)
	s.BlockPrefix = pickString(s.BlockPrefix, child.BlockPrefix)
	s.BlockSuffix = pickString(s.BlockSuffix, child.BlockSuffix)
	s.Prefix = pickString(s.Prefix, child.Prefix)
	s.Suffix = pickString(s.Suffix, child.Suffix)
	return s
}

// pickBool and pickString are the child's attribute when it is set, else
// the inherited one.
func pickBool(inherited, child *bool) *bool {
	if child != nil {
		return child
	}
	return inherited
}

func pickString(inherited, child string) string {
	if child != "" {
		return child
	}
	return inherited
}

// chain cascades primitives left to right, as glamour does for a style
// forced onto an element (emphasis, link text).
func chain(ps ...gansi.StylePrimitive) gansi.StylePrimitive {
	var r gansi.StylePrimitive
	for _, p := range ps {
		r = inheritPrimitive(r, p, true)
	}
	return r
}

// sgrKey is what decides the escape sequence a primitive styles text with.
type sgrKey struct {
	fg, bg       string
	hasFg, hasBg bool
	flags        uint8
}

func isSet(b *bool) bool { return b != nil && *b }

func keyOf(p *gansi.StylePrimitive) sgrKey {
	k := sgrKey{}
	if p.Color != nil {
		k.fg, k.hasFg = *p.Color, true
	}
	if p.BackgroundColor != nil {
		k.bg, k.hasBg = *p.BackgroundColor, true
	}
	for i, b := range []*bool{p.Underline, p.Bold, p.Italic, p.CrossedOut, p.Inverse, p.Blink} {
		if isSet(b) {
			k.flags |= 1 << i
		}
	}
	return k
}

// sgrOf returns the sequence glamour opens text in primitive p with, or
// "" for unstyled text. Building it parses colours, so it is cached.
func (r *fastMD) sgrOf(p *gansi.StylePrimitive) string {
	k := keyOf(p)
	if s, ok := r.sgr[k]; ok {
		return s
	}
	var st ansi.Style
	if k.hasFg {
		st = st.ForegroundColor(lipgloss.Color(k.fg))
	}
	if k.hasBg {
		st = st.BackgroundColor(lipgloss.Color(k.bg))
	}
	if k.flags&1 != 0 {
		st = st.Underline(true)
	}
	if k.flags&2 != 0 {
		st = st.Bold()
	}
	if k.flags&4 != 0 {
		st = st.Italic(true)
	}
	if k.flags&8 != 0 {
		st = st.Strikethrough(true)
	}
	if k.flags&16 != 0 {
		st = st.Reverse(true)
	}
	if k.flags&32 != 0 {
		st = st.Blink(true)
	}
	s := ""
	if len(st) > 0 {
		s = st.String()
	}
	r.sgr[k] = s
	return s
}

// text writes s in primitive p: glamour's renderText.
func (r *fastMD) text(w *bytes.Buffer, p gansi.StylePrimitive, s string) {
	if s == "" {
		return
	}
	if isSet(p.Upper) {
		s = cases.Upper(language.English).String(s)
	}
	if isSet(p.Lower) {
		s = cases.Lower(language.English).String(s)
	}
	if isSet(p.Title) {
		s = cases.Title(language.English).String(s)
	}
	open := r.sgrOf(&p)
	if open == "" {
		w.WriteString(s)
		return
	}
	w.WriteString(open)
	w.WriteString(s)
	w.WriteString(ansi.ResetStyle)
}

// unescapeMarkdown drops the backslash of the escapes glamour undoes in
// element text: a backslash before one of these characters.
func unescapeMarkdown(s string) string {
	i := strings.IndexByte(s, '\\')
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\\`*_{}[]<>()#+-.!|", s[i+1]) >= 0 {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
