package transcript

// place is where a view of one conversation stands: the scroll position (the
// viewport's anchor, following the tail or not, what was new when the view left
// the tail), the keyboard cursor and the search. Every index in it is an index into
// the conversation's items, so the conversation renumbers it when items are
// inserted or moved (queue.go). A Conversation carries its place (Conversation.place)
// and a View works on the place of the conversation it shows: switching a View
// between conversations keeps each one's place.
//
// Lines in it (the top anchor's line, the tail's height when the view left it) were
// counted at the width and styles of the View that last showed it; a View that shows
// it again clamps them (View.Show). An anchor above an item not measured yet
// (scroll_lazy.go) only exists while a View shows the conversation: the View
// measures it before it lets go (View.Show).
type place struct {
	vp     viewport
	cursor int // index into items, -1 for none
	search searchState
}

func newPlace() place {
	return place{vp: viewport{follow: true, first: -1, last: -1}, cursor: -1}
}

// followTail sticks the view to the tail again; n is the number of items.
func (p *place) followTail(n int) {
	p.vp.follow = true
	p.vp.seen = n
}

// remap renumbers every item index the place keeps after items moved.
// vp.seen is a count of items, not an index: an insertion above it still
// adds exactly one item below it.
func (p *place) remap(f func(int) int) {
	for _, i := range []*int{&p.cursor, &p.search.cur, &p.vp.first, &p.vp.last} {
		if *i >= 0 {
			*i = f(*i)
		}
	}
	if !p.vp.follow {
		p.vp.top.item = f(p.vp.top.item)
	}
}

// cut forgets what pointed into items the conversation dropped (TruncateFrom);
// n is the number of items left.
func (p *place) cut(n int) {
	p.cursor = -1
	p.search.cur = -1
	p.vp.first, p.vp.last = -1, -1
	p.followTail(n)
}
