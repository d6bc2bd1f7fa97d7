package protocol

import (
	"unicode/utf16"
	"unicode/utf8"
)

// plainASCII marks the bytes a string holds as they are that need no further look:
// printable ASCII but the quote and the backslash.
var plainASCII = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// str reads a JSON string. Control characters, invalid UTF-8 and lone or paired
// surrogate escapes are left to the general path (which rejects or replaces them).
func (s *hotScanner) str() (string, bool) {
	if !s.take('"') {
		return "", false
	}
	start := s.i
	ascii := true
	for {
		for s.i < len(s.b) && plainASCII[s.b[s.i]] {
			s.i++
		}
		if s.i >= len(s.b) {
			return "", false
		}
		switch c := s.b[s.i]; {
		case c == '"':
			s.i++
			if !ascii && !utf8.Valid(s.b[start:s.i-1]) {
				return "", false
			}
			return s.slice(start, s.i-1), true
		case c == '\\':
			return s.escaped(start)
		case c < 0x20:
			return "", false
		default: // the first byte of a multi-byte rune, checked whole at the end
			ascii = false
			s.i++
		}
	}
}

// slice is b[start:end] as a string: a slice of the shared copy of a short line, or a
// copy of its own.
func (s *hotScanner) slice(start, end int) string {
	if start == end {
		return ""
	}
	if len(s.b) > hotShareLimit {
		return string(s.b[start:end])
	}
	if s.shared == "" {
		s.shared = string(s.b)
	}
	return s.shared[start:end]
}

// escaped finishes a string from its first backslash (at s.i); start is after the quote.
func (s *hotScanner) escaped(start int) (string, bool) {
	buf := make([]byte, 0, len(s.b)-start)
	buf = append(buf, s.b[start:s.i]...)
	for s.i < len(s.b) {
		c := s.b[s.i]
		switch {
		case c == '"':
			s.i++
			// Escapes only add whole runes, so checking the result checks the raw bytes.
			if !utf8.Valid(buf) {
				return "", false
			}
			return string(buf), true
		case c < 0x20:
			return "", false
		case c != '\\':
			buf = append(buf, c)
			s.i++
			continue
		}
		if s.i+1 >= len(s.b) {
			return "", false
		}
		e := s.b[s.i+1]
		s.i += 2
		switch e {
		case '"', '\\', '/':
			buf = append(buf, e)
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'u':
			r, ok := s.hex4()
			if !ok || utf16.IsSurrogate(r) {
				return "", false
			}
			buf = utf8.AppendRune(buf, r)
		default:
			return "", false
		}
	}
	return "", false
}

// hex4 reads the four hex digits of a \u escape.
func (s *hotScanner) hex4() (rune, bool) {
	if len(s.b)-s.i < 4 {
		return 0, false
	}
	var r rune
	for _, c := range s.b[s.i : s.i+4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	s.i += 4
	return r, true
}
