package review

import (
	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// class is a token's kind, as far as colour goes.
type class uint8

const (
	plain class = iota
	keyword
	str
	number
	comment
	function
	typeName
	operator
)

// token is a run of a line in one class: bytes [start, end).
type token struct {
	start, end int
	cls        class
}

// lineLexer colours the lines of one file. Each line is lexed on its own (a hunk is a
// piece of a file, and only the lines on screen are lexed), so a line inside a
// multi-line string or comment is coloured as code: cheap, and only ever a colour.
type lineLexer struct {
	lx chroma.Lexer // nil: no lexer knows the file
}

func newLineLexer(name string) *lineLexer {
	lx := lexers.Match(name)
	if lx != nil {
		lx = chroma.Coalesce(lx)
	}
	return &lineLexer{lx: lx}
}

// tokens splits a (sanitised) line into classed runs; nil when it cannot.
func (l *lineLexer) tokens(line string) []token {
	if l.lx == nil || line == "" {
		return nil
	}
	it, err := l.lx.Tokenise(nil, line)
	if err != nil {
		return nil
	}
	var out []token
	pos := 0
	for t := it(); t != chroma.EOF; t = it() {
		v := t.Value
		if pos+len(v) > len(line) {
			v = v[:len(line)-pos] // the newline lexers add at the end
		}
		end := pos + len(v)
		if line[pos:end] != v {
			return nil // the lexer rewrote the text: show it plain
		}
		if c := classOf(t.Type); c != plain {
			if n := len(out); n > 0 && out[n-1].cls == c && out[n-1].end == pos {
				out[n-1].end = end
			} else {
				out = append(out, token{pos, end, c})
			}
		}
		pos = end
		if pos == len(line) {
			break
		}
	}
	return out
}

func classOf(t chroma.TokenType) class {
	switch {
	case t.InCategory(chroma.Comment):
		return comment
	case t.InCategory(chroma.Keyword):
		if t == chroma.KeywordType {
			return typeName
		}
		return keyword
	case t.InSubCategory(chroma.LiteralString):
		return str
	case t.InSubCategory(chroma.LiteralNumber):
		return number
	case t == chroma.NameBuiltin || t.InSubCategory(chroma.NameFunction):
		return function
	case t == chroma.NameClass || t == chroma.NameVariable:
		return typeName
	case t.InCategory(chroma.Operator):
		return operator
	}
	return plain
}
