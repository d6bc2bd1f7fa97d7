package review

import (
	"strconv"
	"strings"
)

// unquotePath reads a path git may have C-quoted ("a\tb", "\303\251"); an unquoted one
// is returned as it is.
func unquotePath(s string) string {
	if !strings.HasPrefix(s, `"`) {
		return s
	}
	p, _ := splitQuoted(s)
	return p
}

// splitQuoted reads the C-quoted string at the start of s and returns it unquoted and
// what follows it.
func splitQuoted(s string) (string, string) {
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			return b.String(), s[i+1:]
		case c == '\\' && i+1 < len(s):
			i++
			switch e := s[i]; {
			case e >= '0' && e <= '7' && i+2 < len(s):
				n, err := strconv.ParseUint(s[i:i+3], 8, 8)
				if err == nil {
					b.WriteByte(byte(n))
					i += 2
					continue
				}
				b.WriteByte(e)
			case e == 'a':
				b.WriteByte('\a')
			case e == 'b':
				b.WriteByte('\b')
			case e == 'f':
				b.WriteByte('\f')
			case e == 'n':
				b.WriteByte('\n')
			case e == 'r':
				b.WriteByte('\r')
			case e == 't':
				b.WriteByte('\t')
			case e == 'v':
				b.WriteByte('\v')
			default:
				b.WriteByte(e)
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), ""
}

// quotePath writes a path for a patch's "---"/"+++" line as git does: C-quoted when it
// holds a quote, a backslash or a control character, with a tab after it when it holds
// a space (so that git apply knows where the name ends).
func quotePath(prefix, p string) string {
	needs := false
	for i := 0; i < len(p); i++ {
		if c := p[i]; c < 0x20 || c == 0x7f || c == '"' || c == '\\' {
			needs = true
			break
		}
	}
	if !needs {
		if strings.Contains(p, " ") {
			return prefix + p + "\t"
		}
		return prefix + p
	}
	var b strings.Builder
	b.WriteByte('"')
	b.WriteString(prefix)
	for i := 0; i < len(p); i++ {
		switch c := p[i]; c {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		default:
			if c < 0x20 || c == 0x7f {
				b.WriteString(`\` + strconv.FormatUint(uint64(c)|0o1000, 8)[1:])
			} else {
				b.WriteByte(c)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}
