package render

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// The character classes of chroma's rules, with regexp2's (.NET) meaning:
// \s is unicode.IsSpace, \d is Nd, and \w (and \b's word side) is L, Mn,
// Nd, Pc and the two zero-width joiners.

func isRegexpSpace(r rune) bool {
	if r < utf8.RuneSelf {
		return r == ' ' || '\t' <= r && r <= '\r'
	}
	return unicode.IsSpace(r)
}

func isRegexpDigit(r rune) bool {
	if r < utf8.RuneSelf {
		return '0' <= r && r <= '9'
	}
	return unicode.IsDigit(r)
}

func isRegexpWord(r rune) bool {
	if r < utf8.RuneSelf {
		return isASCIILetter(byte(r)) || '0' <= r && r <= '9' || r == '_'
	}
	return unicode.In(r, unicode.L, unicode.Mn, unicode.Nd, unicode.Pc) || r == '\u200c' || r == '\u200d'
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// byteAt is s[i], or 0 past the end (no rule looks for a NUL).
func byteAt(s string, i int) byte {
	if i < len(s) {
		return s[i]
	}
	return 0
}

// runOf is the length in bytes of the longest run of runes in class at i.
func runOf(s string, i int, class func(rune) bool) int {
	j := i
	for j < len(s) {
		r, size := rune(s[j]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[j:])
		}
		if !class(r) {
			break
		}
		j += size
	}
	return j - i
}

func (l *goLexer) spaceRun(i int) int { return runOf(l.s, i, isRegexpSpace) }
func (l *goLexer) wordRun(i int) int  { return runOf(l.s, i, isRegexpWord) }

func digitRun(s string, i int) int { return runOf(s, i, isRegexpDigit) }

// asciiRun is the length of the run of bytes in set at i.
func asciiRun(s string, i int, set string) int {
	j := i
	for j < len(s) && strings.IndexByte(set, s[j]) >= 0 {
		j++
	}
	return j - i
}

// exponent is [Ee][-+]\d+ (signed) or [eE][+\-]?\d+ at i: its length, or 0.
func exponent(s string, i int, signRequired bool) int {
	if c := byteAt(s, i); c != 'e' && c != 'E' {
		return 0
	}
	j := i + 1
	if c := byteAt(s, j); c == '+' || c == '-' {
		j++
	} else if signRequired {
		return 0
	}
	d := digitRun(s, j)
	if d == 0 {
		return 0
	}
	return j + d - i
}

// goNumber is the number rules, in order, at p: the type and length of the
// first that matches, or 0. \d is any Nd digit; [0-9] only ASCII ones.
func goNumber(s string, p int) (chroma.TokenType, int) {
	c := s[p]
	if c == '.' {
		d := digitRun(s, p+1)
		if d == 0 {
			return 0, 0
		}
		q := p + 1 + d
		if byteAt(s, q) == 'i' { // \.\d+([Ee][-+]\d+)?i
			return chroma.LiteralNumber, q + 1 - p
		}
		if e := exponent(s, q, true); e > 0 && byteAt(s, q+e) == 'i' {
			return chroma.LiteralNumber, q + e + 1 - p
		}
		return chroma.LiteralNumberFloat, q + exponent(s, q, false) - p // \.\d+([eE][+\-]?\d+)?
	}
	d := digitRun(s, p)
	if d == 0 {
		return 0, 0
	}
	q := p + d
	if byteAt(s, q) == 'i' { // \d+i
		return chroma.LiteralNumber, q + 1 - p
	}
	if byteAt(s, q) == '.' {
		f := q + 1 + digitRun(s, q+1)
		if byteAt(s, f) == 'i' { // \d+\.\d*([Ee][-+]\d+)?i
			return chroma.LiteralNumber, f + 1 - p
		}
		if e := exponent(s, f, true); e > 0 && byteAt(s, f+e) == 'i' {
			return chroma.LiteralNumber, f + e + 1 - p
		}
		// \d+(\.\d+[eE][+\-]?\d+|\.\d*|...): with digits after the point an
		// exponent may follow; without, the point alone ends it.
		if f > q+1 {
			f += exponent(s, f, false)
		}
		return chroma.LiteralNumberFloat, f - p
	}
	if e := exponent(s, q, true); e > 0 && byteAt(s, q+e) == 'i' { // \d+[Ee][-+]\d+i
		return chroma.LiteralNumber, q + e + 1 - p
	}
	if e := exponent(s, q, false); e > 0 { // \d+[eE][+\-]?\d+
		return chroma.LiteralNumberFloat, q + e - p
	}
	switch {
	case c == '0':
		if n := asciiRun(s, p+1, "01234567"); n > 0 { // 0[0-7]+
			return chroma.LiteralNumberOct, 1 + n
		}
		if x := byteAt(s, p+1); x == 'x' || x == 'X' { // 0[xX][0-9a-fA-F_]+
			if n := asciiRun(s, p+2, "0123456789abcdefABCDEF_"); n > 0 {
				return chroma.LiteralNumberHex, 2 + n
			}
		}
		if byteAt(s, p+1) == 'b' { // 0b[01_]+
			if n := asciiRun(s, p+2, "01_"); n > 0 {
				return chroma.LiteralNumberBin, 2 + n
			}
		}
		return chroma.LiteralNumberInteger, 1
	case '1' <= c && c <= '9': // [1-9][0-9_]*
		return chroma.LiteralNumberInteger, 1 + asciiRun(s, p+1, "0123456789_")
	}
	return 0, 0
}

