package render

import (
	"strings"
	"sync"

	"charm.land/glamour/v2/ansi"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/themes"
)

// Markdown renders untrusted markdown (it is sanitized first) to at most
// width cells per line, without leading or trailing blank lines. The glamour
// renderer behind it is built once per (width, styles) and reused.
func Markdown(text string, width int, st *themes.Styles) string {
	r := markdownRenderer(width, st)
	return trimBlankEdges(fitLines(r.render(Sanitize(text), false), r.width))
}

// mdRenderer wraps one glamour renderer. Glamour's renderer keeps state
// while converting, so calls are serialised.
type mdRenderer struct {
	mu    sync.Mutex
	width int
	tr    *glamourRenderer
	cfg   *ansi.StyleConfig // the styles tr was built with, for the fast path
	wrap  int               // tr's word wrap (0: none)

	piecesOnce sync.Once
	pieces     *renderCache // glamour's renders of the pieces the fast path hands it
}

// chromaFormatter is the chroma formatter code blocks are highlighted with.
const chromaFormatter = "terminal16m"

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
	tr := newGlamourRenderer(st.Markdown, width, chromaFormatter)
	return &mdRenderer{width: width, tr: tr, cfg: &st.Markdown, wrap: width}
}

// continuationSeed is rendered before a chunk that is not the start of its
// document. Glamour puts a blank line before a paragraph or heading only if
// it has a previous sibling; with the seed in front, the chunk renders
// exactly as it does inside the whole document. The seed renders as one
// line, which is cut off again.
const continuationSeed = "x\n\n"

// render converts sanitized markdown. With continued set, src is rendered
// as a later part of a larger document (see continuationSeed). The output
// is glamour's, unfitted: callers apply fitLines. Glamour may leave a last
// line unterminated that the next part continues, so only text up to a
// newline can be fitted before the whole document is known.
func (r *mdRenderer) render(src string, continued bool) string {
	if src == "" {
		return ""
	}
	in := joinListParagraphs(src)
	if continued {
		in = continuationSeed + in
	}
	out, err := r.convert(in)
	if err != nil {
		return wrap(src, r.width)
	}
	out = SanitizeRendered(out)
	if continued {
		if i := strings.IndexByte(out, '\n'); i >= 0 {
			out = out[i+1:]
		}
	}
	return out
}

// fitLines trims the padding glamour appends to each line and hard-wraps
// any line still wider than width (long code lines, URLs). The lines are
// trimmed first and the result allocated at its size: the padding is most
// of the input.
func fitLines(s string, width int) string {
	var b strings.Builder
	fitLinesInto(&b, s, width)
	return b.String()
}

// fitLinesInto is fitLines appending to b.
func fitLinesInto(b *strings.Builder, s string, width int) {
	lines := make([]fittedLine, 0, strings.Count(s, "\n")+1)
	size := 0
	for line := range strings.SplitSeq(s, "\n") {
		f := fitLine(line, width)
		size += len(f.text) + 1
		if f.reset {
			size += len(resetSGR)
		}
		lines = append(lines, f)
	}
	b.Grow(size)
	for i, f := range lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(f.text)
		if f.reset {
			b.WriteString(resetSGR)
		}
	}
}

// resetSGR ends a line whose trimmed padding held styling.
const resetSGR = "\x1b[m"

// fittedLine is a line of fitLines' result: text, then resetSGR if reset.
type fittedLine struct {
	text  string
	reset bool
}

func fitLine(line string, width int) fittedLine {
	text, reset := trimPaddingParts(line)
	if len(text) <= width { // a cell takes at least a byte, the reset none
		return fittedLine{text, reset}
	}
	if w, ok := shortcutWidth(text); ok && w <= width {
		return fittedLine{text, reset} // the reset does not change a shortcut width
	}
	if reset {
		text, reset = text+resetSGR, false
	}
	if visibleWidth(text) > width {
		text = xansi.Hardwrap(text, width, true)
	}
	return fittedLine{text, reset}
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
	return strings.TrimSpace(xansi.Strip(line)) == ""
}

// trimPadding removes the spaces glamour pads a line with, including spaces
// wrapped in their own SGR sequences (as in block quotes), which otherwise
// multiply the output size. If styling was cut, a reset ends the line.
func trimPadding(line string) string {
	text, reset := trimPaddingParts(line)
	if reset {
		return text + resetSGR
	}
	return text
}

// trimPaddingParts is trimPadding as the kept text and whether a reset
// must follow it.
func trimPaddingParts(line string) (string, bool) {
	end := len(line)
	cutSGR := false
	for end > 0 {
		switch {
		case line[end-1] == ' ':
			end--
		case line[end-1] == 'm':
			if unit := paddingUnitBefore(line, end); unit != "" {
				// Nested blocks' padding: strip its repeats whole, as
				// the steps below would one sequence at a time.
				for strings.HasSuffix(line[:end], unit) {
					end -= len(unit)
				}
				cutSGR = true
				continue
			}
			// The last ESC, not the last "\x1b[": an ESC after that one
			// would fall inside its parameters and fail them anyway.
			start := strings.LastIndexByte(line[:end], 0x1b)
			if start < 0 || start+2 > end-1 || line[start+1] != '[' || !isSGRParams(line[start+2:end-1]) {
				return line[:end], cutSGR && end > 0
			}
			end = start
			cutSGR = true
		default:
			return line[:end], cutSGR && end > 0
		}
	}
	return "", false
}

// paddingUnitBefore is the styled space line[:end] ends with (an SGR
// sequence, a space, "\x1b[m"), or "".
func paddingUnitBefore(line string, end int) string {
	const tail = " " + xansi.ResetStyle
	if end < len(tail)+3 || line[end-len(tail):end] != tail || line[end-len(tail)-1] != 'm' {
		return ""
	}
	open := end - len(tail)
	u := strings.LastIndexByte(line[:open], 0x1b)
	if u < 0 || u+2 > open-1 || line[u+1] != '[' || !isSGRParams(line[u+2:open-1]) {
		return ""
	}
	return line[u:end]
}

func isSGRParams(s string) bool {
	for i := 0; i < len(s); i++ {
		if (s[i] < '0' || s[i] > '9') && s[i] != ';' && s[i] != ':' {
			return false
		}
	}
	return true
}

// convert renders markdown to glamour's output: by the fast path when it
// can reproduce it exactly, else by glamour.
func (r *mdRenderer) convert(in string) (string, error) {
	if mdTrace != nil {
		mdTrace(in, r)
	}
	if r.cfg != nil && fastMarkdownOn {
		if out, ok := fastRender(in, r.cfg, r.wrap, chromaFormatter, r.glamourPiece); ok {
			return out, nil
		}
	}
	return r.glamour(in)
}

// glamourPiece is glamour for a piece of a document the fast path hands it
// (a table with links, an image), through a cache: the same piece is
// rendered again with every render of the answer around it.
func (r *mdRenderer) glamourPiece(in string) (string, error) {
	r.piecesOnce.Do(func() { r.pieces = newRenderCache(1 << 20) })
	if out, ok := r.pieces.get(in); ok {
		return out, nil
	}
	out, err := r.glamour(in)
	if err == nil {
		r.pieces.put(in, out)
	}
	return out, err
}

// glamour renders with glamour itself.
func (r *mdRenderer) glamour(in string) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.tr.Render(in)
}

// mdTrace, when set (by tests), sees every document convert renders.
var mdTrace func(in string, r *mdRenderer)
