package files

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Scoring, in the spirit of fzf's: every matched rune scores, more at a boundary
// (start of the path, of a segment, of a word, a camelCase hump), more again in the
// base name, and runs of consecutive runes score a bonus; gaps cost a little.
const (
	scoreMatch       = 16
	bonusSegment     = 10 // after "/" or at the start
	bonusWord        = 8  // after "-", "_", ".", " "
	bonusCamel       = 7  // a capital after a lower-case letter
	bonusFirstFactor = 2  // the first query rune's boundary bonus counts twice
	bonusBase        = 6  // in the base name
	bonusConsecutive = 6
	bonusCase        = 1 // same case as typed
	penaltyGapStart  = 3
	penaltyGapExtend = 1
)

const minScore = -1 << 30

// matcher scores paths against one query, reusing its buffers between paths.
type matcher struct {
	query []rune // as typed
	lower []rune // folded
	ascii bool   // the folded query is ASCII: quick can work on bytes

	text      []rune // the path
	folded    []rune
	baseStart int    // index of the base name's first rune
	rows      []int  // query × text: best score of matches ending at each rune
	runs      []int  // query × text: the boundary bonus a run of consecutive matches carries
	from      []int8 // per cell: 1 if the best way there was the diagonal (consecutive)
	indexes   []int
}

func newMatcher(query string) *matcher {
	m := &matcher{query: []rune(query), ascii: true}
	for _, r := range m.query {
		l := lowerRune(r)
		m.lower = append(m.lower, l)
		if l >= utf8.RuneSelf {
			m.ascii = false
		}
	}
	return m
}

// quick rejects most paths that cannot match, without decoding them: for an ASCII
// query it looks for the folded bytes in order.
func (m *matcher) quick(p string) bool {
	if !m.ascii {
		return true
	}
	i := 0
	for _, q := range m.lower {
		qb := byte(q)
		for {
			if i >= len(p) {
				return false
			}
			c := p[i]
			i++
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c == qb {
				break
			}
		}
	}
	return true
}

// load decodes p into the matcher's buffers and finds where its base name starts:
// after the last "/" that is not the final rune (a directory's trailing slash).
func (m *matcher) load(p string) {
	m.text, m.folded = m.text[:0], m.folded[:0]
	trimmed := strings.TrimSuffix(p, "/")
	slash := strings.LastIndexByte(trimmed, '/') + 1
	if isASCII(p) {
		for i := 0; i < len(p); i++ {
			c := rune(p[i])
			m.text = append(m.text, c)
			m.folded = append(m.folded, lowerRune(c))
		}
		m.baseStart = slash
		return
	}
	for _, r := range p {
		m.text = append(m.text, r)
		m.folded = append(m.folded, lowerRune(r))
	}
	m.baseStart = utf8.RuneCountInString(trimmed[:slash])
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// bonusAt is the boundary bonus of the rune at j.
func (m *matcher) bonusAt(j int) int {
	prev := rune('/')
	if j > 0 {
		prev = m.text[j-1]
	}
	return boundaryBonus(prev, m.text[j])
}

func boundaryBonus(prev, r rune) int {
	switch prev {
	case '/':
		return bonusSegment
	case '-', '_', '.', ' ':
		return bonusWord
	}
	if prev < utf8.RuneSelf && r < utf8.RuneSelf {
		switch {
		case 'a' <= prev && prev <= 'z' && 'A' <= r && r <= 'Z':
			return bonusCamel
		case !isWordASCII(prev) && isWordASCII(r):
			return bonusWord
		}
		return 0
	}
	switch {
	case unicode.IsLower(prev) && unicode.IsUpper(r):
		return bonusCamel
	case !isWordRune(prev) && isWordRune(r):
		return bonusWord
	}
	return 0
}

func isWordASCII(c rune) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// score returns the best score of the query in p, and ok false if the query is not
// a subsequence of p. With trace set, m.indexes receives the matched rune indexes.
//
// rows[i*n+j] is the best score of matching query[:i+1] with query[i] at text[j].
// A match either directly follows the previous query rune's match (consecutive;
// a run keeps the best boundary bonus it has seen, so "abc" at a segment start
// scores each rune as a boundary) or follows it after a gap, whose best value is
// carried along each row.
func (m *matcher) score(p string, trace bool) (int, bool) {
	m.load(p)
	n, qn := len(m.text), len(m.lower)
	if qn > n {
		return 0, false
	}
	m.rows = grow(m.rows, qn*n)
	m.runs = grow(m.runs, qn*n)
	if trace {
		m.from = growInt8(m.from, qn*n)
	}
	for i := range qn {
		row, runs := m.rows[i*n:(i+1)*n], m.runs[i*n:(i+1)*n]
		var prev, prevRuns []int
		if i > 0 {
			prev, prevRuns = m.rows[(i-1)*n:i*n], m.runs[(i-1)*n:i*n]
		}
		gap := minScore // best prev[k] less the cost of the gap from k to j
		found := false
		for j := range n {
			if i > 0 && j >= 2 {
				gap = max(gap-penaltyGapExtend, prev[j-2]-penaltyGapStart)
			}
			row[j] = minScore
			if m.folded[j] != m.lower[i] {
				continue
			}
			s := scoreMatch
			if j >= m.baseStart {
				s += bonusBase
			}
			if m.text[j] == m.query[i] {
				s += bonusCase
			}
			bonus, via := m.bonusAt(j), int8(0)
			switch {
			case i == 0:
				s += bonus * bonusFirstFactor
			default:
				best := minScore
				if gap > minScore {
					best = gap + bonus
				}
				if j >= 1 && prev[j-1] > minScore {
					carried := max(bonus, prevRuns[j-1])
					if c := prev[j-1] + bonusConsecutive + carried; c >= best {
						best, bonus, via = c, carried, 1
					}
				}
				if best <= minScore {
					continue
				}
				s += best
			}
			row[j], runs[j] = s, bonus
			if trace {
				m.from[i*n+j] = via
			}
			found = true
		}
		if !found {
			return 0, false
		}
	}
	last := m.rows[(qn-1)*n : qn*n]
	best, end := minScore, -1
	for j, s := range last {
		if s > best {
			best, end = s, j
		}
	}
	if end < 0 {
		return 0, false
	}
	if trace {
		m.traceBack(end)
	}
	return best, true
}

// traceBack recovers the matched indexes of the best match ending at text[end].
func (m *matcher) traceBack(end int) {
	n, qn := len(m.text), len(m.lower)
	m.indexes = grow(m.indexes, qn)
	j := end
	for i := qn - 1; i >= 0; i-- {
		m.indexes[i] = j
		if i == 0 {
			break
		}
		if m.from[i*n+j] == 1 {
			j--
			continue
		}
		// After a gap: the previous rune's match is the k < j-1 that gave the best
		// value once the gap cost is taken off.
		prev := m.rows[(i-1)*n : i*n]
		bestK, best := -1, minScore
		for k := j - 2; k >= 0; k-- {
			if prev[k] <= minScore {
				continue
			}
			if v := prev[k] - penaltyGapStart - penaltyGapExtend*(j-k-2); v > best {
				best, bestK = v, k
			}
		}
		j = bestK
	}
}

func grow(s []int, n int) []int {
	if cap(s) < n {
		return make([]int, n)
	}
	return s[:n]
}

func growInt8(s []int8, n int) []int8 {
	if cap(s) < n {
		return make([]int8, n)
	}
	return s[:n]
}
