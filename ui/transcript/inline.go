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
// streaming, running, counting down, queued or waiting for its assistant line. Items
// before from are taken as settled (already printed), so a call costs only the items
// after them.
func (m *Model) Settled(from int) int {
	unclaimed := map[item]bool{}
	for _, list := range m.stream.unclaimed {
		for _, it := range list {
			unclaimed[it] = true
		}
	}
	for i := max(from, 0); i < len(m.items); i++ {
		if it := m.items[i]; unclaimed[it] || !settled(it) {
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
func (m *Model) Scrollback(from, to int) func() string {
	type piece struct {
		lines    []string // rendered already
		markdown string   // an answer, rendered by the function
		answer   bool
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
		} else if p.lines = linesOf(it, m.contentWidth(), m.st); len(p.lines) == 0 {
			continue
		}
		p.lines = append([]string(nil), p.lines...) // the cache may change meanwhile
		gap = gap || len(pieces) == 0 && i > 0
		pieces = append(pieces, p)
	}
	st := m.st
	return func() string {
		var blocks []string
		for _, p := range pieces {
			lines := p.lines
			if p.answer {
				lines = scrollbackAnswer(p.markdown, st)
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

// scrollbackAnswer is an answer as printed into scrollback: bulleted prose, and code
// without indent, so copied code is exactly its lines.
func scrollbackAnswer(markdown string, st *themes.Styles) []string {
	b := bulleter{}
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

// LiveView draws items from `from` on, as the live part of inline mode: at most rows
// lines, the last ones when there are more (the end of a streaming answer stays in
// view, and the lines above it leave the top one by one). Items are a blank line apart;
// "" when nothing shows.
func (m *Model) LiveView(from, rows int) string {
	if rows <= 0 {
		return ""
	}
	// Collect from the end backwards only as far as rows need.
	var rev []string
	for i := len(m.items) - 1; i >= max(from, 0) && len(rev) < rows; i-- {
		lines := m.itemLines(i)
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
