package render

import (
	"strings"
	"sync"

	"charm.land/glamour/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/themes"
)

// Markdown renders untrusted markdown (it is sanitized first) to at most
// width cells per line, without leading or trailing blank lines. The glamour
// renderer behind it is built once per (width, styles) and reused.
func Markdown(text string, width int, st *themes.Styles) string {
	r := markdownRenderer(width, st)
	return trimBlankEdges(r.render(Sanitize(text), false))
}

// mdRenderer wraps one glamour renderer. Glamour's renderer keeps state
// while converting, so calls are serialised.
type mdRenderer struct {
	mu    sync.Mutex
	width int
	tr    *glamour.TermRenderer
}

type mdKey struct {
	width int
	st    *themes.Styles
}

// mdCacheSize bounds the renderer cache: a few widths (transcript, dialogs,
// a resize in progress) times the current and previous theme.
const mdCacheSize = 8

var mdCache struct {
	sync.Mutex
	m     map[mdKey]*mdRenderer
	order []mdKey // least recently used first
}

// markdownRenderer returns the cached renderer for (width, st), building it
// on first use. Building a glamour renderer is costly; rendering is not.
func markdownRenderer(width int, st *themes.Styles) *mdRenderer {
	width = max(width, 1)
	k := mdKey{width, st}
	mdCache.Lock()
	defer mdCache.Unlock()
	if r, ok := mdCache.m[k]; ok {
		touchKey(k)
		return r
	}
	if mdCache.m == nil {
		mdCache.m = make(map[mdKey]*mdRenderer)
	}
	if len(mdCache.order) >= mdCacheSize {
		delete(mdCache.m, mdCache.order[0])
		mdCache.order = mdCache.order[1:]
	}
	r := newMDRenderer(width, st)
	mdCache.m[k] = r
	mdCache.order = append(mdCache.order, k)
	return r
}

func touchKey(k mdKey) {
	for i, o := range mdCache.order {
		if o == k {
			mdCache.order = append(append(mdCache.order[:i:i], mdCache.order[i+1:]...), k)
			return
		}
	}
}

func newMDRenderer(width int, st *themes.Styles) *mdRenderer {
	tr, err := glamour.NewTermRenderer(
		glamour.WithStyles(st.Markdown),
		glamour.WithWordWrap(width),
		glamour.WithChromaFormatter("terminal16m"),
	)
	if err != nil {
		// Only a broken style config fails here; show text plainly.
		tr = nil
	}
	return &mdRenderer{width: width, tr: tr}
}

// continuationSeed is rendered before a chunk that is not the start of its
// document. Glamour puts a blank line before a paragraph or heading only if
// it has a previous sibling; with the seed in front, the chunk renders
// exactly as it does inside the whole document. The seed renders as one
// line, which is cut off again.
const continuationSeed = "x\n\n"

// render converts sanitized markdown. With continued set, src is rendered
// as a later part of a larger document (see continuationSeed). The result
// keeps glamour's blank lines but every line is trimmed of padding spaces
// and no wider than the renderer's width.
func (r *mdRenderer) render(src string, continued bool) string {
	if src == "" {
		return ""
	}
	if r.tr == nil {
		return wrap(src, r.width)
	}
	in := src
	if continued {
		in = continuationSeed + src
	}
	r.mu.Lock()
	out, err := r.tr.Render(in)
	r.mu.Unlock()
	if err != nil {
		return wrap(src, r.width)
	}
	if continued {
		if i := strings.IndexByte(out, '\n'); i >= 0 {
			out = out[i+1:]
		}
	}
	return fitLines(out, r.width)
}

// fitLines trims the padding glamour appends to each line and hard-wraps
// any line still wider than width (long code lines, URLs).
func fitLines(s string, width int) string {
	var b strings.Builder
	b.Grow(len(s))
	for line := range strings.SplitSeq(s, "\n") {
		line = strings.TrimRight(line, " ")
		if ansi.StringWidth(line) > width {
			line = ansi.Hardwrap(line, width, true)
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	out := b.String()
	return out[:len(out)-1] // SplitSeq yields one more piece than there are '\n'
}

// trimBlankEdges removes blank lines (possibly holding only styling) at the
// start and end of rendered text.
func trimBlankEdges(s string) string {
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 || !isBlank(s[:i]) {
			break
		}
		s = s[i+1:]
	}
	for s != "" {
		i := strings.LastIndexByte(s, '\n')
		if !isBlank(s[i+1:]) {
			break
		}
		if i < 0 {
			return ""
		}
		s = s[:i]
	}
	return s
}

// isBlank reports whether a rendered line shows nothing but spaces.
func isBlank(line string) bool {
	if strings.TrimSpace(line) == "" {
		return true
	}
	return strings.TrimSpace(ansi.Strip(line)) == ""
}
