package transcript

// What will not change any more: --tui inline prints it into the terminal's
// scrollback once (scrollback.go), and scrolling up passes it without measuring
// it (scroll_lazy.go).

// Settled is the number of leading items that will not change any more: they can be
// printed once into the terminal's scrollback. It stops at the first item still
// streaming, running, counting down, queued, waiting for its assistant line or part of
// an abandoned message. Items
// before from are taken as settled (already printed), so a call costs only the items
// after them.
func (c *Conversation) Settled(from int) int {
	// Streamed blocks without their assistant line, or of a message the CLI abandoned,
	// may still be discarded (hidden) when the CLI retries: not final yet.
	unclaimed := map[item]bool{}
	for _, lists := range []map[string][]item{c.stream.unclaimed, c.stream.abandoned} {
		for _, list := range lists {
			for _, it := range list {
				unclaimed[it] = true
			}
		}
	}
	for i := max(from, 0); i < len(c.items); i++ {
		it := c.items[i]
		if it.base().hidden {
			continue // a discarded preview shows nothing, whatever its state
		}
		if unclaimed[it] || !settled(it) {
			return i
		}
	}
	return len(c.items)
}

// settled reports whether one item reached its final form.
func settled(it item) bool {
	switch it := it.(type) {
	case *textItem:
		return it.done
	case *thinkingItem:
		return !it.streaming
	case *toolItem:
		return it.finished()
	case *userItem:
		return !it.queued
	case *noticeItem:
		return it.retry == nil || it.retry.done
	}
	return true
}

// Hidden reports whether item i was hidden: a streamed preview the CLI discarded
// because it retried the request.
func (c *Conversation) Hidden(i int) bool {
	return i >= 0 && i < len(c.items) && c.items[i].base().hidden
}
