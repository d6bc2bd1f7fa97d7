package render

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// TabWidth is the number of columns a tab stop spans after Sanitize.
const TabWidth = 4

// Sanitize is the display-safety layer for untrusted text: nothing in the
// result can start a terminal escape sequence, move the cursor, hide, or
// take a number of cells other than the one gclaude computes for it. Hostile
// input is shown rather than obeyed:
//
//   - C0 controls become their Control Pictures (ESC → ␛, BEL → ␇, NUL → ␀),
//     DEL becomes ␡; "\x1b]0;evil\x07" prints as "␛]0;evil␇".
//   - C1 controls (U+0080–U+009F) become ␛ plus their 7-bit equivalent
//     (U+009B CSI → "␛[").
//   - "\r\n" becomes "\n"; a lone "\r" becomes ␍.
//   - "\t" becomes spaces up to the next multiple of TabWidth columns.
//   - Format and invisible characters (soft hyphen, zero-width space and
//     joiners, bidirectional controls, word joiner, BOM, tag characters,
//     variation selectors other than the emoji/text ones, line and paragraph
//     separators), unassigned code points, and runes whose width lipgloss,
//     Bubble Tea's renderer and glibc's wcwidth disagree on become
//     "⟨U+00AD⟩" (see markedRunes).
//   - A grapheme cluster whose layout width (lipgloss) differs from the
//     cells a terminal advances for it (the sum of wcwidth) is taken apart:
//     an emoji presentation selector that would widen its base is dropped,
//     a mark with no base or a modifier glued to an emoji is shown as
//     "⟨U+XXXX⟩". Indic conjuncts are the one exception (see fixCluster).
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
	var tabs tabStops
	for i < len(s) {
		c := s[i]
		if c < 0x20 || c == 0x7f {
			i++
			switch c {
			case '\n':
				b.WriteByte('\n')
			case '\t':
				b.WriteString(tabs.pad(b.String()))
			case '\r':
				if i < len(s) && s[i] == '\n' {
					continue // CRLF: the '\n' is written next
				}
				b.WriteRune('␍')
			default:
				writeControl(&b, rune(c))
			}
			continue
		}
		end, simple := nextCluster(s, i)
		if simple {
			b.WriteString(s[i:end])
		} else {
			writeCluster(&b, s[i:end])
		}
		i = end
	}
	return b.String()
}

// tabStops turns a tab into spaces up to the next stop, measuring the
// output line written so far once, incrementally.
type tabStops struct {
	pos, col int // cells of the current output line up to byte pos
}

func (t *tabStops) pad(out string) string {
	if j := strings.LastIndexByte(out[t.pos:], '\n'); j >= 0 {
		t.pos, t.col = t.pos+j+1, 0
	}
	t.col += ansi.StringWidthWc(out[t.pos:])
	n := TabWidth - t.col%TabWidth
	t.col += n
	t.pos = len(out) + n
	return "    "[:n]
}

// writeControl writes the picture of a C0 control, DEL or C1 control.
func writeControl(b *strings.Builder, r rune) {
	switch {
	case r < 0x20:
		b.WriteRune(0x2400 + r) // Control Pictures block
	case r == 0x7f:
		b.WriteRune('␡')
	default: // C1
		b.WriteRune('␛')
		b.WriteByte(byte(r - 0x40))
	}
}

// firstUnsafe returns the byte offset of the first byte Sanitize would
// change, or -1 when the string can be printed as it is.
func firstUnsafe(s string) int {
	for i := 0; i < len(s); {
		if c := s[i]; c < 0x80 {
			if (c < 0x20 && c != '\n') || c == 0x7f {
				return i
			}
			// A byte before ASCII cannot start a longer cluster.
			if c == '\n' || i+1 == len(s) || s[i+1] < 0x80 {
				i++
				continue
			}
		}
		end, simple := nextCluster(s, i)
		if !simple && !clusterSafe(s[i:end]) {
			return i
		}
		i = end
	}
	return -1
}

// codePointLabel is the visible stand-in for a rune that must not be
// printed as itself: "⟨U+200B⟩", "⟨U+E0041⟩".
func codePointLabel(r rune) string {
	const digits = "0123456789ABCDEF"
	var hex [6]byte
	n := len(hex)
	for v := uint32(r); n > len(hex)-4 || v > 0; v >>= 4 {
		n--
		hex[n] = digits[v&0xf]
	}
	return "⟨U+" + string(hex[n:]) + "⟩"
}
