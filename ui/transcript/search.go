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

func (v *View) openSearch() {
	v.search = searchState{prompting: true, cur: -1}
}

func (v *View) clearSearch() {
	v.search = searchState{cur: -1}
}

// searchKey handles a key while the prompt is open: typing filters
// (matches are highlighted as you type), enter jumps to the first match
// from the cursor, esc cancels.
func (v *View) searchKey(msg tea.KeyPressMsg) tea.Cmd {
	switch msg.String() {
	case "esc", "ctrl+c":
		v.clearSearch()
		return nil
	case "enter":
		v.search.prompting = false
		if v.search.query == "" {
			v.clearSearch()
			return nil
		}
		v.jumpToMatch(1, true)
		return nil
	case "backspace", "ctrl+h":
		if _, n := utf8.DecodeLastRuneInString(v.search.input); n > 0 {
			v.search.input = v.search.input[:len(v.search.input)-n]
		}
	case "ctrl+u":
		v.search.input = ""
	default:
		if msg.Text == "" || msg.Mod&(tea.ModCtrl|tea.ModAlt) != 0 {
			return nil
		}
		v.search.input += msg.Text
	}
	v.search.query = strings.ToLower(v.search.input)
	v.search.cur = -1
	v.search.count = len(v.matches())
	return nil
}

// matches are the items whose text contains the query.
func (v *View) matches() []int {
	if v.search.query == "" {
		return nil
	}
	var out []int
	for i, it := range v.c.items {
		if !it.base().hidden && strings.Contains(lowerPlain(it), v.search.query) {
			out = append(out, i)
		}
	}
	return out
}

// nextMatch moves to the next (dir 1) or previous (dir -1) match.
func (v *View) nextMatch(dir int) { v.jumpToMatch(dir, false) }

// jumpToMatch selects the match after (or before) the cursor, wrapping
// around; with inclusive, the cursor's own item counts.
func (v *View) jumpToMatch(dir int, inclusive bool) {
	ms := v.matches()
	v.search.count = len(ms)
	if len(ms) == 0 {
		v.search.cur = -1
		return
	}
	from := v.cursor
	if v.search.cur >= 0 {
		from = v.search.cur
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
	v.search.cur = target
	v.cursor = target
	v.revealMatch(target)
}

// revealMatch shows the first line of item i that holds the query,
// expanding the item when the match is hidden in collapsed output.
func (v *View) revealMatch(i int) {
	k := v.matchLine(i)
	if k < 0 && expandable(v.c.items[i]) && !v.c.items[i].base().expanded {
		v.resolveAll() // measured as they were
		v.c.items[i].base().expanded = true
		k = v.matchLine(i)
	}
	v.ensureVisible(i)
	if k < 0 {
		return
	}
	lines := v.itemLines(i)
	at := anchor{i, gapOf(i, lines) + k}
	rows := v.rows()
	// ensureVisible shows a tall item from its top; bring the line in.
	v.resolveTop()
	t := v.vp.top
	end := v.moveAnchor(t, rows-1)
	if at.before(t) || end.before(at) {
		v.setTop(v.moveAnchor(at, -rows/3))
	}
}

// matchLine is the first rendered line of item i that contains the query.
func (v *View) matchLine(i int) int {
	for k, l := range v.itemLines(i) {
		if strings.Contains(strings.ToLower(ansi.Strip(l)), v.search.query) {
			return k
		}
	}
	return -1
}

// moveAnchor moves an anchor by n lines, stopping at the ends.
func (v *View) moveAnchor(t anchor, n int) anchor {
	t.line += n
	for t.line < 0 && t.item > 0 {
		t.item--
		t.line += v.heightOf(t.item)
	}
	t.line = max(t.line, 0)
	for t.item < len(v.c.items)-1 {
		h := v.heightOf(t.item)
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
func (v *View) searchPrompt() string {
	s := v.search
	left := v.st.Accent.Render("/") + render.Sanitize(s.input) + v.st.Muted.Render("█")
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
	right = v.st.Subtle.Render(right)
	lw, rw := ansi.StringWidth(left), ansi.StringWidth(right)
	if lw+1+rw > v.width {
		return ansi.Truncate(left, v.width, "")
	}
	return left + strings.Repeat(" ", v.width-lw-rw) + right
}
