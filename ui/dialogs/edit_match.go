package dialogs

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The Edit tool's matching rules, as the pinned CLI (2.1.328) applies them
// before it asks and again when it writes. The preview follows them so that
// it shows the edit the CLI will make, and never calls an edit hopeless that
// the CLI would apply: a model's straight quotes match a file's curly ones.

// cliOldString is the text of the file that old_string stands for: old
// itself when it is in the file; else the file's own spelling of it where
// curly quotes (‘ ’ “ ”) are read as straight ones; else old with its \uXXXX
// escapes decoded; else old with its non-ASCII characters written as \uXXXX
// escapes. ok is false when none of these is in the file.
func cliOldString(text, old string) (string, bool) {
	if strings.Contains(text, old) {
		return old, true
	}
	if i := strings.Index(straightQuotes(text), straightQuotes(old)); i >= 0 {
		start := originalOffset(text, i)
		end := start
		for range utf8.RuneCountInString(old) {
			_, size := utf8.DecodeRuneInString(text[end:])
			end += size
		}
		return text[start:end], true
	}
	if escapeSeq.MatchString(old) {
		if dec := decodeEscapes(old); dec != old && strings.Contains(text, dec) {
			return dec, true
		}
	}
	if hasNonASCII(old) && strings.Contains(text, `\u`) {
		if m := escapedForm(old).FindString(text); m != "" {
			return m, true
		}
	}
	return "", false
}

var quoteFolder = strings.NewReplacer("‘", "'", "’", "'", "“", `"`, "”", `"`)

func straightQuotes(s string) string { return quoteFolder.Replace(s) }

// originalOffset maps a byte offset in straightQuotes(text) back to text.
func originalOffset(text string, folded int) int {
	n := 0
	for i, r := range text {
		if n >= folded {
			return i
		}
		switch r {
		case '‘', '’', '“', '”':
			n++
		default:
			n += utf8.RuneLen(r)
		}
	}
	return len(text)
}

var (
	escapeSeq     = regexp.MustCompile(`\\u[0-9a-fA-F]{4}`)
	escapeOrSlash = regexp.MustCompile(`(\\\\)|\\u([0-9a-fA-F]{4})`)
)

// decodeEscapes turns \uXXXX into its character, leaving "\\" pairs alone.
func decodeEscapes(s string) string {
	return escapeOrSlash.ReplaceAllStringFunc(s, func(m string) string {
		if m == `\\` {
			return m
		}
		v, _ := strconv.ParseUint(m[2:], 16, 32)
		return string(rune(v))
	})
}

func hasNonASCII(s string) bool {
	for _, r := range s {
		if r >= 0x80 && r <= 0xffff {
			return true
		}
	}
	return false
}

// escapedForm matches s with each BMP non-ASCII character written as a
// \uXXXX escape in either case.
func escapedForm(s string) *regexp.Regexp {
	var b strings.Builder
	for _, r := range s {
		if r < 0x80 || r > 0xffff {
			b.WriteString(regexp.QuoteMeta(string(r)))
			continue
		}
		b.WriteString(`\\u`)
		for _, c := range strconv.FormatInt(int64(r)+0x10000, 16)[1:] {
			if c >= 'a' {
				b.WriteString("[" + string(c) + strings.ToUpper(string(c)) + "]")
			} else {
				b.WriteRune(c)
			}
		}
	}
	return regexp.MustCompile(b.String())
}

// cliNewString is new_string as the CLI writes it once old_string matched as
// actual: in the file's quote style (curly quotes opened after a space or
// bracket, closed elsewhere, an apostrophe between letters), and with the
// file's \uXXXX escaping.
func cliNewString(old, actual, new string) string {
	if old == actual {
		return new
	}
	out := new
	if strings.ContainsAny(actual, "“”") {
		out = curlQuotes(out, '"', '“', '”')
	}
	if strings.ContainsAny(actual, "‘’") {
		out = curlQuotes(out, '\'', '‘', '’')
	}
	switch {
	case hasNonASCII(old) && escapeSeq.MatchString(actual) && !escapeSeq.MatchString(old):
		var b strings.Builder
		for _, r := range out {
			if r >= 0x80 && r <= 0xffff {
				b.WriteString(`\u` + strconv.FormatInt(int64(r)+0x10000, 16)[1:])
			} else {
				b.WriteRune(r)
			}
		}
		out = b.String()
	case escapeSeq.MatchString(old) && decodeEscapes(old) == actual:
		out = decodeEscapes(out)
	}
	return out
}

func curlQuotes(s string, straight, open, close rune) string {
	rs := []rune(s)
	for i, r := range rs {
		if r != straight {
			continue
		}
		if straight == '\'' && i > 0 && i < len(rs)-1 && unicode.IsLetter(rs[i-1]) && unicode.IsLetter(rs[i+1]) {
			rs[i] = close // an apostrophe
			continue
		}
		if opensQuote(rs, i) {
			rs[i] = open
		} else {
			rs[i] = close
		}
	}
	return string(rs)
}

func opensQuote(rs []rune, i int) bool {
	if i == 0 {
		return true
	}
	switch rs[i-1] {
	case ' ', '\t', '\n', '\r', '(', '[', '{', '—', '–':
		return true
	}
	return false
}

// cliApply makes one edit the way the CLI does: the first occurrence, or all
// of them; an empty new_string also takes the line break after old_string.
func cliApply(text, actual, new string, all bool) string {
	target := actual
	if new == "" && !strings.HasSuffix(actual, "\n") && strings.Contains(text, actual+"\n") {
		target = actual + "\n"
	}
	if all {
		return strings.ReplaceAll(text, target, new)
	}
	return strings.Replace(text, target, new, 1)
}
