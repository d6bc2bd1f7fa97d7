package render

import (
	"io"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/formatters"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/alecthomas/chroma/v2/styles"
)

// When chroma changes: run make deps-check. TestLexGoMatchesChromaOnGOROOT,
// TestLexGoEdgeCases and FuzzGoLexer print the first token that differs;
// diff chroma's lexers/go.go (the rules), regexp.go (Tokenise, Coalesce) and
// formatters/tty_*.go between the old and new module in GOPATH/pkg/mod, and
// change step, keyword or tokenWrap.write to match (v2.14 → v2.27 was
// TextWhitespace, the comment rules, "any" and per-line token styles). A
// fallback to chroma is counted and logged; GCLAUDE_GOLEXER=chroma turns
// lexGo off.
//
// lexGo tokenises Go source exactly as chroma v2.27.0's Go lexer does
// behind chroma.Coalesce (what quick.Highlight runs), without regexp2: the
// same rules tried in the same order at each position, each written out by
// hand. ok is false where the result is not certain to be chroma's (a
// string literal whose regexp2 backtracking could hit its match timeout);
// the caller then asks chroma.
//
// Chroma lexes runes: it turns CR LF and lone CRs into LF and decodes the
// text into runes (each byte of invalid UTF-8 becomes U+FFFD). lexGo does
// the same to a string, so every token is a substring of that text. (Since
// v2.15 the Go lexer no longer adds a final newline.)
func lexGo(code string) (toks []chroma.Token, ok bool) {
	l := newGoLexer(code)
	l.run()
	if !l.exact {
		return nil, false
	}
	return l.out, true
}

func newGoLexer(code string) *goLexer {
	if strings.IndexByte(code, '\r') >= 0 {
		code = strings.ReplaceAll(strings.ReplaceAll(code, "\r\n", "\n"), "\r", "\n")
	}
	if !utf8.ValidString(code) {
		code = string([]rune(code))
	}
	l := &goLexer{s: code, end: len(code), exact: true}
	l.out = make([]chroma.Token, 0, len(code)/2) // Go code averages a token per 2-3 bytes
	return l
}

func (l *goLexer) run() {
	for l.pos < l.end && l.exact {
		l.step()
	}
	l.flush()
}

// coalesceLimit is chroma.Coalesce's: a run of same-typed tokens stops
// growing once it is this many bytes or more.
const coalesceLimit = 8192

// goLexer is one run of lexGo over s. Tokens are consecutive substrings
// of s, so coalescing only moves the end of the pending token.
type goLexer struct {
	s     string
	end   int // len(s)
	pos   int
	exact bool

	out      []chroma.Token
	pending  bool
	pendType chroma.TokenType
	pendFrom int

	strMemo  stringMemo
	comments commentSearch
}

// emit is one token of rule output: the next n bytes as t, coalesced the
// way chroma.Coalesce does (empty tokens dropped).
func (l *goLexer) emit(t chroma.TokenType, n int) {
	if n == 0 {
		return
	}
	if l.pending && (l.pendType != t || l.pos-l.pendFrom >= coalesceLimit) {
		l.flush()
	}
	if !l.pending {
		l.pending, l.pendType, l.pendFrom = true, t, l.pos
	}
	l.pos += n
}

func (l *goLexer) flush() {
	if l.pending {
		l.out = append(l.out, chroma.Token{Type: l.pendType, Value: l.s[l.pendFrom:l.pos]})
		l.pending = false
	}
}

// step lexes one rule match at l.pos: chroma's Go rules, in their order.
func (l *goLexer) step() {
	s, p := l.s, l.pos
	c := s[p]
	r, size := rune(c), 1
	if c >= utf8.RuneSelf {
		r, size = utf8.DecodeRuneInString(s[p:])
	}
	switch {
	case c == '\n': // \n
		l.emit(chroma.TextWhitespace, 1)
		return
	case isRegexpSpace(r): // \s+
		l.emit(chroma.TextWhitespace, l.spaceRun(p))
		return
	case c == '/':
		if byteAt(s, p+1) == '/' {
			l.lineComment(p)
			return
		}
		if n := l.comments.block(s, p); n > 0 {
			l.emit(chroma.CommentMultiline, n)
			return
		}
	}
	word := 0
	if isRegexpWord(r) {
		word = l.wordRun(p)
		if l.keyword(s[p : p+word]) {
			return
		}
	}
	if t, n := goNumber(s, p); n > 0 {
		l.emit(t, n)
		return
	}
	switch c {
	case '\'':
		if n := goCharLiteral(s, p); n > 0 {
			l.emit(chroma.LiteralStringChar, n)
			return
		}
	case '`':
		if l.rawString(p) {
			return
		}
	case '"':
		n, exact := l.strMemo.literal(s, p)
		if !exact {
			l.exact = false
			return
		}
		if n > 0 {
			l.emit(chroma.LiteralString, n)
			return
		}
	}
	if n := goOperator(s[p:]); n > 0 {
		l.emit(chroma.Operator, n)
		return
	}
	if isASCIILetter(c) || c == '_' { // ([a-zA-Z_]\w*)(\s*)(\()
		ws := l.spaceRun(p + word)
		if byteAt(s, p+word+ws) == '(' {
			l.emit(chroma.NameFunction, word)
			l.whitespace(ws)
			l.emit(chroma.Punctuation, 1)
			return
		}
	}
	if strings.IndexByte("|^<>=!()[]{}.,;:~", c) >= 0 {
		l.emit(chroma.Punctuation, 1)
		return
	}
	// [^\W\d]\w*: regexp2 stops reading a class's categories at the first
	// that decides, so [^\W\d] is \w and takes the digits no number rule did.
	if word > 0 {
		l.emit(chroma.NameOther, word)
		return
	}
	// No rule matched: chroma emits the one rune as an error and goes on.
	l.emit(chroma.Error, size)
}

