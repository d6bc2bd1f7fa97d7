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
func (m *Model) itemLines(i int) []string {
	return linesOf(m.items[i], m.contentWidth(), m.st)
}

// gapOf is 1 when item i has a blank line above it.
func gapOf(i int, lines []string) int {
	if i > 0 && len(lines) > 0 {
		return 1
	}
	return 0
}

// heightOf is item i's height including its gap.
func (m *Model) heightOf(i int) int {
	l := m.itemLines(i)
	return gapOf(i, l) + len(l)
}

// rows is the number of lines the items get (the search prompt takes one).
func (m *Model) rows() int {
	r := m.height
	if m.search.prompting {
		r--
	}
	return max(r, 0)
}

// anchorAbove is the top anchor that puts the last line of item i on the
// last of `rows` lines; {0,0} when everything up to i fits.
func (m *Model) anchorAbove(i, rows int) anchor {
	remaining := rows
	for j := i; j >= 0; j-- {
		h := m.heightOf(j)
		if h >= remaining {
			return anchor{j, h - remaining}
		}
		remaining -= h
	}
	return anchor{}
}

// bottomAnchor is the top anchor of the view that shows the tail.
func (m *Model) bottomAnchor() anchor {
	if len(m.items) == 0 {
		return anchor{}
	}
	return m.anchorAbove(len(m.items)-1, m.rows())
}

// syncTop pins the top anchor when following, so a scroll starts from
// what is on screen.
func (m *Model) syncTop() {
	if m.vp.follow {
		m.vp.top = m.bottomAnchor()
	}
}

// follow sticks the view to the tail again.
func (m *Model) follow() {
	m.vp.follow = true
	m.vp.seen = len(m.items)
}

// setTop moves the view; reaching the tail starts following it.
func (m *Model) setTop(t anchor) {
	if !m.beforeBottom(t) {
		m.follow()
		return
	}
	if m.vp.follow {
		m.vp.follow = false
		m.markSeen()
	}
	m.vp.top = t
}

// clampTop keeps the top anchor inside the transcript after items
// changed size; the view itself handles a top that shows too little.
func (m *Model) clampTop() {
	if m.vp.follow || len(m.items) == 0 {
		return
	}
	t := &m.vp.top
	if t.line < 0 {
		// Above settled items scrolling passed: their sizes did not change (a
		// new width or theme resolves them first).
		if t.item > len(m.items) {
			m.follow()
		}
		return
	}
	if t.item >= len(m.items) {
		m.follow()
		return
	}
	if h := m.heightOf(t.item); t.line >= h {
		t.line = max(h-1, 0)
	}
}

// ScrollLines scrolls by n lines, up when negative (the mouse wheel).
// Scrolling up leaves the tail; scrolling back down to it follows again.
func (m *Model) ScrollLines(n int) {
	if n == 0 || len(m.items) == 0 {
		return
	}
	switch {
	case n < 0 && m.vp.follow:
		m.vp.top = m.lazyBottom() // syncTop, measuring no settled item above the tail
	case n > 0:
		m.syncTop()
		m.resolveTop()
	}
	t := m.vp.top
	t.line += n
	if n < 0 {
		// Settled items not measured yet are passed without rendering
		// them (scroll_lazy.go).
		settled := -1
		for t.line < 0 && t.item > 0 && !m.deferrable(t.item-1, &settled) {
			t.item--
			t.line += m.heightOf(t.item)
		}
		if t.item == 0 {
			t.line = max(t.line, 0)
		}
		if t != m.vp.top {
			m.setTop(t)
		}
		return
	}
	for t.item < len(m.items)-1 {
		h := m.heightOf(t.item)
		if t.line < h {
			break
		}
		t.line -= h
		t.item++
	}
	m.setTop(t)
}

// page is how far PageUp and PageDown move: a screen, less a line of
// context.
func (m *Model) page() int { return max(m.rows()-1, 1) }

// PageUp scrolls up a screen.
func (m *Model) PageUp() { m.ScrollLines(-m.page()) }

// PageDown scrolls down a screen.
func (m *Model) PageDown() { m.ScrollLines(m.page()) }

// GotoTop shows the start of the transcript.
func (m *Model) GotoTop() {
	if len(m.items) == 0 {
		return
	}
	m.syncTop()
	m.setTop(anchor{})
}

// GotoBottom shows the tail and follows it.
func (m *Model) GotoBottom() { m.follow() }

// Following reports whether the view sticks to the tail.
func (m *Model) Following() bool {
	m.resolveTop()
	return m.vp.follow
}

// markSeen remembers what the tail was when the view left it.
func (m *Model) markSeen() {
	m.vp.seen = len(m.items)
	m.vp.seenTail, m.vp.seenTailLines = 0, 0
	if i := m.flowEnd() - 1; i >= 0 {
		m.vp.seenTail = m.items[i].base().id
		if settled := -1; m.deferrable(i, &settled) {
			m.vp.seenTailLines = -1 // counted when needed: a settled item does not grow
		} else {
			m.vp.seenTailLines = len(m.itemLines(i))
		}
	}
}

// grewBelow reports whether the item that was the tail when the view left it
// has more lines now (an answer streaming on while the user reads above).
func (m *Model) grewBelow() bool {
	if m.vp.follow || m.vp.seenTail == 0 {
		return false
	}
	m.resolveSeen()
	i := m.indexOf(m.vp.seenTail)
	return i >= 0 && len(m.itemLines(i)) > m.vp.seenTailLines
}

// NewBelow is the number of items added since the user scrolled away from
// the tail (0 while following).
func (m *Model) NewBelow() int {
	if m.vp.follow {
		return 0
	}
	n := 0
	for i := m.vp.seen; i < len(m.items); i++ {
		if !m.items[i].base().hidden {
			n++
		}
	}
	return n
}

// ensureVisible scrolls so item i shows whole, or its top when it is
// taller than the screen. Only the items between it and the screen are
// measured.
func (m *Model) ensureVisible(i int) {
	if i < 0 || i >= len(m.items) {
		return
	}
	m.syncTop()
	m.resolveTop()
	rows := m.rows()
	start := anchor{i, gapOf(i, m.itemLines(i))}
	t := m.vp.top
	if start.before(t) {
		m.setTop(start)
		return
	}
	used := -t.line
	for j := t.item; j <= i && used <= rows; j++ {
		used += m.heightOf(j)
	}
	if used <= rows {
		return
	}
	if m.heightOf(i)-start.line >= rows {
		m.setTop(start)
		return
	}
	m.setTop(m.anchorAbove(i, rows))
}
