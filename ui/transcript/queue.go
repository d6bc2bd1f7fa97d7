package transcript

// Queued prompts take effect after the turn they wait behind, so they stay at
// the tail while that turn goes on: whatever the turn still adds (its answer,
// an "Interrupted" marker, its footer) goes above them, and a prompt joins the
// flow when the root marks it no longer queued.

// flowEnd is where a new item goes: before the queued prompts at the tail.
func (m *Model) flowEnd() int {
	i := len(m.items)
	for i > 0 {
		if u, ok := m.items[i-1].(*userItem); !ok || !u.queued {
			break
		}
		i--
	}
	return i
}

// indexOf is the index of the item with id, or -1. Prompts are looked up
// near the tail, so it searches from the end.
func (m *Model) indexOf(id ID) int {
	for i := len(m.items) - 1; i >= 0; i-- {
		if m.items[i].base().id == id {
			return i
		}
	}
	return -1
}

// insertAt puts it at index i, moving later items down one.
func (m *Model) insertAt(i int, it item) {
	top := m.vp.top
	if top.line < 0 && i < top.item {
		m.resolveTop() // the new item lands among those it counts
	}
	m.items = append(m.items, nil)
	copy(m.items[i+1:], m.items[i:])
	m.items[i] = it
	m.remap(func(x int) int {
		if x >= i {
			return x + 1
		}
		return x
	})
	if top.line < 0 && top.item == i && !m.vp.follow {
		m.vp.top = top // lines above item i are lines above the new item: the same place
	}
}

// moveItem moves the item at from to index to, keeping the cursor, the
// search match and the view on the items they were on.
func (m *Model) moveItem(from, to int) {
	if from == to {
		return
	}
	m.resolveTop() // before the items it counts move
	it := m.items[from]
	if from < to {
		copy(m.items[from:to], m.items[from+1:to+1])
	} else {
		copy(m.items[to+1:from+1], m.items[to:from])
	}
	m.items[to] = it
	m.remap(func(x int) int {
		switch {
		case x == from:
			return to
		case from < to && x > from && x <= to:
			return x - 1
		case to < from && x >= to && x < from:
			return x + 1
		}
		return x
	})
}

// remap renumbers every item index the model keeps after items moved.
// vp.seen is a count of items, not an index: an insertion above it still
// adds exactly one item below it.
func (m *Model) remap(f func(int) int) {
	for _, p := range []*int{&m.cursor, &m.search.cur, &m.vp.first, &m.vp.last} {
		if *p >= 0 {
			*p = f(*p)
		}
	}
	if !m.vp.follow {
		m.vp.top.item = f(m.vp.top.item)
	}
}
