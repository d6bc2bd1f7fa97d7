package render

import (
	"strings"
	"sync"

	"github.com/gclaude/gclaude/themes"
)

// ScrollbackLine is one line of an answer printed into the terminal's own scrollback
// (inline mode). Code lines belong to a fenced code block.
type ScrollbackLine struct {
	Text string
	Code bool
}

// MarkdownForScrollback renders untrusted markdown (sanitized first) for the terminal's
// scrollback, where the terminal's own selection copies it: prose is not wrapped at all
// (the terminal soft-wraps a long line, and terminals and tmux copy a soft-wrapped line
// as one line), and code blocks are rendered on their own, without a margin, so a copied
// code block is exactly its own lines. Tables and lists keep their layout.
func MarkdownForScrollback(text string, st *themes.Styles) []ScrollbackLine {
	r := scrollbackRenderer(st)
	var out []ScrollbackLine
	add := func(rendered string, code bool) {
		rendered = trimBlankEdges(rendered)
		if rendered == "" {
			return
		}
		if len(out) > 0 {
			out = append(out, ScrollbackLine{})
		}
		for l := range strings.SplitSeq(rendered, "\n") {
			out = append(out, ScrollbackLine{Text: trimPadding(l), Code: code})
		}
	}
	for _, seg := range splitFences(Sanitize(text)) {
		add(r.render(seg.src, false), seg.code)
	}
	return out
}

// fenceSegment is a run of prose or one fenced code block (with its fences).
type fenceSegment struct {
	src  string
	code bool
}

// splitFences cuts markdown into prose and fenced code blocks. An unclosed fence runs
// to the end, as in CommonMark.
func splitFences(src string) []fenceSegment {
	var segs []fenceSegment
	var cur []string
	fence := ""
	flush := func(code bool) {
		if len(cur) > 0 {
			segs = append(segs, fenceSegment{src: strings.Join(cur, "\n") + "\n", code: code})
		}
		cur = cur[:0]
	}
	for line := range strings.SplitSeq(src, "\n") {
		switch {
		case fence == "":
			if f := openingFence(line); f != "" {
				flush(false)
				fence = f
			}
			cur = append(cur, line)
		default:
			cur = append(cur, line)
			if isClosingFence(line, fence) {
				flush(true)
				fence = ""
			}
		}
	}
	flush(fence != "")
	return segs
}

// scrollbackRenderers holds one unwrapping renderer per theme.
var scrollbackRenderers struct {
	sync.Mutex
	m map[*themes.Styles]*mdRenderer
}

// scrollbackRenderer is a glamour renderer that does not wrap (word wrap 0) and puts no
// margin around code blocks.
func scrollbackRenderer(st *themes.Styles) *mdRenderer {
	c := &scrollbackRenderers
	c.Lock()
	defer c.Unlock()
	if r, ok := c.m[st]; ok {
		return r
	}
	if c.m == nil || len(c.m) >= mdCacheSize {
		c.m = map[*themes.Styles]*mdRenderer{}
	}
	cfg := st.Markdown
	zero := uint(0)
	cfg.CodeBlock.Margin = &zero
	r := &mdRenderer{width: 1 << 20, tr: newGlamourRenderer(cfg, 0, chromaFormatter), cfg: &cfg, wrap: 0}
	c.m[st] = r
	return r
}
