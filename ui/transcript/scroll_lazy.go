package transcript

// Scrolling up does not render the settled items it passes until something shows
// where it led. Inline mode draws no transcript (PgUp moves the one tab opens), and a
// long answer it printed to the scrollback was never rendered wrapped: measuring it
// at the first page that reaches it was most of a page-up's cost. So the top anchor
// may be "n lines above item i" (a negative line; i may be len(items), the end)
// through settled items not measured yet. resolveTop measures them when the view, a
// downward scroll, a new width or theme, a toggle or moved items need a real line.
// Settled items do not change, so the anchor lands where scrolling one page at a
// time, measuring as it went, would have put it.

// measured reports whether item i's height is known without rendering it.
func (m *Model) measured(i int) bool {
	b := m.items[i].base()
	c := &b.cache
	return b.hidden || c.valid && c.ver == b.ver && c.width == m.contentWidth() && c.expanded == b.expanded && c.st == m.st
}

// deferrable reports whether scrolling may pass item i without measuring it.
// settled is Settled(0), or -1 when not computed yet.
func (m *Model) deferrable(i int, settled *int) bool {
	if m.measured(i) {
		return false
	}
	if *settled < 0 {
		*settled = m.Settled(0)
	}
	return i < *settled
}

// lazyBottom is bottomAnchor, except that it stops at a settled item not measured
// yet: the anchor is then the rows still to fill above the item after it, or above
// the end (item len(items)) when that item is the last.
func (m *Model) lazyBottom() anchor {
	if len(m.items) == 0 {
		return anchor{}
	}
	remaining, settled := m.rows(), -1
	if remaining <= 0 {
		return m.bottomAnchor()
	}
	for j := len(m.items) - 1; j >= 0; j-- {
		if m.deferrable(j, &settled) {
			return anchor{j + 1, -remaining}
		}
		h := m.heightOf(j)
		if h >= remaining {
			return anchor{j, h - remaining}
		}
		remaining -= h
	}
	return anchor{}
}

// resolve turns an anchor above its item into a line of the item it falls on.
func (m *Model) resolve(t anchor) anchor {
	if t.line >= 0 {
		return t
	}
	for t.line < 0 && t.item > 0 {
		t.item--
		t.line += m.heightOf(t.item)
	}
	return anchor{t.item, max(t.line, 0)}
}

// beforeBottom reports whether t is above the view of the tail. An anchor above an
// item not measured yet is compared with lazyBottom without measuring when that
// tells: both count from the same item, or the bottom is a line of a later item.
// Otherwise it is resolved first.
func (m *Model) beforeBottom(t anchor) bool {
	if t.line < 0 {
		b := m.lazyBottom()
		switch {
		case b.item == t.item:
			return t.line < b.line
		case b.item > t.item && b.line >= 0:
			return true
		}
		t = m.resolve(t)
	}
	return t.before(m.bottomAnchor())
}

// resolveTop measures what scrolling up passed: the top anchor becomes a line of an
// item. Where that is not above the view of the tail (everything fits on the screen),
// the view follows the tail, as scrolling would have made it.
func (m *Model) resolveTop() {
	if m.vp.top.line >= 0 {
		return
	}
	m.vp.top = m.resolve(m.vp.top)
	if !m.vp.follow && !m.vp.top.before(m.bottomAnchor()) {
		m.follow()
	}
}

// resolveSeen counts the lines of the tail the view left, when leaving it did not
// (markSeen): before the width or the styles change what they would be.
func (m *Model) resolveSeen() {
	if m.vp.seenTailLines >= 0 {
		return
	}
	m.vp.seenTailLines = 0
	if i := m.indexOf(m.vp.seenTail); i >= 0 {
		m.vp.seenTailLines = len(m.itemLines(i))
	}
}

// resolveAll measures everything scrolling left for later, before a change of the
// width or the styles would measure it differently.
func (m *Model) resolveAll() {
	m.resolveTop()
	m.resolveSeen()
}
