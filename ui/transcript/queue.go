package transcript

// Queued prompts take effect after the turn they wait behind, so they stay at
// the tail while that turn goes on: whatever the turn still adds (its answer,
// an "Interrupted" marker, its footer) goes above them, and a prompt joins the
// flow when the root marks it no longer queued.

// flowEnd is where a new item goes: before the queued prompts at the tail.
func (c *Conversation) flowEnd() int {
	i := len(c.items)
	for i > 0 {
		if u, ok := c.items[i-1].(*userItem); !ok || !u.queued {
			break
		}
		i--
	}
	return i
}

// indexOf is the index of the item with id, or -1. Prompts are looked up
// near the tail, so it searches from the end.
func (c *Conversation) indexOf(id ID) int {
	for i := len(c.items) - 1; i >= 0; i-- {
		if c.items[i].base().id == id {
			return i
		}
	}
	return -1
}

// insertAt puts it at index i, moving later items down one.
func (c *Conversation) insertAt(i int, it item) {
	p := &c.place
	top := p.vp.top
	if top.line < 0 && i < top.item && c.viewer != nil {
		c.viewer.resolveTop() // the new item lands among those it counts
	}
	c.items = append(c.items, nil)
	copy(c.items[i+1:], c.items[i:])
	c.items[i] = it
	p.remap(func(x int) int {
		if x >= i {
			return x + 1
		}
		return x
	})
	if top.line < 0 && top.item == i && !p.vp.follow {
		p.vp.top = top // lines above item i are lines above the new item: the same place
	}
}

// moveItem moves the item at from to index to, keeping the place's cursor,
// search match and view on the items they were on.
func (c *Conversation) moveItem(from, to int) {
	if from == to {
		return
	}
	if c.viewer != nil {
		c.viewer.resolveTop() // before the items it counts move
	}
	it := c.items[from]
	if from < to {
		copy(c.items[from:to], c.items[from+1:to+1])
	} else {
		copy(c.items[to+1:from+1], c.items[to:from])
	}
	c.items[to] = it
	c.place.remap(func(x int) int {
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
