package review

import (
	"strings"

	"github.com/gclaude/gclaude/render"
)

// match is one place the search found: a file's path (line -1 on its header) or a
// diff line, and the bytes [start, end) of the text shown there.
type match struct {
	file, hunk, line int
	start, end       int
}

// searchState is the search: its query, what it found, the one the cursor is on.
type searchState struct {
	query   string
	matches []match
	current int
	from    int // the cursor when the search began, for esc
	gen     int // bumped when the matches change, so cached rows redraw
}

// find searches every file, collapsed ones included, for the query (ASCII letters
// match either case).
func (st *searchState) find(s *Screen) {
	st.matches, st.current = st.matches[:0], -1
	st.gen++
	q := foldASCII(st.query)
	if q == "" || s.diff == nil {
		return
	}
	for fi := range s.files {
		v := &s.files[fi]
		addAll(&st.matches, match{file: fi, line: -1}, render.Sanitize(v.f.Path()), q)
		if v.f.Binary {
			continue
		}
		for hi := range v.f.Hunks {
			hv := v.hunk(hi)
			for li, text := range hv.text {
				addAll(&st.matches, match{file: fi, hunk: hi, line: li}, text, q)
			}
		}
	}
}

// addAll appends every place q is in text.
func addAll(out *[]match, at match, text, q string) {
	folded := foldASCII(text)
	for from := 0; ; {
		i := strings.Index(folded[from:], q)
		if i < 0 {
			return
		}
		at.start, at.end = from+i, from+i+len(q)
		*out = append(*out, at)
		from = at.end
	}
}

// foldASCII lowers ASCII letters only, so that byte offsets stay those of the text.
func foldASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] >= 'A' && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// rowOf is the row a match is on, expanding its file if it is collapsed.
func (s *Screen) rowOf(m match) int {
	v := &s.files[m.file]
	if m.line >= 0 && v.collapsed {
		v.collapsed = false
		s.rebuild()
	}
	for i, r := range s.rows {
		if int(r.file) != m.file {
			continue
		}
		if m.line < 0 && r.kind == rowFile || r.kind == rowLine && int(r.hunk) == m.hunk && int(r.line) == m.line {
			return i
		}
	}
	return s.cursor
}

// order places a match or a row in the diff's reading order: a file's header, then its
// hunks, each with its @@ line before its lines.
type order [3]int

func (a order) cmp(b order) int {
	for i := range a {
		if a[i] != b[i] {
			return a[i] - b[i]
		}
	}
	return 0
}

func (m match) order() order {
	if m.line < 0 {
		return order{m.file, -1, -1}
	}
	return order{m.file, m.hunk, m.line}
}

func (r row) order() order {
	switch r.kind {
	case rowFile:
		return order{int(r.file), -1, -1}
	case rowLine:
		return order{int(r.file), int(r.hunk), int(r.line)}
	}
	return order{int(r.file), int(r.hunk), -1}
}

// matchFrom is the first match at or after row i (dir 1), or the last one before it
// (dir -1), wrapping around; -1 when there is none.
func (s *Screen) matchFrom(i, dir int) int {
	ms := s.search.matches
	if len(ms) == 0 {
		return -1
	}
	at := order{}
	if i < len(s.rows) {
		at = s.rows[i].order()
	}
	if dir > 0 {
		for k, m := range ms {
			if m.order().cmp(at) >= 0 {
				return k
			}
		}
		return 0
	}
	for k := len(ms) - 1; k >= 0; k-- {
		if ms[k].order().cmp(at) < 0 {
			return k
		}
	}
	return len(ms) - 1
}

// goToMatch moves the cursor to match i.
func (s *Screen) goToMatch(i int) {
	if i < 0 || i >= len(s.search.matches) {
		return
	}
	s.search.current = i
	s.search.gen++
	s.jump(s.rowOf(s.search.matches[i]))
}

// stepMatch moves to the next (dir 1) or previous (dir -1) match.
func (s *Screen) stepMatch(dir int) {
	n := len(s.search.matches)
	if n == 0 {
		if s.search.query != "" {
			s.msg = message{text: "no match for " + render.Sanitize(s.search.query), bad: true}
		}
		return
	}
	i := s.search.current
	if i < 0 {
		i = s.matchFrom(s.cursor, dir)
	} else {
		i = (i + dir + n) % n
	}
	s.goToMatch(i)
}
