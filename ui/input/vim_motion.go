package input

import "unicode"

// Motions: where a motion takes the cursor, over the draft's runes.

// span is a range an operator acts on: [from, to) of runes, or whole lines.
type span struct {
	from, to int
	linewise bool
}

// lineStart is the offset of the start of the line holding offset i.
func lineStart(t []rune, i int) int {
	for i > 0 && t[i-1] != '\n' {
		i--
	}
	return i
}

// lineEnd is the offset of the newline ending the line holding i (or len(t)).
func lineEnd(t []rune, i int) int {
	for i < len(t) && t[i] != '\n' {
		i++
	}
	return i
}

// firstNonBlank is the offset of the first non-blank of the line holding i.
func firstNonBlank(t []rune, i int) int {
	i, end := lineStart(t, i), lineEnd(t, i)
	for i < end && (t[i] == ' ' || t[i] == '\t') {
		i++
	}
	return i
}

// lineDown is the offset n lines below (above, for n < 0) the line holding i, at the
// same column or the line's last character.
func lineDown(t []rune, i, n int) int {
	col := i - lineStart(t, i)
	start := lineStart(t, i)
	for ; n > 0; n-- {
		end := lineEnd(t, start)
		if end == len(t) {
			break
		}
		start = end + 1
	}
	for ; n < 0; n++ {
		if start == 0 {
			break
		}
		start = lineStart(t, start-1)
	}
	return min(start+col, lineEnd(t, start))
}

// nthLine is the start of line n (1-based), or of the last line.
func nthLine(t []rune, n int) int {
	start := 0
	for ; n > 1; n-- {
		end := lineEnd(t, start)
		if end == len(t) {
			break
		}
		start = end + 1
	}
	return start
}

// charClass sorts characters for word motions: blanks 0, word characters 1, other
// punctuation 2; big words (W B E) know only blank and non-blank.
func charClass(r rune, big bool) int {
	switch {
	case unicode.IsSpace(r):
		return 0
	case big || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
		return 1
	}
	return 2
}

// wordForward is w: the start of the next word (an empty line counts as one).
func wordForward(t []rune, i int, big bool) int {
	if i >= len(t) {
		return len(t)
	}
	c := charClass(t[i], big)
	for i < len(t) && c != 0 && charClass(t[i], big) == c {
		i++
	}
	for i < len(t) && charClass(t[i], big) == 0 {
		if t[i] == '\n' && i+1 < len(t) && t[i+1] == '\n' {
			return i + 1
		}
		i++
	}
	return i
}

// wordEnd is e: the last character of this word, or of the next one.
func wordEnd(t []rune, i int, big bool) int {
	if i+1 >= len(t) {
		return i
	}
	i++
	for i < len(t) && charClass(t[i], big) == 0 {
		i++
	}
	if i == len(t) {
		return len(t) - 1
	}
	c := charClass(t[i], big)
	for i+1 < len(t) && charClass(t[i+1], big) == c {
		i++
	}
	return i
}

// wordBack is b: the start of this word, or of the one before.
func wordBack(t []rune, i int, big bool) int {
	if i <= 0 {
		return 0
	}
	i--
	for i > 0 && charClass(t[i], big) == 0 {
		i--
	}
	c := charClass(t[i], big)
	for i > 0 && charClass(t[i-1], big) == c && c != 0 {
		i--
	}
	return i
}

// findOnLine is f F t T: the count-th arg on the cursor's line; ok is false when
// there is none.
func findOnLine(t []rune, i int, m string, arg rune, count int) (int, bool) {
	start, end := lineStart(t, i), lineEnd(t, i)
	forward := m == "f" || m == "t"
	j := i
	for n := 0; n < count; {
		if forward {
			j++
		} else {
			j--
		}
		if j < start || j >= end {
			return i, false
		}
		if t[j] == arg {
			n++
		}
	}
	switch m {
	case "t":
		j--
	case "T":
		j++
	}
	return j, true
}

// motion moves the cursor for c; the span from the cursor is what an operator acts
// on. ok is false when the motion cannot move (f with no match).
func motion(t []rune, cur int, c vimCmd) (to int, sp span, ok bool) {
	n := c.times()
	inclusive, linewise := false, false
	to = cur
	switch c.motion {
	case "h":
		to = max(lineStart(t, cur), cur-n)
	case "l", " ":
		to = min(lineEnd(t, cur), cur+n)
		if c.op == 0 {
			to = min(to, max(lineStart(t, cur), lineEnd(t, cur)-1))
		}
	case "j":
		to, linewise = lineDown(t, cur, n), true
	case "k":
		to, linewise = lineDown(t, cur, -n), true
	case "w", "W":
		big := c.motion == "W"
		for range n {
			next := wordForward(t, to, big)
			if c.op != 0 && lineEnd(t, to) < next && lineEnd(t, to) > to {
				// dw on a line's last word stops at the line's end.
				next = lineEnd(t, to)
			}
			to = next
		}
		if c.op == 'c' && cur < len(t) && charClass(t[cur], big) != 0 {
			// cw is ce: the blank after the word stays.
			to, inclusive = cur, true
			for range n {
				to = wordEnd(t, to, big)
			}
			if n == 1 && (cur+1 >= len(t) || charClass(t[cur+1], big) != charClass(t[cur], big)) {
				to = cur
			}
		}
	case "b", "B":
		for range n {
			to = wordBack(t, to, c.motion == "B")
		}
	case "e", "E":
		for range n {
			to = wordEnd(t, to, c.motion == "E")
		}
		inclusive = true
	case "0":
		to = lineStart(t, cur)
	case "^":
		to = firstNonBlank(t, cur)
	case "$":
		to = lineEnd(t, lineDown(t, cur, n-1))
		if c.op != 0 {
			break
		}
		to = max(lineStart(t, to), to-1)
	case "G":
		if c.count > 0 {
			to = firstNonBlank(t, nthLine(t, c.count))
		} else {
			to = firstNonBlank(t, lineStart(t, len(t)))
		}
		linewise = true
	case "gg":
		to, linewise = firstNonBlank(t, nthLine(t, n)), true
	case "f", "F", "t", "T":
		var found bool
		if to, found = findOnLine(t, cur, c.motion, c.arg, n); !found {
			return cur, span{}, false
		}
		inclusive = c.motion == "f" || c.motion == "t"
	default:
		return cur, span{}, false
	}
	from, end := min(cur, to), max(cur, to)
	if inclusive && end < len(t) {
		end++
	}
	return to, span{from: from, to: end, linewise: linewise}, true
}
