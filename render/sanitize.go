package render

import (
	"strings"
	"unicode/utf8"
)

// TabWidth is the number of columns a tab stop spans after Sanitize.
const TabWidth = 4

// Sanitize makes untrusted text safe to print: nothing in the result can
// start a terminal escape sequence or move the cursor. Every control
// character is replaced by a visible stand-in, so hostile input is shown
// rather than obeyed:
//
//   - C0 controls become their Control Pictures (ESC → ␛, BEL → ␇, NUL → ␀),
//     DEL becomes ␡; "\x1b]0;evil\x07" prints as "␛]0;evil␇".
//   - C1 controls (U+0080–U+009F) become ␛ plus their 7-bit equivalent
//     (U+009B CSI → "␛[").
//   - "\r\n" becomes "\n"; a lone "\r" becomes ␍.
//   - "\t" becomes spaces up to the next multiple of TabWidth columns.
//   - Bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069)
//     become "⟨U+202E⟩", so text cannot be visually reordered.
//   - Invalid UTF-8 bytes become U+FFFD.
//
// "\n" is kept. Text that needs no change is returned as is, without
// allocating.
func Sanitize(s string) string {
	i := firstUnsafe(s)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	b.WriteString(s[:i])
	col := columnAt(s[:i])
	for i < len(s) {
		c := s[i]
		if c >= 0x20 && c < 0x7f {
			b.WriteByte(c)
			col++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == '\n':
			b.WriteByte('\n')
			col = 0
		case r == '\t':
			n := TabWidth - col%TabWidth
			b.WriteString("    "[:n])
			col += n
		case r == '\r':
			if i < len(s) && s[i] == '\n' {
				continue // CRLF: the '\n' is written next
			}
			b.WriteRune('␍')
			col++
		case r < 0x20:
			b.WriteRune(0x2400 + r) // Control Pictures block
			col++
		case r == 0x7f:
			b.WriteRune('␡')
			col++
		case r == utf8.RuneError && size == 1:
			b.WriteRune(utf8.RuneError)
			col++
		case r >= 0x80 && r <= 0x9f:
			b.WriteRune('␛')
			b.WriteByte(byte(r - 0x40))
			col += 2
		case isBidiControl(r):
			b.WriteString(bidiPicture(r))
			col += 8
		default:
			b.WriteRune(r)
			col++ // approximate: only tab stops use it
		}
	}
	return b.String()
}

// firstUnsafe returns the byte offset of the first byte Sanitize would
// change, or -1 when the string can be printed as it is.
func firstUnsafe(s string) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c < 0x80 {
			if (c < 0x20 && c != '\n') || c == 0x7f {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size == 1) || (r >= 0x80 && r <= 0x9f) || isBidiControl(r) {
			return i
		}
		i += size
	}
	return -1
}

// columnAt is the column after s, counting runes since the last newline;
// it only feeds tab-stop arithmetic.
func columnAt(s string) int {
	if j := strings.LastIndexByte(s, '\n'); j >= 0 {
		s = s[j+1:]
	}
	return utf8.RuneCountInString(s)
}

func isBidiControl(r rune) bool {
	return (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069)
}

func bidiPicture(r rune) string {
	const digits = "0123456789ABCDEF"
	return "⟨U+" + string([]byte{digits[r>>12&0xf], digits[r>>8&0xf], digits[r>>4&0xf], digits[r&0xf]}) + "⟩"
}
