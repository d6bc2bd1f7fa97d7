package transcript

import (
	"strings"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// restRender renders the unprinted rest of a streaming answer in inline mode, the
// way the full-screen transcript renders a whole answer: incrementally, so a frame
// renders only the unfinished tail of the rest, not all of it again. It starts over
// when the printed part, the width or the styles change, or when the rest is not the
// text it was fed plus more (the sanitized unfinished line can change as it grows).
type restRender struct {
	printed int // bytes of the answer's source in the scrollback when it started
	width   int
	st      *themes.Styles
	fed     string // the rest appended so far
	sm      *render.StreamingMarkdown
}

// view is render.Markdown(rest, width, st), which the streaming renderer guarantees
// (TestStreamingFinalEqualsFromScratch), at the cost of the new text and the tail.
func (r *restRender) view(printed int, rest string, width int, st *themes.Styles) string {
	if r.sm == nil || r.printed != printed || r.width != width || r.st != st || !strings.HasPrefix(rest, r.fed) {
		*r = restRender{printed: printed, width: width, st: st, sm: render.NewStreamingMarkdown(width, st)}
	}
	r.sm.Append(rest[len(r.fed):])
	r.fed = rest
	return r.sm.View()
}

// restStart is where the printed start of a streaming answer ends in the answer's own
// render (the lines full screen and PgUp show): its first k lines show the printed
// part. Inline mode's live part then shows the item's lines from there, so the answer
// is rendered wrapped once, incrementally, and PgUp finds it rendered.
type restStart struct {
	valid   bool
	printed int // bytes of the source printed
	width   int // markdown width and styles the lines were counted at
	st      *themes.Styles
	out     int  // bytes of the stable render counted
	k       int  // lines they make after bulleting
	started bool // one of them showed something (the bullet went out)
}

// restFrom reports how many of the item's lines (render at mw, st) show the printed
// part, when the lines after them are the rest rendered alone: the render was cut
// exactly where the printed part ends (render.StreamingMarkdown.StableRender).
func (t *textItem) restFrom(printed, mw int, st *themes.Styles) (int, bool) {
	r := &t.restAt
	if t.sm == nil {
		// Finished and kept: the lines are the streamed render's, checked when kept.
		ok := r.valid && r.printed == printed && r.width == mw && r.st == st &&
			t.kept.lines != nil && t.kept.width == mw && t.kept.st == st
		return r.k, ok && r.started
	}
	if t.done && (t.sm.Width() != mw || t.inc.st != st) {
		return 0, false // render starts over from scratch
	}
	t.syncWidth(mw, st)
	stable, ok := t.sm.StableRender(printed)
	if !ok {
		r.valid = false
		return 0, false
	}
	if !r.valid || r.width != mw || r.st != st || printed < r.printed || len(stable) < r.out {
		*r = restStart{width: mw, st: st}
	}
	// Count the lines the new part of the stable render adds, as bulleter does.
	for _, l := range strings.SplitAfter(stable[r.out:], "\n") {
		if l == "" {
			continue
		}
		if r.started || !isBlankLine(strings.TrimSuffix(l, "\n")) {
			r.started = true
			r.k++
		}
	}
	r.valid, r.printed, r.out = true, printed, len(stable)
	return r.k, r.started
}

// keepRestStart checks, as the streaming renderer is let go, that the printed part
// still ends where it was counted: the last text may have made the answer render
// whole (a link reference definition).
func (t *textItem) keepRestStart() {
	if r := &t.restAt; r.valid {
		if stable, ok := t.sm.StableRender(r.printed); !ok || len(stable) != r.out {
			r.valid = false
		}
	}
}
