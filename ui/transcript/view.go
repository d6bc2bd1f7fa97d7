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
func (m *Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	rows := m.visibleRows(m.rows())
	badge := m.NewBelow() > 0 || m.grewBelow()
	var b strings.Builder
	b.Grow(m.height * (m.width + 32))
	for i := range m.rows() {
		if i > 0 {
			b.WriteByte('\n')
		}
		r := row{item: -1}
		if i < len(rows) {
			r = rows[i]
		}
		gutter, text := m.decorate(r)
		if badge && i == m.rows()-1 {
			gutter, text = "", m.withBadge(gutter+text)
		}
		b.WriteString(gutter)
		b.WriteString(text)
	}
	if m.search.prompting {
		if m.rows() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(m.searchPrompt())
	}
	return b.String()
}

// visibleRows collects the rows on screen from the top anchor down.
func (m *Model) visibleRows(n int) []row {
	m.vp.first, m.vp.last = -1, -1
	if n == 0 || len(m.items) == 0 {
		return nil
	}
	m.syncTop()
	m.resolveTop()
	out := m.collect(m.vp.top, n)
	if len(out) < n && m.vp.top != (anchor{}) {
		// The content below the top ends early (items shrank, the window
		// grew): show the tail instead of empty space.
		m.follow()
		m.vp.top = m.bottomAnchor()
		out = m.collect(m.vp.top, n)
	}
	return out
}

func (m *Model) collect(t anchor, n int) []row {
	out := m.rowBuf[:0]
	m.vp.first, m.vp.last = -1, -1
	for i := t.item; i < len(m.items) && len(out) < n; i++ {
		lines := m.itemLines(i)
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
			if m.vp.first < 0 {
				m.vp.first = i
			}
			m.vp.last = i
			out = append(out, row{item: i, text: lines[k-gap]})
		}
	}
	m.rowBuf = out
	return out
}

// decorate returns a row's gutter (the selection marker on the cursor
// item's lines) and its text with search matches highlighted. They are
// written out separately so a plain row costs no allocation.
func (m *Model) decorate(r row) (gutter, text string) {
	if r.item < 0 {
		return "", ""
	}
	text = r.text
	if m.search.active() {
		text = m.search.highlight(text, r.item == m.search.currentItem(), m.st)
	}
	gutter = "  "
	if m.focused && r.item == m.cursor {
		gutter = m.cursorMark()
	}
	if m.width < gutterWidth+bulletWidth+1 {
		// Too narrow for the gutter and the bullet: clip what overflows.
		return "", ansi.Truncate(gutter+text, m.width, "")
	}
	return gutter, text
}

// cursorMark is the gutter of the selected item's lines, styled once per
// theme.
func (m *Model) cursorMark() string {
	if m.markSt != m.st {
		m.mark, m.markSt = m.st.Accent.Render("│")+" ", m.st
	}
	return m.mark
}

// newBelowBadge marks the last line while new output waits below the view.
const newBelowBadge = " new output below ↓ "

// withBadge draws the new-output badge at the right end of a line.
func (m *Model) withBadge(line string) string {
	badge := m.st.Accent.Render(newBelowBadge)
	bw := ansi.StringWidth(badge)
	if bw >= m.width {
		return ansi.Truncate(badge, m.width, "")
	}
	room := m.width - bw
	line = ansi.Truncate(line, room, "")
	return line + strings.Repeat(" ", room-ansi.StringWidth(line)) + badge
}
