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
func (v *View) measured(i int) bool {
	b := v.c.items[i].base()
	c := &b.cache
	return b.hidden || c.valid && c.ver == b.ver && c.width == v.contentWidth() && c.expanded == b.expanded && c.st == v.st
}

// deferrable reports whether scrolling may pass item i without measuring it.
// settled is Settled(0), or -1 when not computed yet.
func (v *View) deferrable(i int, settled *int) bool {
	if v.measured(i) {
		return false
	}
	if *settled < 0 {
		*settled = v.c.Settled(0)
	}
	return i < *settled
}

// lazyBottom is bottomAnchor, except that it stops at a settled item not measured
// yet: the anchor is then the rows still to fill above the item after it, or above
// the end (item len(items)) when that item is the last.
func (v *View) lazyBottom() anchor {
	if len(v.c.items) == 0 {
		return anchor{}
	}
	remaining, settled := v.rows(), -1
	if remaining <= 0 {
		return v.bottomAnchor()
	}
	for j := len(v.c.items) - 1; j >= 0; j-- {
		if v.deferrable(j, &settled) {
			return anchor{j + 1, -remaining}
		}
		h := v.heightOf(j)
		if h >= remaining {
			return anchor{j, h - remaining}
		}
		remaining -= h
	}
	return anchor{}
}

// resolve turns an anchor above its item into a line of the item it falls on.
func (v *View) resolve(t anchor) anchor {
	if t.line >= 0 {
		return t
	}
	for t.line < 0 && t.item > 0 {
		t.item--
		t.line += v.heightOf(t.item)
	}
	return anchor{t.item, max(t.line, 0)}
}

// beforeBottom reports whether t is above the view of the tail. An anchor above an
// item not measured yet is compared with lazyBottom without measuring when that
// tells: both count from the same item, or the bottom is a line of a later item.
// Otherwise it is resolved first.
func (v *View) beforeBottom(t anchor) bool {
	if t.line < 0 {
		b := v.lazyBottom()
		switch {
		case b.item == t.item:
			return t.line < b.line
		case b.item > t.item && b.line >= 0:
			return true
		}
		t = v.resolve(t)
	}
	return t.before(v.bottomAnchor())
}

// resolveTop measures what scrolling up passed: the top anchor becomes a line of an
// item. Where that is not above the view of the tail (everything fits on the screen),
// the view follows the tail, as scrolling would have made it.
func (v *View) resolveTop() {
	if v.vp.top.line >= 0 {
		return
	}
	v.vp.top = v.resolve(v.vp.top)
	if !v.vp.follow && !v.vp.top.before(v.bottomAnchor()) {
		v.follow()
	}
}

// resolveSeen counts the lines of the tail the view left, when leaving it did not
// (markSeen): before the width or the styles change what they would be.
func (v *View) resolveSeen() {
	if v.vp.seenTailLines >= 0 {
		return
	}
	v.vp.seenTailLines = 0
	if i := v.c.indexOf(v.vp.seenTail); i >= 0 {
		v.vp.seenTailLines = len(v.itemLines(i))
	}
}

// resolveAll measures everything scrolling left for later, before a change of the
// width or the styles would measure it differently.
func (v *View) resolveAll() {
	v.resolveTop()
	v.resolveSeen()
}
