package transcript

import (
	"fmt"
	"strings"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// searchState is the transcript search: a prompt on the last line while
// typing, then a query whose matches are highlighted and walked with n/N.
// Matching is case-insensitive on each item's plain text; matches in
// collapsed output expand their item when jumped to.
type searchState struct {
	prompting bool
	input     string // what is typed in the prompt
	query     string // the lower-cased query being highlighted
	cur       int    // item of the current match, -1 for none
	count     int    // items that match, as of the last count
}

func (s *searchState) active() bool { return s.query != "" }

func (s *searchState) currentItem() int {
	if s.query == "" {
		return -1
	}
	return s.cur
}

func (m *Model) openSearch() {
	m.search = searchState{prompting: true, cur: -1}
}

func (m *Model) clearSearch() {
	m.search = searchState{cur: -1}
}

// searchKey handles a key while the prompt is open: typing filters
// (matches are highlighted as you type), enter jumps to the first match
// from the cursor, esc cancels.
func (m *Model) searchKey(msg tea.KeyPressMsg) tea.Cmd {
	switch msg.String() {
	case "esc", "ctrl+c":
		m.clearSearch()
		return nil
	case "enter":
		m.search.prompting = false
		if m.search.query == "" {
			m.clearSearch()
			return nil
		}
		m.jumpToMatch(1, true)
		return nil
	case "backspace", "ctrl+h":
		if _, n := utf8.DecodeLastRuneInString(m.search.input); n > 0 {
			m.search.input = m.search.input[:len(m.search.input)-n]
		}
	case "ctrl+u":
		m.search.input = ""
	default:
		if msg.Text == "" || msg.Mod&(tea.ModCtrl|tea.ModAlt) != 0 {
			return nil
		}
		m.search.input += msg.Text
	}
	m.search.query = strings.ToLower(m.search.input)
	m.search.cur = -1
	m.search.count = len(m.matches())
	return nil
}

// matches are the items whose text contains the query.
func (m *Model) matches() []int {
	if m.search.query == "" {
		return nil
	}
	var out []int
	for i, it := range m.items {
		if !it.base().hidden && strings.Contains(lowerPlain(it), m.search.query) {
			out = append(out, i)
		}
	}
	return out
}

// nextMatch moves to the next (dir 1) or previous (dir -1) match.
func (m *Model) nextMatch(dir int) { m.jumpToMatch(dir, false) }

// jumpToMatch selects the match after (or before) the cursor, wrapping
// around; with inclusive, the cursor's own item counts.
func (m *Model) jumpToMatch(dir int, inclusive bool) {
	ms := m.matches()
	m.search.count = len(ms)
	if len(ms) == 0 {
		m.search.cur = -1
		return
	}
	from := m.cursor
	if m.search.cur >= 0 {
		from = m.search.cur
	}
	target := -1
	if dir > 0 {
		target = ms[0]
		for _, i := range ms {
			if i > from || (inclusive && i == from) {
				target = i
				break
			}
		}
	} else {
		target = ms[len(ms)-1]
		for j := len(ms) - 1; j >= 0; j-- {
			if i := ms[j]; i < from || (inclusive && i == from) {
				target = i
				break
			}
		}
	}
	m.search.cur = target
	m.cursor = target
	m.revealMatch(target)
}

// revealMatch shows the first line of item i that holds the query,
// expanding the item when the match is hidden in collapsed output.
func (m *Model) revealMatch(i int) {
	k := m.matchLine(i)
	if k < 0 && expandable(m.items[i]) && !m.items[i].base().expanded {
		m.resolveAll() // measured as they were
		m.items[i].base().expanded = true
		k = m.matchLine(i)
	}
	m.ensureVisible(i)
	if k < 0 {
		return
	}
	lines := m.itemLines(i)
	at := anchor{i, gapOf(i, lines) + k}
	rows := m.rows()
	// ensureVisible shows a tall item from its top; bring the line in.
	m.resolveTop()
	t := m.vp.top
	end := m.moveAnchor(t, rows-1)
	if at.before(t) || end.before(at) {
		m.setTop(m.moveAnchor(at, -rows/3))
	}
}

// matchLine is the first rendered line of item i that contains the query.
func (m *Model) matchLine(i int) int {
	for k, l := range m.itemLines(i) {
		if strings.Contains(strings.ToLower(ansi.Strip(l)), m.search.query) {
			return k
		}
	}
	return -1
}

// moveAnchor moves an anchor by n lines, stopping at the ends.
func (m *Model) moveAnchor(t anchor, n int) anchor {
	t.line += n
	for t.line < 0 && t.item > 0 {
		t.item--
		t.line += m.heightOf(t.item)
	}
	t.line = max(t.line, 0)
	for t.item < len(m.items)-1 {
		h := m.heightOf(t.item)
		if t.line < h {
			break
		}
		t.line -= h
		t.item++
	}
	return t
}

// highlight marks every occurrence of the query in a rendered line.
// Styling around a match is kept: ansi.Cut replays the escape sequences
// before the cut, so the text after a match is styled as before.
func (s *searchState) highlight(line string, current bool, st *themes.Styles) string {
	plain := ansi.Strip(line)
	lower := strings.ToLower(plain)
	if len(lower) != len(plain) || !strings.Contains(lower, s.query) {
		return line
	}
	style := st.Search.Match
	if current {
		style = st.Search.Current
	}
	var b strings.Builder
	prev, off := 0, 0
	for {
		j := strings.Index(lower[off:], s.query)
		if j < 0 {
			break
		}
		start := off + j
		end := start + len(s.query)
		sc := ansi.StringWidth(plain[:start])
		ec := sc + ansi.StringWidth(plain[start:end])
		b.WriteString(ansi.Cut(line, prev, sc))
		b.WriteString("\x1b[m")
		b.WriteString(style.Render(plain[start:end]))
		prev, off = ec, end
	}
	b.WriteString(ansi.TruncateLeft(line, prev, ""))
	return b.String()
}

// searchPrompt is the prompt line: "/query" and the number of matches.
func (m *Model) searchPrompt() string {
	s := m.search
	left := m.st.Accent.Render("/") + render.Sanitize(s.input) + m.st.Muted.Render("█")
	var right string
	switch {
	case s.query == "":
		right = "type to search · enter jump · esc cancel"
	case s.count == 0:
		right = "no matches"
	default:
		right = fmt.Sprintf("%d match", s.count)
		if s.count != 1 {
			right += "es"
		}
	}
	right = m.st.Subtle.Render(right)
	lw, rw := ansi.StringWidth(left), ansi.StringWidth(right)
	if lw+1+rw > m.width {
		return ansi.Truncate(left, m.width, "")
	}
	return left + strings.Repeat(" ", m.width-lw-rw) + right
}
