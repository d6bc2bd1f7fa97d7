package transcript

// TruncateFrom removes the item id and everything after it: /rewind took the
// conversation back to before that prompt, and what followed is no longer in it. It
// reports whether id was found.
func (m *Model) TruncateFrom(id ID) bool {
	i := m.indexOf(id)
	if i < 0 {
		return false
	}
	for _, it := range m.items[i:] {
		b := it.base()
		delete(m.prompts, b.id)
		delete(m.shells, b.id)
		delete(m.live, it)
	}
	clear(m.items[i:])
	m.items = m.items[:i]
	m.stream = newStreamState()
	m.turn = turnState{}
	m.cursor = -1
	m.search.cur = -1
	m.vp.first, m.vp.last = -1, -1
	m.follow()
	return true
}
