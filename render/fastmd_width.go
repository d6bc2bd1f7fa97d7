package render

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// linesFit reports whether every line of s is at most width cells wide.
func linesFit(s string, width int) bool {
	if width < 1 {
		return true // ansi.Wrap returns s as is
	}
	for s != "" {
		line := s
		j := strings.IndexByte(s, '\n')
		if j >= 0 {
			line, s = s[:j], s[j+1:]
		} else {
			s = ""
		}
		if len(line) > width && visibleWidth(line) > width {
			return false
		}
	}
	return true
}

// visibleWidth is ansi.StringWidth with a shortcut for text of ASCII and
// the few one-cell runes rendering adds (no-break space, bullets, box
// drawing, Latin letters), holding only well-formed CSI and OSC sequences
// (plainEscLen). Anything else (wide runes, marks, emoji, other or cut-off
// escapes, control bytes) is measured by ansi.StringWidth, so every string
// gets ansi's answer (TestVisibleWidthAgreesWithAnsi).
func visibleWidth(s string) int {
	if n, ok := shortcutWidth(s); ok {
		return n
	}
	return ansi.StringWidth(s)
}

// shortcutWidth is visibleWidth's shortcut alone: the width, and whether
// s is made only of what it measures. Text it measures stays measured by it
// with more such text appended.
func shortcutWidth(s string) (int, bool) {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0x1b:
			if j := sgrEnd(s, i); j > 0 {
				if end, k := styledSpaces(s, i, j); k > 0 {
					n += k
					i = end
					continue
				}
				i = j // the common case, without a call
				continue
			}
			n := plainEscLen(s[i:])
			if n == 0 {
				return 0, false
			}
			i += n
		case c >= 0x20 && c < 0x7f:
			n++
			i++
		case c >= 0x80:
			r, size := utf8.DecodeRuneInString(s[i:])
			if !oneCell(r) {
				return 0, false
			}
			n++
			i += size
		default:
			return 0, false
		}
	}
	return n, true
}

// sgrEnd is the end of the CSI at s[i] when its parameters are only bytes
// 0x30-0x3f, or 0: plainEscLen decides the others.
func sgrEnd(s string, i int) int {
	j := i + 1
	if j >= len(s) || s[j] != '[' {
		return 0
	}
	for j++; j < len(s) && s[j]-0x30 < 0x10; j++ {
	}
	if j < len(s) && s[j] >= 0x40 && s[j] <= 0x7e {
		return j + 1
	}
	return 0
}

// styledSpaces finds the padding nested blocks are made of: for the SGR
// sequence s[i:j], the run of repeats of that sequence, one space and a
// reset ("\x1b[1m \x1b[m\x1b[1m \x1b[m…") from i. It returns the end of
// the run and the number of spaces in it, 0 if there is none.
func styledSpaces(s string, i, j int) (end, k int) {
	const tail = " " + ansi.ResetStyle
	if s[j-1] != 'm' || !strings.HasPrefix(s[j:], tail) {
		return i, 0
	}
	unit := s[i : j+len(tail)]
	end = i
	for strings.HasPrefix(s[end:], unit) {
		end += len(unit)
		k++
	}
	return end, k
}

// plainEscLen is the length of the CSI (parameters, intermediates, a final
// byte) or OSC (printable payload ended by BEL or ST) at the start of s, or 0
// for anything else: those are left to ansi's parser.
func plainEscLen(s string) int {
	if len(s) < 2 {
		return 0
	}
	switch s[1] {
	case '[':
		for j := 2; j < len(s); j++ {
			switch c := s[j]; {
			case c >= 0x40 && c <= 0x7e:
				return j + 1
			case c < 0x20 || c > 0x3f:
				return 0
			}
		}
	case ']':
		for j := 2; j < len(s); j++ {
			switch c := s[j]; {
			case c == 0x07:
				return j + 1
			case c == 0x1b:
				if j+1 < len(s) && s[j+1] == '\\' {
					return j + 2
				}
				return 0
			case c < 0x20 || c == 0x7f:
				return 0
			}
		}
	}
	return 0
}

// oneCell reports whether r is one cell wide and never joins a grapheme
// cluster with its neighbours (TestOneCellRunes checks both against ansi).
func oneCell(r rune) bool {
	switch {
	case r == 0xa0, r >= 0xa1 && r <= 0xac, r >= 0xae && r <= 0x2af:
		return true
	case r == 0x2022, r == 0x2026, r == 0x2013, r == 0x2014, r == 0x2192:
		return true
	case r >= 0x2500 && r <= 0x257f:
		return true
	}
	return false
}
