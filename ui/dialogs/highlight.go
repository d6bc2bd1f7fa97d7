package dialogs

import (
	"strings"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/themes"
)

// span is a run of text in one style.
type span struct {
	text  string
	style lipgloss.Style
}

// shellSpans highlights a (clean) shell command with the palette's syntax colours.
// Lexing never fails the display: without a lexer the command is shown plain.
func shellSpans(cmd string, st *themes.Styles) []span {
	lx := lexers.Get("bash")
	if lx == nil {
		return []span{{cmd, st.Text}}
	}
	it, err := chroma.Coalesce(lx).Tokenise(nil, cmd)
	if err != nil {
		return []span{{cmd, st.Text}}
	}
	p := st.Palette
	var out []span
	for tok := it(); tok != chroma.EOF; tok = it() {
		style := st.Text
		switch t := tok.Type; {
		case t.InCategory(chroma.Comment):
			style = style.Foreground(p.SyntaxComment)
		case t.InCategory(chroma.Keyword):
			style = style.Foreground(p.SyntaxKeyword)
		case t.InSubCategory(chroma.LiteralString):
			style = style.Foreground(p.SyntaxString)
		case t.InSubCategory(chroma.LiteralNumber):
			style = style.Foreground(p.SyntaxNumber)
		case t == chroma.NameBuiltin || t.InSubCategory(chroma.NameFunction):
			style = style.Foreground(p.SyntaxFunction)
		case t == chroma.NameVariable:
			style = style.Foreground(p.SyntaxType)
		case t.InCategory(chroma.Operator) || t.InCategory(chroma.Punctuation):
			style = style.Foreground(p.SyntaxOperator)
		}
		out = append(out, span{tok.Value, style})
	}
	// chroma ends its output with a newline the command did not have.
	if n := len(out); n > 0 && !strings.HasSuffix(cmd, "\n") {
		out[n-1].text = strings.TrimSuffix(out[n-1].text, "\n")
	}
	return out
}

// layoutSpans lays styled spans out in lines of at most width cells, breaking at
// the width without dropping a single space: a command is shown exactly as it will
// run. Each line is styled on its own, so no style runs into the dialog border.
func layoutSpans(spans []span, width int) []string {
	width = max(width, 1)
	var lines []string
	var cur strings.Builder
	col := 0
	flush := func() {
		lines = append(lines, cur.String())
		cur.Reset()
		col = 0
	}
	for _, sp := range spans {
		for i, part := range strings.Split(sp.text, "\n") {
			if i > 0 {
				flush()
			}
			for part != "" {
				if col == width {
					flush()
				}
				piece := ansi.Truncate(part, width-col, "")
				if piece == "" { // a wide rune that does not fit the rest of the line
					flush()
					piece = ansi.Truncate(part, width, "")
					if piece == "" { // wider than the whole line: show it anyway
						_, size := utf8.DecodeRuneInString(part)
						piece = part[:size]
					}
				}
				cur.WriteString(sp.style.Render(piece))
				col += ansi.StringWidth(piece)
				part = part[len(piece):]
			}
		}
	}
	flush()
	return lines
}
