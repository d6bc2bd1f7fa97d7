package transcript

import (
	"strings"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// Printing to the terminal's scrollback, for --tui inline (the root prints settled
// items into the terminal's own scrollback and redraws only the rest): how items are
// printed and the live part below them. Which items are settled is the
// conversation's (settled.go). The width is the one SetSize gave, without the
// gutter: --tui inline has no selection to mark.

// SetScrollbackSize sizes the view for --tui inline: items take the whole width (no
// gutter) and the live part at most rows lines.
func (v *View) SetScrollbackSize(width, rows int) { v.SetSize(width+gutterWidth, rows) }

// Settled is the conversation's Settled, for the printer.
func (v *View) Settled(from int) int { return v.c.Settled(from) }

// Hidden is the conversation's Hidden, for the printer.
func (v *View) Hidden(i int) bool { return v.c.Hidden(i) }

// Scrollback returns a function that renders items [from, to) for the terminal's
// scrollback: each after a blank line (none before the very first item), answers in the
// clean-copy form of render.MarkdownForScrollback, everything else as on screen. Hidden
// items print nothing; the text has no trailing newline, "" when nothing shows. The
// function reads no model state, so it can run in a tea.Cmd: a long answer takes a
// while to render.
//
// printed is the part of the first item, an answer, that was printed while it streamed
// (StreamingStable): only the rest of it is printed now.
func (v *View) Scrollback(from, to int, printed string) func() string {
	v.releasePrinted(from)
	type piece struct {
		lines    []string // rendered already
		markdown string   // an answer, rendered by the function
		answer   bool
		rest     bool // the rest of an answer whose start was printed
	}
	var pieces []piece
	gap := false
	for i := max(from, 0); i < min(to, len(v.c.items)); i++ {
		it := v.c.items[i]
		if it.base().hidden {
			continue
		}
		p := piece{}
		if t, ok := it.(*textItem); ok {
			p = piece{markdown: t.text(), answer: true}
			if full := render.Sanitize(p.markdown); i == from && printed != "" && strings.HasPrefix(full, printed) {
				p.markdown, p.rest = full[len(printed):], true
			}
		} else if p.lines = linesOf(it, v.contentWidth(), v.st); len(p.lines) == 0 {
			continue
		}
		p.lines = append([]string(nil), p.lines...) // the cache may change meanwhile
		gap = gap || len(pieces) == 0 && (i > 0 || p.rest)
		pieces = append(pieces, p)
	}
	st := v.st
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

// StreamingStable returns, when item i is an answer still streaming, its sanitized text
// up to the latest stable block boundary: what can go to the scrollback before the
// answer ends.
func (v *View) StreamingStable(i int) (string, bool) {
	if i < 0 || i >= len(v.c.items) {
		return "", false
	}
	t, ok := v.c.items[i].(*textItem)
	if !ok || t.done || t.base().hidden {
		return "", false
	}
	return t.streamer(v.markdownWidth(), v.st).StableSource(), true
}

// LiveView draws items from `from` on, as the live part of inline mode: at most rows
// lines, the last ones when there are more (the end of a streaming answer stays in
// view, and the lines above it leave the top one by one). Items are a blank line apart;
// "" when nothing shows.
//
// printed is the part of the first item, a streaming answer, already in the
// scrollback: the live part shows only the rest of it.
func (v *View) LiveView(from, rows int, printed string) string {
	if rows <= 0 {
		return ""
	}
	// Collect from the end backwards only as far as rows need.
	var rev []string
	for i := len(v.c.items) - 1; i >= max(from, 0) && len(rev) < rows; i-- {
		var lines []string
		if i == from && printed != "" {
			lines = v.answerRest(i, printed)
		} else {
			lines = v.itemLines(i)
		}
		if v.c.items[i].base().hidden || len(lines) == 0 {
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
func (v *View) answerRest(i int, printed string) []string {
	t, ok := v.c.items[i].(*textItem)
	if !ok {
		return v.itemLines(i)
	}
	var rest string
	if !t.done {
		rest = t.streamer(v.markdownWidth(), v.st).SourceFrom(len(printed)) // printed came from the same buffer
	} else if full := render.Sanitize(t.text()); strings.HasPrefix(full, printed) {
		rest = full[len(printed):] // finished: until its rest reaches the scrollback
	} else {
		return v.itemLines(i)
	}
	w := v.markdownWidth()
	b := bulleter{started: true}
	var out []string
	for _, l := range splitRendered(t.rest.view(len(printed), rest, w, v.st)) {
		out = b.add(out, l, v.st)
	}
	return trimTrailingBlank(out)
}

// markdownWidth is the width an answer's markdown renders at, right of its bullet.
func (v *View) markdownWidth() int { return max(v.contentWidth()-bulletWidth, 1) }
