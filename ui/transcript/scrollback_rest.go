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
