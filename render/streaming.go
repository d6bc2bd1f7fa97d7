package render

import (
	"strings"

	"github.com/gclaude/gclaude/themes"
)

// StreamingMarkdown renders an answer that arrives in pieces. The text up
// to the latest stable markdown boundary (see blockScanner) is rendered once,
// in chunks, and kept; each View or Parts re-renders only the unfinished
// tail, so its cost depends on the size of the tail, not on the length of
// the answer. Final renders the whole text once from scratch.
//
// The zero value is not usable; call NewStreamingMarkdown. Not safe for
// concurrent use.
type StreamingMarkdown struct {
	width int
	st    *themes.Styles
	r     *mdRenderer

	raw     strings.Builder // everything appended, as received
	clean   strings.Builder // Sanitize(raw) for every complete line
	rawDone int             // bytes of raw whose lines are in clean
	scan    blockScanner    // boundaries in clean

	stable    int             // bytes of clean rendered into stableOut+pending
	stableOut strings.Builder // rendered clean[:stable], fitted, whole lines
	pending   string          // raw unterminated last line of that render

	view      string
	viewValid bool
	final     string
	finalDone bool
}

// NewStreamingMarkdown starts an empty streaming render.
func NewStreamingMarkdown(width int, st *themes.Styles) *StreamingMarkdown {
	return &StreamingMarkdown{width: max(width, 1), st: st, r: markdownRenderer(width, st)}
}

// Append adds a delta of the answer. It does no rendering; the cost is the
// size of the delta.
func (m *StreamingMarkdown) Append(delta string) {
	if delta == "" {
		return
	}
	m.raw.WriteString(delta)
	m.viewValid, m.finalDone = false, false
	j := strings.LastIndexByte(delta, '\n')
	if j < 0 {
		return
	}
	// Complete lines are sanitized and scanned exactly once. A line is
	// only complete at '\n', so CRLF pairs, tabs and multi-byte runes are
	// never split between two passes.
	end := m.raw.Len() - len(delta) + j + 1
	lines := Sanitize(m.raw.String()[m.rawDone:end])
	m.rawDone = end
	m.clean.WriteString(lines)
	m.scan.feed(lines)
}

// StableSource is the sanitized answer up to its latest stable block boundary: the
// blocks more text will not change (a link reference definition arriving later is the
// one exception: it can move the boundary back).
func (m *StreamingMarkdown) StableSource() string { return m.clean.String()[:m.scan.boundary] }

// SourceFrom is the sanitized answer from byte offset of StableSource on (to the end,
// the unfinished line included); "" past the end.
func (m *StreamingMarkdown) SourceFrom(offset int) string {
	clean := m.clean.String()
	if offset > len(clean) {
		return ""
	}
	return clean[offset:] + Sanitize(m.raw.String()[m.rawDone:])
}

// Text returns everything appended so far, as received.
func (m *StreamingMarkdown) Text() string { return m.raw.String() }

// Width is the width the answer is rendered at.
func (m *StreamingMarkdown) Width() int { return m.width }

// SetWidth changes the render width; cached output is dropped.
func (m *StreamingMarkdown) SetWidth(width int) {
	width = max(width, 1)
	if width == m.width {
		return
	}
	m.width = width
	m.reset()
}

// SetStyles changes the theme; cached output is dropped.
func (m *StreamingMarkdown) SetStyles(st *themes.Styles) {
	if st == m.st {
		return
	}
	m.st = st
	m.reset()
}

func (m *StreamingMarkdown) reset() {
	m.r = markdownRenderer(m.width, m.st)
	m.stable = 0
	m.stableOut.Reset()
	m.pending = ""
	m.viewValid, m.finalDone = false, false
}

// View renders the answer so far: Parts joined into one string. Joining
// copies the whole rendered answer; a caller that shows only the last
// screenful can use Parts instead and never touch the cached part.
func (m *StreamingMarkdown) View() string {
	if m.viewValid {
		return m.view
	}
	stable, tail := m.Parts()
	m.view = trimBlankEdges(stable + tail)
	m.viewValid = true
	return m.view
}

// Parts renders the answer so far as two strings whose concatenation is
// the view, before trimming blank edge lines: stable is the cached render
// of the finished part (no work, no copy) and tail the fresh render of the
// rest. Only the tail after the last stable boundary is rendered again.
// After Final, stable is the final render and tail is empty.
func (m *StreamingMarkdown) Parts() (stable, tail string) {
	if m.finalDone {
		return m.final, ""
	}
	clean := m.clean.String()
	if b := m.scan.boundary; b > m.stable {
		raw := m.pending + m.r.render(clean[m.stable:b], m.stable > 0)
		i := strings.LastIndexByte(raw, '\n') + 1
		fitLinesInto(&m.stableOut, raw[:i], m.r.width)
		m.pending = raw[i:]
		m.stable = b
	} else if b < m.stable {
		// A link reference definition turned up: parts can no longer
		// be rendered alone.
		m.stable = 0
		m.stableOut.Reset()
		m.pending = ""
	}
	src := clean[m.stable:] + Sanitize(m.raw.String()[m.rawDone:])
	raw := m.pending
	if src != "" {
		raw += m.r.render(src, m.stable > 0)
	}
	return m.stableOut.String(), fitLines(raw, m.r.width)
}

// Final renders the whole answer once, from scratch, exactly as Markdown
// does, and keeps the result: later Views return it until more text is
// appended.
func (m *StreamingMarkdown) Final() string {
	if !m.finalDone {
		m.final = trimBlankEdges(fitLines(m.r.render(Sanitize(m.raw.String()), false), m.r.width))
		m.finalDone = true
		m.view, m.viewValid = m.final, true
	}
	return m.final
}
