package transcript

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// View draws exactly the set height in lines, none wider than the set
// width. Only the items on screen are rendered (from their caches).
func (m *Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	rows := m.rows()
	out := m.visibleLines(rows)
	for len(out) < rows {
		out = append(out, "")
	}
	if n := m.NewBelow(); n > 0 && rows > 0 {
		out[rows-1] = m.withBadge(out[rows-1], n)
	}
	if m.search.prompting {
		out = append(out, m.searchPrompt())
	}
	return strings.Join(out, "\n")
}

// visibleLines collects the lines on screen from the top anchor down,
// with the gutter and search highlights.
func (m *Model) visibleLines(rows int) []string {
	m.vp.first, m.vp.last = -1, -1
	if rows == 0 || len(m.items) == 0 {
		return nil
	}
	m.syncTop()
	out := m.collect(m.vp.top, rows)
	if len(out) < rows && m.vp.top != (anchor{}) {
		// The content below the top ends early (items shrank, the window
		// grew): show the tail instead of empty space.
		m.follow()
		m.vp.top = m.bottomAnchor()
		out = m.collect(m.vp.top, rows)
	}
	return out
}

func (m *Model) collect(t anchor, rows int) []string {
	out := make([]string, 0, rows)
	m.vp.first, m.vp.last = -1, -1
	for i := t.item; i < len(m.items) && len(out) < rows; i++ {
		lines := m.itemLines(i)
		gap := gapOf(i, lines)
		k := 0
		if i == t.item {
			k = t.line
		}
		for ; k < gap+len(lines) && len(out) < rows; k++ {
			if k < gap {
				out = append(out, "")
				continue
			}
			if m.vp.first < 0 {
				m.vp.first = i
			}
			m.vp.last = i
			out = append(out, m.decorate(i, lines[k-gap]))
		}
	}
	return out
}

// decorate puts the gutter before a line of item i (the selection marker
// when it is the cursor item) and highlights search matches.
func (m *Model) decorate(i int, line string) string {
	if m.search.active() {
		line = m.search.highlight(line, i == m.search.currentItem(), m.st)
	}
	gutter := "  "
	if m.focused && i == m.cursor {
		gutter = m.st.Accent.Render("│") + " "
	}
	line = gutter + line
	if m.width < gutterWidth+bulletWidth+1 {
		// Too narrow for the gutter and the bullet: clip what overflows.
		line = ansi.Truncate(line, m.width, "")
	}
	return line
}

// withBadge draws "↓ N new" at the right end of a line.
func (m *Model) withBadge(line string, n int) string {
	badge := m.st.Accent.Render(fmt.Sprintf(" ↓ %d new ", n))
	bw := ansi.StringWidth(badge)
	if bw >= m.width {
		return ansi.Truncate(badge, m.width, "")
	}
	room := m.width - bw
	line = ansi.Truncate(line, room, "")
	return line + strings.Repeat(" ", room-ansi.StringWidth(line)) + badge
}
