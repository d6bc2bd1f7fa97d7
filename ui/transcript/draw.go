package transcript

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// row is one line on screen: a line of an item (item >= 0) or a blank.
type row struct {
	item int
	text string
}

// View draws exactly the set height in lines, none wider than the set
// width. Only the items on screen are rendered (from their caches), and
// the screen is written into one buffer.
func (v *View) View() string {
	if v.width <= 0 || v.height <= 0 {
		return ""
	}
	rows := v.visibleRows(v.rows())
	badge := v.NewBelow() > 0 || v.grewBelow()
	var b strings.Builder
	b.Grow(v.height * (v.width + 32))
	for i := range v.rows() {
		if i > 0 {
			b.WriteByte('\n')
		}
		r := row{item: -1}
		if i < len(rows) {
			r = rows[i]
		}
		gutter, text := v.decorate(r)
		if badge && i == v.rows()-1 {
			gutter, text = "", v.withBadge(gutter+text)
		}
		b.WriteString(gutter)
		b.WriteString(text)
	}
	if v.search.prompting {
		if v.rows() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(v.searchPrompt())
	}
	return b.String()
}

// visibleRows collects the rows on screen from the top anchor down.
func (v *View) visibleRows(n int) []row {
	v.vp.first, v.vp.last = -1, -1
	if n == 0 || len(v.c.items) == 0 {
		return nil
	}
	v.syncTop()
	v.resolveTop()
	out := v.collect(v.vp.top, n)
	if len(out) < n && v.vp.top != (anchor{}) {
		// The content below the top ends early (items shrank, the window
		// grew): show the tail instead of empty space.
		v.follow()
		v.vp.top = v.bottomAnchor()
		out = v.collect(v.vp.top, n)
	}
	return out
}

func (v *View) collect(t anchor, n int) []row {
	out := v.rowBuf[:0]
	v.vp.first, v.vp.last = -1, -1
	for i := t.item; i < len(v.c.items) && len(out) < n; i++ {
		lines := v.itemLines(i)
		gap := gapOf(i, lines)
		k := 0
		if i == t.item {
			k = t.line
		}
		for ; k < gap+len(lines) && len(out) < n; k++ {
			if k < gap {
				out = append(out, row{item: -1})
				continue
			}
			if v.vp.first < 0 {
				v.vp.first = i
			}
			v.vp.last = i
			out = append(out, row{item: i, text: lines[k-gap]})
		}
	}
	v.rowBuf = out
	return out
}

// decorate returns a row's gutter (the selection marker on the cursor
// item's lines) and its text with search matches highlighted. They are
// written out separately so a plain row costs no allocation.
func (v *View) decorate(r row) (gutter, text string) {
	if r.item < 0 {
		return "", ""
	}
	text = r.text
	if v.search.active() {
		text = v.search.highlight(text, r.item == v.search.currentItem(), v.st)
	}
	gutter = "  "
	if v.focused && r.item == v.cursor {
		gutter = v.cursorMark()
	}
	if v.width < gutterWidth+bulletWidth+1 {
		// Too narrow for the gutter and the bullet: clip what overflows.
		return "", ansi.Truncate(gutter+text, v.width, "")
	}
	return gutter, text
}

// cursorMark is the gutter of the selected item's lines, styled once per
// theme.
func (v *View) cursorMark() string {
	if v.markSt != v.st {
		v.mark, v.markSt = v.st.Accent.Render("│")+" ", v.st
	}
	return v.mark
}

// newBelowBadge marks the last line while new output waits below the view.
const newBelowBadge = " new output below ↓ "

// withBadge draws the new-output badge at the right end of a line.
func (v *View) withBadge(line string) string {
	badge := v.st.Accent.Render(newBelowBadge)
	bw := ansi.StringWidth(badge)
	if bw >= v.width {
		return ansi.Truncate(badge, v.width, "")
	}
	room := v.width - bw
	line = ansi.Truncate(line, room, "")
	return line + strings.Repeat(" ", room-ansi.StringWidth(line)) + badge
}
