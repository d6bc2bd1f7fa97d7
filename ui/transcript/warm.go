package transcript

import (
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// Warming: a session in the background applies its events but is not drawn, so a long
// reply that settled there was never rendered, and the first frame after switching to
// it would render it whole. Warm renders such replies off the update loop (render is
// safe to call from any goroutine); ApplyWarm keeps the lines, which the first frame
// then takes as they are.

// maxWarmItems bounds how many replies, from the bottom, one warming renders: a
// screen shows the last few.
const maxWarmItems = 4

// Warmed is what Warm rendered, for ApplyWarm.
type Warmed struct {
	items []*textItem
	kept  []keptLines
}

// Warm returns work that renders the settled replies at the bottom that have no lines
// for the view's width and styles; nil when there is none.
func (v *View) Warm() func() Warmed {
	mw := max(v.contentWidth()-bulletWidth, 1)
	st := v.st
	var todo []*textItem
	var texts []string
	for i := len(v.c.items) - 1; i >= 0 && len(todo) < maxWarmItems; i-- {
		t, ok := v.c.items[i].(*textItem)
		if !ok || t.hidden {
			continue
		}
		if !t.done || t.sm != nil || (t.kept.lines != nil && t.kept.width == mw && t.kept.st == st) {
			continue
		}
		todo, texts = append(todo, t), append(texts, t.final)
	}
	if len(todo) == 0 || v.width <= 0 {
		return nil
	}
	return func() Warmed {
		w := Warmed{items: todo}
		for _, text := range texts {
			w.kept = append(w.kept, keptLines{width: mw, st: st, lines: renderFinal(text, mw, st)})
		}
		return w
	}
}

// ApplyWarm keeps what Warm rendered, for items still as they were.
func (v *View) ApplyWarm(w Warmed) {
	for i, t := range w.items {
		if t.done && t.sm == nil && t.kept.lines == nil {
			t.kept = w.kept[i]
		}
	}
}

// renderFinal renders a settled reply's text as its item shows it.
func renderFinal(text string, mw int, st *themes.Styles) []string {
	b := bulleter{}
	var out []string
	for _, l := range splitRendered(render.Markdown(text, mw, st)) {
		out = b.add(out, l, st)
	}
	return trimTrailingBlank(out)
}
