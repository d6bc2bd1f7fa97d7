package transcript

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// textItem is one text block of an answer, rendered as markdown after a
// "● " bullet. While it streams, sm holds the text and renders only the
// unfinished tail; the finished part is split into lines once (inc).
// Blocks that arrive whole (or are resized once done) render with
// render.Markdown. The streaming renderer is made when the block is first
// drawn (streamer): until then the text waits in unseen, so a conversation
// no View shows renders nothing.
type textItem struct {
	itemBase
	sm          *render.StreamingMarkdown // while streaming, once drawn (and after, until a resize)
	unseen      strings.Builder           // what streamed before sm was made
	final       string                    // once done
	done        bool
	interrupted bool
	inc         incLines
	// kept are the lines of a finished streamed block, at the width and
	// styles they were drawn with; the streaming renderer's buffers (the
	// text twice and its whole render) are dropped once these are made.
	kept keptLines
	rest restRender // inline mode: the part not yet in the scrollback
}

type keptLines struct {
	width int
	st    *themes.Styles
	lines []string
}

// incLines are the bulleted lines of the stable part of a streaming render.
type incLines struct {
	width    int
	st       *themes.Styles
	consumed int // bytes of the stable render already split into lines
	started  bool
	lines    []string
}

func newStreamingText() *textItem { return &textItem{} }

func newFinalText(text string) *textItem {
	return &textItem{final: text, done: true}
}

// bulletWidth is the width of "● " before answer text.
const bulletWidth = 2

func (t *textItem) append(delta string) {
	if t.done || delta == "" {
		return
	}
	if t.sm != nil {
		t.sm.Append(delta)
	} else {
		t.unseen.WriteString(delta)
	}
	t.touch()
}

// streamer is the streaming renderer of a block still streaming, made at the
// width of its markdown (right of the bullet) when it is first needed; nil
// once the block is done.
func (t *textItem) streamer(mw int, st *themes.Styles) *render.StreamingMarkdown {
	if t.sm == nil && !t.done {
		t.sm = render.NewStreamingMarkdown(mw, st)
		t.sm.Append(t.unseen.String())
		t.unseen = strings.Builder{}
	}
	return t.sm
}

// finish replaces the preview with the final text of the block. When the
// final text is what was streamed, the streamed render is kept: it already
// equals a from-scratch render (the render package guarantees it and
// TestStreamingMatchesFinal checks it here), so the end of a long answer
// costs one tail render instead of a full one, and nothing jumps. A later
// resize or theme change renders it from scratch.
func (t *textItem) finish(text string) {
	if t.sm == nil || t.sm.Text() != text {
		t.sm, t.inc = nil, incLines{}
	}
	t.unseen = strings.Builder{}
	t.final, t.done = text, true
	t.touch()
}

// text is everything the block holds so far.
func (t *textItem) text() string {
	if t.done {
		return t.final
	}
	if t.sm == nil {
		return t.unseen.String()
	}
	return t.sm.Text()
}

func (t *textItem) render(width int, st *themes.Styles) []string {
	mw := max(width-bulletWidth, 1)
	if t.done && t.sm != nil && (t.sm.Width() != mw || t.inc.st != st) {
		t.sm, t.inc = nil, incLines{} // done and resized: from scratch
	}
	if t.done && t.sm == nil {
		if k := t.kept; k.lines != nil && k.width == mw && k.st == st {
			return k.lines
		}
		t.kept = keptLines{}
		return renderFinal(t.final, mw, st)
	}
	t.streamer(mw, st)
	if t.sm.Width() != mw || t.inc.st != st || t.inc.width != mw {
		t.sm.SetWidth(mw)
		t.sm.SetStyles(st)
		t.inc = incLines{width: mw, st: st}
	}
	stable, tail := t.sm.Parts()
	if len(stable) < t.inc.consumed {
		t.inc = incLines{width: mw, st: st} // the renderer started over
	}
	if j := strings.LastIndexByte(stable, '\n'); j+1 > t.inc.consumed {
		b := bulleter{started: t.inc.started}
		for _, l := range strings.Split(stable[t.inc.consumed:j], "\n") {
			t.inc.lines = b.add(t.inc.lines, l, st)
		}
		t.inc.started, t.inc.consumed = b.started, j+1
	}
	// The tail's lines go after the stable ones, into the spare capacity
	// of inc.lines: no copy of the stable lines per frame.
	out := t.inc.lines
	b := bulleter{started: t.inc.started}
	for _, l := range splitRendered(stable[t.inc.consumed:] + tail) {
		out = b.add(out, l, st)
	}
	out = trimTrailingBlank(out)
	if t.done {
		// Finished: keep an exact-size copy of the lines and let the
		// streaming renderer go.
		t.kept = keptLines{width: mw, st: st, lines: append([]string(nil), out...)}
		t.sm, t.inc = nil, incLines{}
		return t.kept.lines
	}
	return out
}

// bulleter prefixes rendered markdown lines: "● " before the first line
// that shows something, two spaces before the rest; leading blank lines
// are dropped and blank lines become "". The renderer fits lines to the
// width it was given, so nothing is measured here.
type bulleter struct{ started bool }

func (b *bulleter) add(out []string, line string, st *themes.Styles) []string {
	if isBlankLine(line) {
		if !b.started {
			return out
		}
		return append(out, "")
	}
	if !b.started {
		b.started = true
		return append(out, st.Transcript.AssistantIcon.Render(st.Icons.Assistant)+" "+line)
	}
	return append(out, "  "+line)
}

func isBlankLine(l string) bool {
	return strings.TrimSpace(l) == "" || strings.TrimSpace(ansi.Strip(l)) == ""
}

func trimTrailingBlank(lines []string) []string {
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

func (t *textItem) plain() string { return render.Sanitize(t.text()) }

func (t *textItem) markdown() string {
	s := render.Sanitize(strings.TrimSpace(t.text()))
	if t.interrupted {
		s += "\n\n_(interrupted)_"
	}
	return s + "\n"
}
