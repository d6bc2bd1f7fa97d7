package input

// Text objects (iw aw i" a" i( a( …): the span around the cursor an operator acts on.

// textObject finds the object obj ("iw", "a(", …) around cur.
func textObject(t []rune, cur int, obj string) (span, bool) {
	inner, k := obj[0] == 'i', rune(obj[1])
	switch k {
	case 'w', 'W':
		return wordObject(t, cur, inner, k == 'W')
	case '"', '\'', '`':
		return quoteObject(t, cur, k, inner)
	case '(', ')', 'b':
		return pairObject(t, cur, '(', ')', inner)
	case '[', ']':
		return pairObject(t, cur, '[', ']', inner)
	case '{', '}', 'B':
		return pairObject(t, cur, '{', '}', inner)
	case '<', '>':
		return pairObject(t, cur, '<', '>', inner)
	}
	return span{}, false
}

// wordObject is iw/aw: the run of same-class characters under the cursor; aw adds
// the blanks after it (or, at a line's end, those before it).
func wordObject(t []rune, cur int, inner, big bool) (span, bool) {
	start, end := lineStart(t, cur), lineEnd(t, cur)
	if cur >= end {
		return span{}, false
	}
	class := func(i int) int { return charClass(t[i], big) }
	from, to := cur, cur+1
	for from > start && class(from-1) == class(cur) {
		from--
	}
	for to < end && class(to) == class(cur) {
		to++
	}
	if inner {
		return span{from: from, to: to}, true
	}
	if class(cur) == 0 { // aw on blanks: the blanks and the word after them
		if to < end {
			c := class(to)
			for to < end && class(to) == c {
				to++
			}
		}
		return span{from: from, to: to}, true
	}
	trail := to
	for trail < end && class(trail) == 0 {
		trail++
	}
	if trail > to {
		return span{from: from, to: trail}, true
	}
	for from > start && class(from-1) == 0 {
		from--
	}
	return span{from: from, to: to}, true
}

// quoteObject is i"/a": the quoted text on the cursor's line around or after the
// cursor; a" takes the quotes too.
func quoteObject(t []rune, cur int, q rune, inner bool) (span, bool) {
	start, end := lineStart(t, cur), lineEnd(t, cur)
	var quotes []int
	for i := start; i < end; i++ {
		if t[i] == q && (i == start || t[i-1] != '\\') {
			quotes = append(quotes, i)
		}
	}
	for i := 0; i+1 < len(quotes); i += 2 {
		open, closing := quotes[i], quotes[i+1]
		if cur <= closing {
			if inner {
				return span{from: open + 1, to: closing}, true
			}
			return span{from: open, to: closing + 1}, true
		}
	}
	return span{}, false
}

// pairObject is i(/a( and the like: inside the nearest enclosing pair.
func pairObject(t []rune, cur int, open, closing rune, inner bool) (span, bool) {
	from, depth := -1, 0
	for i := min(cur, len(t)-1); i >= 0; i-- {
		switch {
		case t[i] == closing && i != cur:
			depth++
		case t[i] == open:
			if depth == 0 {
				from = i
			} else {
				depth--
			}
		}
		if from >= 0 {
			break
		}
	}
	if from < 0 {
		return span{}, false
	}
	depth = 0
	for i := from + 1; i < len(t); i++ {
		switch t[i] {
		case open:
			depth++
		case closing:
			if depth > 0 {
				depth--
				continue
			}
			if inner {
				return span{from: from + 1, to: i}, true
			}
			return span{from: from, to: i + 1}, true
		}
	}
	return span{}, false
}
