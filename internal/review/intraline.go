package review

import "unicode/utf8"

// Span is a byte range [Start, End) of a line.
type Span struct{ Start, End int }

// Empty reports a span with nothing in it.
func (s Span) Empty() bool { return s.End <= s.Start }

// ChangedSpans is the part of a removed line and of the added line that replaced it
// that differ: what is left once their common start and common end are set aside (in
// whole runes and whole words). Two lines with nothing in common are changed throughout, which marks
// nothing (the whole line is already marked as removed or added): both spans are then
// empty.
func ChangedSpans(old, new string) (Span, Span) {
	pre := 0
	for pre < len(old) && pre < len(new) {
		ro, so := utf8.DecodeRuneInString(old[pre:])
		rn, sn := utf8.DecodeRuneInString(new[pre:])
		if ro != rn || so != sn {
			break
		}
		pre += so
	}
	suf := 0
	for suf < len(old)-pre && suf < len(new)-pre {
		ro, so := utf8.DecodeLastRuneInString(old[:len(old)-suf])
		rn, sn := utf8.DecodeLastRuneInString(new[:len(new)-suf])
		if ro != rn || so != sn || len(old)-suf-so < pre || len(new)-suf-sn < pre {
			break
		}
		suf += so
	}
	// A change that starts or ends inside a word marks the whole word: "Read the
	// [guide]." rather than "Read the [guid]e.".
	for pre > 0 && wordByte(old[pre-1]) && (wordAt(old, pre) || wordAt(new, pre)) {
		pre--
	}
	for suf > 0 && wordByte(old[len(old)-suf]) && (wordAt(old, len(old)-suf-1) || wordAt(new, len(new)-suf-1)) {
		suf--
	}
	if pre == 0 && suf == 0 {
		return Span{}, Span{}
	}
	return Span{pre, len(old) - suf}, Span{pre, len(new) - suf}
}

// wordByte reports a byte of a word: an ASCII letter, digit or underscore, or any byte
// of a non-ASCII rune (so that a word is never cut inside a rune).
func wordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c >= 0x80
}

// wordAt reports a word byte at i of s (false outside s).
func wordAt(s string, i int) bool { return i >= 0 && i < len(s) && wordByte(s[i]) }

// Pair is a removed line and the added line that replaced it, by index in a hunk's
// Lines.
type Pair struct{ Removed, Added int }

// Pairs matches, in each run of removed lines followed by a run of added lines, the
// first removed line with the first added one, the second with the second, and so on:
// the lines whose changes within the line are worth marking. Lines left over in the
// longer run were only removed or only added.
func Pairs(h *Hunk) []Pair {
	var out []Pair
	for i := 0; i < len(h.Lines); {
		if kind(h.Lines[i]) != '-' {
			i++
			continue
		}
		rs := i
		for i < len(h.Lines) && (kind(h.Lines[i]) == '-' || kind(h.Lines[i]) == '\\') {
			i++
		}
		as := i
		for i < len(h.Lines) && (kind(h.Lines[i]) == '+' || kind(h.Lines[i]) == '\\') {
			i++
		}
		var removed, added []int
		for j := rs; j < as; j++ {
			if kind(h.Lines[j]) == '-' {
				removed = append(removed, j)
			}
		}
		for j := as; j < i; j++ {
			if kind(h.Lines[j]) == '+' {
				added = append(added, j)
			}
		}
		for k := 0; k < len(removed) && k < len(added); k++ {
			out = append(out, Pair{removed[k], added[k]})
		}
	}
	return out
}

// kind is a diff line's first byte (' ' for an empty line).
func kind(l string) byte {
	if l == "" {
		return ' '
	}
	return l[0]
}
