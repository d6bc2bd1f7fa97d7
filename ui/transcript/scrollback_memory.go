package transcript

// keptRenderBudget is how many bytes of wrapped lines inline mode keeps for answers
// already in the scrollback: those of the newest, which PgUp and the transcript
// browser reach first. Older answers let their lines go and render again if shown,
// so a long session's memory does not grow with every answer it printed.
var keptRenderBudget = 4 << 20 // a variable for the tests

// releasePrinted lets go of what the finished answers before item `before`, all in
// the scrollback, keep for drawing in place: their streaming renderer, which inline
// mode did not use to draw the printed part (drawing one renders it whole), and their
// wrapped lines beyond keptRenderBudget, counted from the newest.
func (v *View) releasePrinted(before int) {
	kept := 0
	for i := min(before, len(v.c.items)) - 1; i >= 0; i-- {
		t, ok := v.c.items[i].(*textItem)
		if !ok || !t.done {
			continue
		}
		if t.sm != nil && t.inc.st == nil {
			t.sm = nil // never drawn finished: drawing it renders it from scratch anyway
		}
		t.rest = restRender{} // the live part's: the answer left it
		lines := t.cache.lines
		if t.kept.lines != nil {
			lines = t.kept.lines
		}
		if kept < keptRenderBudget {
			for _, l := range lines {
				kept += len(l)
			}
			continue
		}
		t.kept, t.cache = keptLines{}, renderCache{}
	}
}
