package transcript

// anchor is a position in the transcript: line `line` of item `item`,
// counting the blank gap line above the item as its line 0. The top anchor's
// line may be negative: that many lines above the item, through settled items
// scrolling up has not measured yet (scroll_lazy.go).
type anchor struct{ item, line int }

func (a anchor) before(b anchor) bool {
	return a.item < b.item || (a.item == b.item && a.line < b.line)
}

// viewport is where the view is. Its top is kept as an anchor, not as an
// absolute line number, so no item above the screen ever needs measuring:
// following the tail works back from the last item, scrolling walks only
// the items it passes.
type viewport struct {
	follow bool   // stick to the tail
	top    anchor // first line on screen, when not following
	// seen is the number of items when the user scrolled away from the
	// tail; items after it are "new".
	seen int
	// seenTail and seenTailLines are the last item of the flow and its
	// height then: a streaming answer that grew since is new output too.
	seenTail      ID
	seenTailLines int
	// first and last are the items the last View showed (-1 if none).
	first, last int
}

// itemLines are the rendered lines of item i at the current width.
func (v *View) itemLines(i int) []string {
	return linesOf(v.c.items[i], v.contentWidth(), v.st)
}

// gapOf is 1 when item i has a blank line above it.
func gapOf(i int, lines []string) int {
	if i > 0 && len(lines) > 0 {
		return 1
	}
	return 0
}

// heightOf is item i's height including its gap.
func (v *View) heightOf(i int) int {
	l := v.itemLines(i)
	return gapOf(i, l) + len(l)
}

// rows is the number of lines the items get (the search prompt takes one).
func (v *View) rows() int {
	r := v.height
	if v.search.prompting {
		r--
	}
	return max(r, 0)
}

// anchorAbove is the top anchor that puts the last line of item i on the
// last of `rows` lines; {0,0} when everything up to i fits.
func (v *View) anchorAbove(i, rows int) anchor {
	remaining := rows
	for j := i; j >= 0; j-- {
		h := v.heightOf(j)
		if h >= remaining {
			return anchor{j, h - remaining}
		}
		remaining -= h
	}
	return anchor{}
}

// bottomAnchor is the top anchor of the view that shows the tail.
func (v *View) bottomAnchor() anchor {
	if len(v.c.items) == 0 {
		return anchor{}
	}
	return v.anchorAbove(len(v.c.items)-1, v.rows())
}

// syncTop pins the top anchor when following, so a scroll starts from
// what is on screen.
func (v *View) syncTop() {
	if v.vp.follow {
		v.vp.top = v.bottomAnchor()
	}
}

// follow sticks the view to the tail again.
func (v *View) follow() { v.followTail(len(v.c.items)) }

// setTop moves the view; reaching the tail starts following it.
func (v *View) setTop(t anchor) {
	if !v.beforeBottom(t) {
		v.follow()
		return
	}
	if v.vp.follow {
		v.vp.follow = false
		v.markSeen()
	}
	v.vp.top = t
}

// clampTop keeps the top anchor inside the transcript after items
// changed size; the view itself handles a top that shows too little.
func (v *View) clampTop() {
	if v.vp.follow || len(v.c.items) == 0 {
		return
	}
	t := &v.vp.top
	if t.line < 0 {
		// Above settled items scrolling passed: their sizes did not change (a
		// new width or theme resolves them first).
		if t.item > len(v.c.items) {
			v.follow()
		}
		return
	}
	if t.item >= len(v.c.items) {
		v.follow()
		return
	}
	if h := v.heightOf(t.item); t.line >= h {
		t.line = max(h-1, 0)
	}
}

// ScrollLines scrolls by n lines, up when negative (the mouse wheel).
// Scrolling up leaves the tail; scrolling back down to it follows again.
func (v *View) ScrollLines(n int) {
	if n == 0 || len(v.c.items) == 0 {
		return
	}
	switch {
	case n < 0 && v.vp.follow:
		v.vp.top = v.lazyBottom() // syncTop, measuring no settled item above the tail
	case n > 0:
		v.syncTop()
		v.resolveTop()
	}
	t := v.vp.top
	t.line += n
	if n < 0 {
		// Settled items not measured yet are passed without rendering
		// them (scroll_lazy.go).
		settled := -1
		for t.line < 0 && t.item > 0 && !v.deferrable(t.item-1, &settled) {
			t.item--
			t.line += v.heightOf(t.item)
		}
		if t.item == 0 {
			t.line = max(t.line, 0)
		}
		if t != v.vp.top {
			v.setTop(t)
		}
		return
	}
	for t.item < len(v.c.items)-1 {
		h := v.heightOf(t.item)
		if t.line < h {
			break
		}
		t.line -= h
		t.item++
	}
	v.setTop(t)
}

// page is how far PageUp and PageDown move: a screen, less a line of
// context.
func (v *View) page() int { return max(v.rows()-1, 1) }

// PageUp scrolls up a screen.
func (v *View) PageUp() { v.ScrollLines(-v.page()) }

// PageDown scrolls down a screen.
func (v *View) PageDown() { v.ScrollLines(v.page()) }

// GotoTop shows the start of the transcript.
func (v *View) GotoTop() {
	if len(v.c.items) == 0 {
		return
	}
	v.syncTop()
	v.setTop(anchor{})
}

// GotoBottom shows the tail and follows it.
func (v *View) GotoBottom() { v.follow() }

// Following reports whether the view sticks to the tail.
func (v *View) Following() bool {
	v.resolveTop()
	return v.vp.follow
}

// markSeen remembers what the tail was when the view left it.
func (v *View) markSeen() {
	v.vp.seen = len(v.c.items)
	v.vp.seenTail, v.vp.seenTailLines = 0, 0
	if i := v.c.flowEnd() - 1; i >= 0 {
		v.vp.seenTail = v.c.items[i].base().id
		if settled := -1; v.deferrable(i, &settled) {
			v.vp.seenTailLines = -1 // counted when needed: a settled item does not grow
		} else {
			v.vp.seenTailLines = len(v.itemLines(i))
		}
	}
}

// grewBelow reports whether the item that was the tail when the view left it
// has more lines now (an answer streaming on while the user reads above).
func (v *View) grewBelow() bool {
	if v.vp.follow || v.vp.seenTail == 0 {
		return false
	}
	v.resolveSeen()
	i := v.c.indexOf(v.vp.seenTail)
	return i >= 0 && len(v.itemLines(i)) > v.vp.seenTailLines
}

// NewBelow is the number of items added since the user scrolled away from
// the tail (0 while following).
func (v *View) NewBelow() int {
	if v.vp.follow {
		return 0
	}
	n := 0
	for i := v.vp.seen; i < len(v.c.items); i++ {
		if !v.c.items[i].base().hidden {
			n++
		}
	}
	return n
}

// ensureVisible scrolls so item i shows whole, or its top when it is
// taller than the screen. Only the items between it and the screen are
// measured.
func (v *View) ensureVisible(i int) {
	if i < 0 || i >= len(v.c.items) {
		return
	}
	v.syncTop()
	v.resolveTop()
	rows := v.rows()
	start := anchor{i, gapOf(i, v.itemLines(i))}
	t := v.vp.top
	if start.before(t) {
		v.setTop(start)
		return
	}
	used := -t.line
	for j := t.item; j <= i && used <= rows; j++ {
		used += v.heightOf(j)
	}
	if used <= rows {
		return
	}
	if v.heightOf(i)-start.line >= rows {
		v.setTop(start)
		return
	}
	v.setTop(v.anchorAbove(i, rows))
}
