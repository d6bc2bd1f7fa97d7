package transcript

// TruncateFrom removes the item id and everything after it: /rewind took the
// conversation back to before that prompt, and what followed is no longer in it. It
// reports whether id was found.
func (c *Conversation) TruncateFrom(id ID) bool {
	i := c.indexOf(id)
	if i < 0 {
		return false
	}
	for _, it := range c.items[i:] {
		b := it.base()
		delete(c.prompts, b.id)
		delete(c.shells, b.id)
		delete(c.live, it)
	}
	clear(c.items[i:])
	c.items = c.items[:i]
	c.stream = newStreamState()
	c.turn = turnState{}
	c.place.cut(len(c.items))
	return true
}
