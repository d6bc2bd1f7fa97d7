package transcript

import (
	"strings"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// Inline mode (the root prints finished items into the terminal's scrollback and
// redraws only the rest): which items are finished, how they are printed, and the live
// part below them. The width is the one SetSize gave, without the gutter: inline mode
// has no selection to mark.

// SetInlineSize sizes the transcript for inline mode: items take the whole width (no
// gutter) and the live part at most rows lines.
func (m *Model) SetInlineSize(width, rows int) { m.SetSize(width+gutterWidth, rows) }

// Settled is the number of leading items that will not change any more: they can be
// printed once into the terminal's scrollback. It stops at the first item still
// streaming, running, counting down, queued, waiting for its assistant line or part of
// an abandoned message. Items
// before from are taken as settled (already printed), so a call costs only the items
// after them.
func (m *Model) Settled(from int) int {
	// Streamed blocks without their assistant line, or of a message the CLI abandoned,
	// may still be discarded (hidden) when the CLI retries: not final yet.
	unclaimed := map[item]bool{}
	for _, lists := range []map[string][]item{m.stream.unclaimed, m.stream.abandoned} {
		for _, list := range lists {
			for _, it := range list {
				unclaimed[it] = true
			}
		}
	}
	for i := max(from, 0); i < len(m.items); i++ {
		it := m.items[i]
		if it.base().hidden {
			continue // a discarded preview shows nothing, whatever its state
		}
		if unclaimed[it] || !settled(it) {
			return i
		}
	}
	return len(m.items)
}

// settled reports whether one item reached its final form.
func settled(it item) bool {
	switch it := it.(type) {
	case *textItem:
		return it.done
	case *thinkingItem:
		return !it.streaming
	case *toolItem:
		return it.finished()
	case *userItem:
		return !it.queued
	case *noticeItem:
		return it.retry == nil || it.retry.done
	}
	return true
}

// Scrollback returns a function that renders items [from, to) for the terminal's
// scrollback: each after a blank line (none before the very first item), answers in the
// clean-copy form of render.MarkdownForScrollback, everything else as on screen. Hidden
// items print nothing; the text has no trailing newline, "" when nothing shows. The
// function reads no model state, so it can run in a tea.Cmd: a long answer takes a
// while to render.
//
// printed is the part of the first item, an answer, that was printed while it streamed
// (StreamingStable): only the rest of it is printed now.
func (m *Model) Scrollback(from, to int, printed string) func() string {
	m.releasePrinted(from)
	type piece struct {
		lines    []string // rendered already
		markdown string   // an answer, rendered by the function
		answer   bool
		rest     bool // the rest of an answer whose start was printed
	}
	var pieces []piece
	gap := false
	for i := max(from, 0); i < min(to, len(m.items)); i++ {
		it := m.items[i]
		if it.base().hidden {
			continue
		}
		p := piece{}
		if t, ok := it.(*textItem); ok {
			p = piece{markdown: t.text(), answer: true}
			if full := render.Sanitize(p.markdown); i == from && printed != "" && strings.HasPrefix(full, printed) {
				p.markdown, p.rest = full[len(printed):], true
			}
		} else if p.lines = linesOf(it, m.contentWidth(), m.st); len(p.lines) == 0 {
			continue
		}
		p.lines = append([]string(nil), p.lines...) // the cache may change meanwhile
		gap = gap || len(pieces) == 0 && (i > 0 || p.rest)
		pieces = append(pieces, p)
	}
	st := m.st
	return func() string {
		var blocks []string
		for _, p := range pieces {
			lines := p.lines
			if p.answer {
				lines = ScrollbackAnswer(p.markdown, st, !p.rest)
			}
			if len(lines) > 0 {
				blocks = append(blocks, strings.Join(lines, "\n"))
			}
		}
		out := strings.Join(blocks, "\n\n")
		if gap && out != "" {
			out = "\n" + out // the gap below what was printed before
		}
		return out
	}
}

// ScrollbackAnswer is an answer, or a part of one, as printed into scrollback: prose
// indented under the bullet (the bullet only on the first part), and code without
// indent, so copied code is exactly its lines.
func ScrollbackAnswer(markdown string, st *themes.Styles, first bool) []string {
	b := bulleter{started: !first}
	var out []string
	for _, l := range render.MarkdownForScrollback(markdown, st) {
		if l.Code {
			out = append(out, l.Text)
			continue
		}
		out = b.add(out, l.Text, st)
	}
	return trimTrailingBlank(out)
}

// Hidden reports whether item i was hidden: a streamed preview the CLI discarded
// because it retried the request.
func (m *Model) Hidden(i int) bool {
	return i >= 0 && i < len(m.items) && m.items[i].base().hidden
}

// StreamingStable returns, when item i is an answer still streaming, its sanitized text
// up to the latest stable block boundary: what can go to the scrollback before the
// answer ends.
func (m *Model) StreamingStable(i int) (string, bool) {
	if i < 0 || i >= len(m.items) {
		return "", false
	}
	t, ok := m.items[i].(*textItem)
	if !ok || t.done || t.sm == nil || t.base().hidden {
		return "", false
	}
	return t.sm.StableSource(), true
}

// LiveView draws items from `from` on, as the live part of inline mode: at most rows
// lines, the last ones when there are more (the end of a streaming answer stays in
// view, and the lines above it leave the top one by one). Items are a blank line apart;
// "" when nothing shows.
//
// printed is the part of the first item, a streaming answer, already in the
// scrollback: the live part shows only the rest of it.
func (m *Model) LiveView(from, rows int, printed string) string {
	if rows <= 0 {
		return ""
	}
	// Collect from the end backwards only as far as rows need.
	var rev []string
	for i := len(m.items) - 1; i >= max(from, 0) && len(rev) < rows; i-- {
		var lines []string
		if i == from && printed != "" {
			lines = m.answerRest(i, printed)
		} else {
			lines = m.itemLines(i)
		}
		if m.items[i].base().hidden || len(lines) == 0 {
			continue
		}
		if len(rev) > 0 {
			rev = append(rev, "")
		}
		for k := len(lines) - 1; k >= 0 && len(rev) < rows; k-- {
			rev = append(rev, lines[k])
		}
	}
	var b strings.Builder
	for k := len(rev) - 1; k >= 0; k-- {
		b.WriteString(rev[k])
		if k > 0 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// answerRest is the lines of answer i after its printed start: the unfinished blocks,
// rendered like the rest of the live part (word-wrapped, indented under the bullet).
func (m *Model) answerRest(i int, printed string) []string {
	t, ok := m.items[i].(*textItem)
	if !ok {
		return m.itemLines(i)
	}
	var rest string
	if !t.done && t.sm != nil {
		rest = t.sm.SourceFrom(len(printed)) // printed came from the same buffer
	} else if full := render.Sanitize(t.text()); strings.HasPrefix(full, printed) {
		rest = full[len(printed):] // finished: until its rest reaches the scrollback
	} else {
		return m.itemLines(i)
	}
	w := max(m.contentWidth()-bulletWidth, 1)
	b := bulleter{started: true}
	var out []string
	for _, l := range splitRendered(t.rest.view(len(printed), rest, w, m.st)) {
		out = b.add(out, l, m.st)
	}
	return trimTrailingBlank(out)
}
