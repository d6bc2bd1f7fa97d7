package render

import "strings"

// closePartialJSON turns a streamed JSON prefix into a complete document by
// dropping an unfinished token and closing open strings, arrays and
// objects: `{"command": "ls -l` becomes `{"command": "ls -l"}`. It reports
// false when the prefix cannot be completed sensibly.
func closePartialJSON(s string) (string, bool) {
	var (
		stack    []byte // expected closers
		inString bool
		escaped  bool // after a backslash in a string
		// hexLeft counts the hex digits still due in a \uXXXX escape
		// that starts at hexStart.
		hexLeft, hexStart int
		// lastSafe is the length of s at the end of the last complete
		// value or container opener, where closers can be appended.
		lastSafe  = -1
		safeStack []byte
	)
	mark := func(n int) {
		lastSafe = n
		safeStack = append(safeStack[:0], stack...)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if inString {
			switch {
			case hexLeft > 0:
				hexLeft--
			case escaped:
				escaped = false
				if c == 'u' {
					hexLeft, hexStart = 4, i-1
				}
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
				mark(i + 1)
			}
			continue
		}
		switch c {
		case '"':
			inString = true
		case '{':
			stack = append(stack, '}')
			mark(i + 1)
		case '[':
			stack = append(stack, ']')
			mark(i + 1)
		case '}', ']':
			if len(stack) == 0 || stack[len(stack)-1] != c {
				return "", false
			}
			stack = stack[:len(stack)-1]
			mark(i + 1)
		case ',', ':', ' ', '\t', '\n', '\r':
		default:
			// Part of a number or literal: complete only once it ends.
			if i+1 < len(s) && strings.IndexByte(",}] \t\r\n", s[i+1]) >= 0 {
				mark(i + 1)
			}
		}
	}
	if inString {
		// Close the open string, cutting an unfinished escape.
		t := s
		switch {
		case escaped:
			t = t[:len(t)-1]
		case hexLeft > 0:
			t = t[:hexStart]
		}
		return withClosers(t+`"`, stack), true
	}
	if lastSafe < 0 {
		return "", false
	}
	return withClosers(strings.TrimRight(s[:lastSafe], " \t\r\n"), safeStack), true
}

// withClosers appends the closers for the open containers. A dangling
// object key ("k" or "k":) gets a null value first, and a dangling comma is
// dropped.
func withClosers(s string, stack []byte) string {
	s = strings.TrimRight(s, " \t\r\n")
	if strings.HasSuffix(s, ":") {
		s += "null"
	} else if len(stack) > 0 && stack[len(stack)-1] == '}' && endsWithKey(s) {
		s += ":null"
	}
	s = strings.TrimSuffix(s, ",")
	var b strings.Builder
	b.WriteString(s)
	for i := len(stack) - 1; i >= 0; i-- {
		b.WriteByte(stack[i])
	}
	return b.String()
}

// endsWithKey reports whether s ends with a string that is in key position
// (it follows '{' or ',').
func endsWithKey(s string) bool {
	if !strings.HasSuffix(s, `"`) || len(s) < 2 {
		return false
	}
	// Walk back to the opening quote of the final string.
	i := len(s) - 2
	for i >= 0 {
		if s[i] == '"' {
			bs := 0
			for j := i - 1; j >= 0 && s[j] == '\\'; j-- {
				bs++
			}
			if bs%2 == 0 {
				break
			}
		}
		i--
	}
	if i < 0 {
		return false
	}
	before := strings.TrimRight(s[:i], " \t\r\n")
	return strings.HasSuffix(before, "{") || strings.HasSuffix(before, ",")
}
