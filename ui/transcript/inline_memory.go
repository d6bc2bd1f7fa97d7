package transcript

// keptRenderBudget is how many bytes of wrapped lines inline mode keeps for answers
// already in the scrollback: the newest ones, which PgUp and the transcript browser
// reach first. Older answers let their lines go and render again if shown: a long
// session's memory does not grow with every answer it printed.
var keptRenderBudget = 4 << 20 // a variable for the tests

// releasePrinted lets go of what answers before item `before` (all in the scrollback)
// keep for drawing in place, beyond keptRenderBudget counted from the newest: their
// wrapped lines. The streaming renderer of one that was not drawn finished yet is let
// go too, its lines completed first when that costs only its end.
func (m *Model) releasePrinted(before int) {
	kept := 0
	for i := min(before, len(m.items)) - 1; i >= 0; i-- {
		t, ok := m.items[i].(*textItem)
		if !ok || !t.done {
			continue
		}
		if t.sm != nil {
			// Finished after the last frame drew it: its render lacks only the
			// end, unless the width or the styles changed since.
			if t.sm.Width() == max(m.contentWidth()-bulletWidth, 1) && t.inc.st == m.st {
				linesOf(t, m.contentWidth(), m.st)
			} else {
				t.sm, t.inc, t.cache = nil, incLines{}, renderCache{}
			}
		}
		t.rest = restRender{} // the live part's fallback: the answer leaves it now
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
		t.kept, t.cache, t.restAt = keptLines{}, renderCache{}, restStart{}
	}
}
