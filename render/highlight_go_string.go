package render

// The string rule, "(\\\\|\\"|[^"])*", is the one rule whose regexp2
// match backtracks: an unclosed literal makes it retry every `\\` as two
// plain characters and every `\"` as a closing quote, so it can end early,
// at an escaped quote, or take exponential time. stringMemo works out the
// same answer in linear time and counts the steps regexp2 would take, since
// chroma gives each match 250 ms and treats a timeout as no match.

// stringSteps is the most backtracking steps a match that succeeds may
// cost here and still be trusted to finish inside chroma's timeout.
// Measured, regexp2 takes about 0.5-1 µs a step on such a match, so this
// is a few milliseconds; a real cut string backtracks a few dozen steps.
const stringSteps = 5_000

// stringMemo holds, from some offset to the end of the text, the outcome of
// the string rule's loop entered at each offset: where the match ends (-1:
// it fails) and how many steps finding that out costs, saturated.
type stringMemo struct {
	from  int
	end   []int
	steps []int
	worst int // the most steps one match attempt took (for the fuzzer)
}

// literal is the length of the string rule's match at p (0: no match) and
// whether that is certain to be what chroma finds.
func (m *stringMemo) literal(s string, p int) (n int, exact bool) {
	// The first path the backtracking tries is the usual scan.
	for i := p + 1; i < len(s); i++ {
		switch s[i] {
		case '"':
			return i + 1 - p, true
		case '\\':
			if c := byteAt(s, i+1); c == '\\' || c == '"' {
				i++
			}
		}
	}
	m.fill(s, p+1)
	end, steps := m.end[p+1-m.from], m.steps[p+1-m.from]
	m.worst = max(m.worst, steps)
	if end < 0 {
		return 0, true // a failure is the same answer whether or not it timed out
	}
	return end - p, steps <= stringSteps
}

// fill extends the memo down to offset lo. Offsets only grow while a text
// is lexed, so the memo is built once, from the end.
func (m *stringMemo) fill(s string, lo int) {
	if m.end != nil && lo >= m.from {
		return
	}
	n := len(s)
	hi := n // the memo covers [lo, n]; reuse what exists above m.from
	end := make([]int, n+1-lo)
	steps := make([]int, n+1-lo)
	if m.end != nil {
		copy(end[m.from-lo:], m.end)
		copy(steps[m.from-lo:], m.steps)
		hi = m.from - 1
	} else {
		end[n-lo], steps[n-lo] = -1, 1
		hi = n - 1
	}
	const most = 1 << 40
	for i := hi; i >= lo; i-- {
		k := i - lo
		switch c := s[i]; {
		case c == '"': // no alternative matches; the loop ends at the quote
			end[k], steps[k] = i+1, 1
		case c == '\\' && (byteAt(s, i+1) == '\\' || byteAt(s, i+1) == '"'):
			// Take the escape whole first; if the rest fails, the backslash
			// alone.
			end[k], steps[k] = end[k+2], 1+steps[k+2]
			if end[k] < 0 {
				end[k], steps[k] = end[k+1], steps[k]+steps[k+1]
			}
		default:
			end[k], steps[k] = end[k+1], 1+steps[k+1]
		}
		steps[k] = min(steps[k], most)
	}
	m.from, m.end, m.steps = lo, end, steps
}
