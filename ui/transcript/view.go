package transcript

import (
	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/themes"
)

// gutterWidth is the column left of every line that marks the selected
// item; it is always reserved so focusing never reflows the text.
const gutterWidth = 2

// View shows one Conversation on screen: its size, styles and focus, the
// viewport that follows the tail or stays where the user scrolled, the cursor,
// search and copy (keys: nav.go), and printing for the terminal's scrollback in
// --tui inline (scrollback*.go). Where it stands in a conversation (scroll
// position, cursor, search) is that conversation's place (place.go): Show points
// it at another conversation, whose place it takes up as it was left.
//
// The zero value is not usable; call NewView.
type View struct {
	c *Conversation
	// place is c's place (&c.place); its fields are the View's position.
	*place

	st            *themes.Styles
	keys          keymap.KeyMap
	width, height int
	focused       bool

	rowBuf []row  // reused by View
	mark   string // the cursor's gutter, rendered for markSt
	markSt *themes.Styles
}

// NewView returns a view of c.
func NewView(st *themes.Styles, keys keymap.KeyMap, c *Conversation) *View {
	v := &View{st: st, keys: keys}
	v.Show(c)
	return v
}

// Show points the view at c, where c was left: its scroll position, cursor
// and search. The conversation shown until now keeps its place, measured at
// this view's width and styles. Nothing of c is rendered until it is drawn.
func (v *View) Show(c *Conversation) {
	if c == v.c {
		return
	}
	if v.c != nil {
		v.resolveAll() // a place no View shows holds no line left for later
		if v.c.viewer == v {
			v.c.viewer = nil
		}
	}
	if o := c.viewer; o != nil {
		o.resolveAll()
	}
	v.c, v.place, c.viewer = c, &c.place, v
	v.clampTop()
}

// Conversation is the conversation the view shows.
func (v *View) Conversation() *Conversation { return v.c }

// SetSize sets the size View draws. Cached renders are redrawn lazily, when
// their items are next on screen.
func (v *View) SetSize(width, height int) {
	if max(width, 0) != v.width {
		v.resolveAll() // the lines scrolled past were counted at this width
	}
	v.width, v.height = max(width, 0), max(height, 0)
	v.clampTop()
}

// Size is the size set with SetSize.
func (v *View) Size() (width, height int) { return v.width, v.height }

// SetStyles switches the theme (e.g. after the terminal reported its
// background colour). Items re-render lazily.
func (v *View) SetStyles(st *themes.Styles) {
	if st != v.st {
		v.resolveAll() // the lines scrolled past were counted with these styles
	}
	v.st = st
}

// SetFocused gives or takes keyboard focus. Focus shows the cursor; if the
// cursor is not on screen it moves to the last item that is.
func (v *View) SetFocused(focused bool) {
	v.focused = focused
	if focused && !v.cursorOnScreen() {
		v.cursor = v.lastVisibleItem()
	}
}

// Focused reports whether the view has focus.
func (v *View) Focused() bool { return v.focused }

// Len is the number of items of the conversation shown.
func (v *View) Len() int { return len(v.c.items) }

// contentWidth is the width items render at, right of the gutter.
func (v *View) contentWidth() int { return max(v.width-gutterWidth, 1) }