// keyword lexes the word rules, which all end in \b: word is the whole run
// of word characters at l.pos, so it must be the keyword itself.
func (l *goLexer) keyword(word string) bool {
	switch word {
	case "import", "package":
		l.emit(chroma.KeywordNamespace, len(word))
	case "var", "func", "struct", "map", "chan", "type", "interface", "const":
		l.emit(chroma.KeywordDeclaration, len(word))
	case "break", "default", "select", "case", "defer", "go", "else", "goto", "switch",
		"fallthrough", "if", "range", "continue", "for", "return":
		l.emit(chroma.Keyword, len(word))
	case "true", "false", "iota", "nil":
		l.emit(chroma.KeywordConstant, len(word))
	default:
		switch {
		case byteAt(l.s, l.pos+len(word)) == '(' && (goTypeWords[word] || goBuiltinFuncs[word]):
			l.emit(chroma.NameBuiltin, len(word))
			l.emit(chroma.Punctuation, 1)
		case goTypeWords[word] || word == "any": // the type rule's list has any, the builtin rule's not
			l.emit(chroma.KeywordType, len(word))
		default:
			return false
		}
	}
	return true
}

var goTypeWords = wordSet("uint", "uint8", "uint16", "uint32", "uint64", "int", "int8", "int16",
	"int32", "int64", "float", "float32", "float64", "complex64", "complex128", "byte", "rune",
	"string", "bool", "error", "uintptr")

var goBuiltinFuncs = wordSet("print", "println", "panic", "recover", "close", "complex", "real",
	"imag", "len", "cap", "append", "copy", "delete", "new", "make", "clear", "min", "max")

func wordSet(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// whitespace lexes the n bytes of white space between a function's name and
// its parenthesis, which chroma hands to the root state on their own: its
// \n and \s+ rules both yield TextWhitespace.
func (l *goLexer) whitespace(n int) {
	l.emit(chroma.TextWhitespace, n)
}

// lineComment lexes a comment from "//" at p to the end of its line:
// //[^\s\n\r][^\n\r]* is CommentPreproc (//go:build, but also //x), and
// //[^\n\r]* CommentSingle. Chroma made CRs LFs, so only \n ends it.
func (l *goLexer) lineComment(p int) {
	n := len(l.s) - p
	if i := strings.IndexByte(l.s[p:], '\n'); i >= 0 {
		n = i
	}
	t := chroma.CommentSingle
	if p+2 < len(l.s) {
		if r, _ := utf8.DecodeRuneInString(l.s[p+2:]); !isRegexpSpace(r) {
			t = chroma.CommentPreproc
		}
	}
	l.emit(t, n)
}

// rawString lexes (`)([^`]*)(`): the backquotes as strings, the inside by
// chroma's Go text template lexer with Other made LiteralString.
func (l *goLexer) rawString(p int) bool {
	i := strings.IndexByte(l.s[p+1:], '`')
	if i < 0 {
		return false
	}
	inner := l.s[p+1 : p+1+i]
	l.emit(chroma.LiteralString, 1)
	if strings.Contains(inner, "{{") {
		if !l.templateTokens(inner) {
			return true
		}
	} else {
		// Without "{{" the template lexer has two rules left: [^{]+ and {.
		for len(inner) > 0 {
			n := strings.IndexByte(inner, '{')
			switch {
			case n < 0:
				n = len(inner)
			case n == 0:
				n = 1
			}
			l.emit(chroma.LiteralString, n)
			inner = inner[n:]
		}
	}
	l.emit(chroma.LiteralString, 1)
	return true
}

// highlightGo is quick.Highlight for code chroma would lex as Go, with
// lexGo's tokens fed to the same formatter and style. ok is false when
// lexGo cannot vouch for its tokens; nothing was written then.
func highlightGo(w io.Writer, code, formatter, theme string) (ok bool, err error) {
	toks, ok := lexGo(code)
	if !ok {
		return false, nil
	}
	f := formatters.Get(formatter)
	if f == nil {
		f = formatters.Fallback
	}
	st := styles.Get(theme)
	if st == nil {
		st = styles.Fallback
	}
	return true, formatTokens(w, formatter, f, st, toks)
}

// goLangs remembers which fence languages lexers.Get resolves to the Go
// lexer ("go", "golang", "Go", "main.go", …): asking it anew can mean
// matching every lexer's file name patterns.
var goLangs = struct {
	sync.Mutex
	m map[string]bool
}{m: map[string]bool{}}

func isGoLang(lang string) bool {
	goLangs.Lock()
	is, known := goLangs.m[lang]
	goLangs.Unlock()
	if known {
		return is
	}
	is = lang != "" && lexers.Get(lang) == lexers.Go
	goLangs.Lock()
	if len(goLangs.m) >= 256 { // fence languages are few; bound them anyway
		clear(goLangs.m)
	}
	goLangs.m[lang] = is
	goLangs.Unlock()
	return is
}