// goCharLiteral is the length of the rune literal rule's match at p, or 0:
// '(\\['"\\abfnrtv]|\\x[0-9a-fA-F]{2}|\\[0-7]{1,3}|\\u[0-9a-fA-F]{4}|\\U[0-9a-fA-F]{8}|[^\\])'
func goCharLiteral(s string, p int) int {
	q := p + 1
	if q >= len(s) {
		return 0
	}
	if s[q] != '\\' { // [^\\]: any one rune, a newline or quote too
		_, size := utf8.DecodeRuneInString(s[q:])
		if byteAt(s, q+size) == '\'' {
			return size + 2
		}
		return 0
	}
	const hex = "0123456789abcdefABCDEF"
	body := 0 // the escape's length after the backslash
	switch e := byteAt(s, q+1); {
	case e != 0 && strings.IndexByte(`'"\abfnrtv`, e) >= 0:
		body = 1
	case e == 'x' && asciiRun(s, q+2, hex) >= 2:
		body = 3
	case e == 'u' && asciiRun(s, q+2, hex) >= 4:
		body = 5
	case e == 'U' && asciiRun(s, q+2, hex) >= 8:
		body = 9
	default:
		// [0-7]{1,3} backtracks, but only its longest run can be followed by
		// the closing quote.
		body = min(asciiRun(s, q+1, "01234567"), 3)
	}
	if body > 0 && byteAt(s, q+1+body) == '\'' {
		return body + 3
	}
	return 0
}

// goOperators is the operator rule's alternation, in its order: the first
// that matches wins, not the longest.
var goOperators = []string{"<<=", ">>=", "<<", ">>", "<=", ">=", "&^=", "&^", "+=", "-=", "*=",
	"/=", "%=", "&=", "|=", "&&", "||", "<-", "++", "--", "==", "!=", ":=", "...",
	"+", "-", "*", "/", "%", "&"}

func goOperator(rest string) int {
	if strings.IndexByte("<>&+-*/%|=!:.", rest[0]) < 0 {
		return 0
	}
	for _, op := range goOperators {
		if strings.HasPrefix(rest, op) {
			return len(op)
		}
	}
	return 0
}

// commentSearch finds block comments, /(\\\n)?[*](.|\n)*?[*](\\\n)?/, and
// remembers its last search so that many unclosed "/*" cost one scan.
type commentSearch struct {
	from, close int // the first closing "*" at or after from; -1: none
	valid       bool
}

// block is the length of the block comment at p, or 0.
func (c *commentSearch) block(s string, p int) int {
	body := p + 1
	if strings.HasPrefix(s[body:], "\\\n") {
		body += 2
	}
	if byteAt(s, body) != '*' {
		return 0
	}
	body++
	if !c.valid || body < c.from || c.close >= 0 && body > c.close {
		c.from, c.close, c.valid = body, closingStar(s, body), true
	}
	if c.close < 0 {
		return 0
	}
	if s[c.close+1] == '/' {
		return c.close + 2 - p
	}
	return c.close + 4 - p // "*\\\n/"
}

// closingStar is the first i >= from where "*/" or "*\\\n/" starts, or -1.
func closingStar(s string, from int) int {
	for i := from; i < len(s); i++ {
		j := strings.IndexByte(s[i:], '*')
		if j < 0 {
			return -1
		}
		i += j
		if rest := s[i+1:]; strings.HasPrefix(rest, "/") || strings.HasPrefix(rest, "\\\n/") {
			return i
		}
	}
	return -1
}

// goRawTemplate is what chroma lexes a raw string's inside with.
var goRawTemplate = chroma.TypeRemappingLexer(lexers.GoTextTemplate,
	chroma.TypeMapping{{From: chroma.Other, To: chroma.LiteralString}})

// templateTokens lexes a raw string's inside that holds "{{" with chroma's
// own template lexer, as chroma does. Its tokens must cover the inside in
// order; if they do not, the result is not known to be exact.
func (l *goLexer) templateTokens(inner string) bool {
	it, err := goRawTemplate.Tokenise(&chroma.TokeniseOptions{State: "root", Nested: true}, inner)
	if err != nil {
		l.exact = false
		return false
	}
	stop := l.pos + len(inner)
	for t := it(); t != chroma.EOF; t = it() {
		if !strings.HasPrefix(l.s[l.pos:stop], t.Value) {
			l.exact = false
			return false
		}
		l.emit(t.Type, len(t.Value))
	}
	if l.pos != stop {
		l.exact = false
		return false
	}
	return true
}
