package themes

import (
	"fmt"
	"image/color"
	"sync"

	"charm.land/glamour/v2/ansi"
	"charm.land/lipgloss/v2"
	"github.com/alecthomas/chroma/v2"
	chromastyles "github.com/alecthomas/chroma/v2/styles"
)

// markdownStyle derives the glamour style from the palette. The document
// block has no margin, prefix, suffix or colour: a coloured document makes
// glamour style every padding space separately, which multiplies the output
// size, and the transcript does its own indentation.
func markdownStyle(p Palette, kind Kind) ansi.StyleConfig {
	var (
		zero   = uint(0)
		one    = uint(1)
		two    = uint(2)
		t      = true
		f      = false
		quote  = "│ "
		isMono = kind == Mono
	)
	s := ansi.StyleConfig{
		// Body text takes its colour from its block, not from Text: a colour on
		// Text would win over every block's (headings, quotes).
		Paragraph:  ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Color: hexPtr(p.Text)}},
		BlockQuote: ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Color: hexPtr(p.Muted), Italic: &t}, Indent: &one, IndentToken: &quote},
		List:       ansi.StyleList{StyleBlock: ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Color: hexPtr(p.Text)}}, LevelIndent: 2},
		// Headings show their level by weight, slant and underline, never by "#"
		// marks: a rendered answer shows no markdown syntax. Colour only adds to
		// the attributes, so the levels stay apart in Mono too.
		Heading: ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{
			BlockSuffix: "\n", Color: hexPtr(p.Secondary), Bold: &t,
		}},
		H1:             ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Color: hexPtr(p.Primary), Underline: &t}},
		H2:             ansi.StyleBlock{},
		H3:             ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Color: hexPtr(p.Muted), Italic: &t}},
		H4:             ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Color: hexPtr(p.Muted), Bold: &f, Italic: &t, Underline: &t}},
		H5:             ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Color: hexPtr(p.Muted), Bold: &f, Italic: &t}},
		H6:             ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Color: hexPtr(p.Subtle), Bold: &f, Underline: &t}},
		Strikethrough:  ansi.StylePrimitive{CrossedOut: &t},
		Emph:           ansi.StylePrimitive{Italic: &t},
		Strong:         ansi.StylePrimitive{Bold: &t},
		HorizontalRule: ansi.StylePrimitive{Color: hexPtr(p.Border), Format: "\n────────\n"},
		Item:           ansi.StylePrimitive{BlockPrefix: "• "},
		Enumeration:    ansi.StylePrimitive{BlockPrefix: ". "},
		Task:           ansi.StyleTask{Ticked: "[✓] ", Unticked: "[ ] "},
		Link:           ansi.StylePrimitive{Color: hexPtr(p.Info), Underline: &t},
		LinkText:       ansi.StylePrimitive{Color: hexPtr(p.Secondary), Bold: &t},
		Image:          ansi.StylePrimitive{Color: hexPtr(p.Info), Underline: &t},
		ImageText:      ansi.StylePrimitive{Color: hexPtr(p.Muted), Format: "Image: {{.text}} →"},
		Code: ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{
			// Non-breaking spaces keep the padding glued to the code span.
			Prefix: "\u00a0", Suffix: "\u00a0",
			Color: hexPtr(p.CodeFg), BackgroundColor: hexPtr(p.CodeBg),
		}},
		CodeBlock: ansi.StyleCodeBlock{StyleBlock: ansi.StyleBlock{
			StylePrimitive: ansi.StylePrimitive{Color: hexPtr(p.Muted)},
			Margin:         &two,
		}},
		Table:                 ansi.StyleTable{StyleBlock: ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Color: hexPtr(p.Text)}}},
		DefinitionList:        ansi.StyleBlock{StylePrimitive: ansi.StylePrimitive{Color: hexPtr(p.Text)}},
		DefinitionDescription: ansi.StylePrimitive{BlockPrefix: "\n→ "},
	}
	s.Document.Margin = &zero
	if isMono {
		// Without colour a code span needs visible delimiters.
		s.Code.Prefix, s.Code.Suffix = "`", "`"
		s.BlockQuote.Italic = nil
		return s
	}
	s.CodeBlock.Theme = registerChroma(kind, p)
	return s
}

// hexPtr turns a palette colour into glamour's colour string; NoColor gives
// nil so glamour emits no colour at all.
func hexPtr(c color.Color) *string {
	if c == nil {
		return nil
	}
	if _, ok := c.(lipgloss.NoColor); ok {
		return nil
	}
	r, g, b, _ := c.RGBA()
	s := fmt.Sprintf("#%02X%02X%02X", r>>8, g>>8, b>>8)
	return &s
}

var chromaOnce sync.Map // style name → *sync.Once

// registerChroma registers a chroma style for the palette under a name of
// our own. Glamour registers its Chroma config under one global name the
// first time it is used, so dark and light could not coexist through it.
func registerChroma(kind Kind, p Palette) string {
	name := "gclaude-" + kind.String()
	once, _ := chromaOnce.LoadOrStore(name, new(sync.Once))
	once.(*sync.Once).Do(func() {
		h := func(c color.Color, extra string) string {
			v := hexPtr(c)
			if v == nil {
				return extra
			}
			if extra == "" {
				return *v
			}
			return *v + " " + extra
		}
		chromastyles.Register(chroma.MustNewStyle(name, chroma.StyleEntries{
			chroma.Text:              h(p.Text, ""),
			chroma.Error:             h(p.Error, ""),
			chroma.Comment:           h(p.SyntaxComment, "italic"),
			chroma.CommentPreproc:    h(p.SyntaxKeyword, ""),
			chroma.Keyword:           h(p.SyntaxKeyword, ""),
			chroma.KeywordType:       h(p.SyntaxType, ""),
			chroma.Operator:          h(p.SyntaxOperator, ""),
			chroma.Punctuation:       h(p.Muted, ""),
			chroma.Name:              h(p.Text, ""),
			chroma.NameBuiltin:       h(p.SyntaxType, ""),
			chroma.NameTag:           h(p.SyntaxKeyword, ""),
			chroma.NameAttribute:     h(p.SyntaxFunction, ""),
			chroma.NameClass:         h(p.SyntaxType, "bold"),
			chroma.NameDecorator:     h(p.SyntaxType, ""),
			chroma.NameFunction:      h(p.SyntaxFunction, ""),
			chroma.LiteralNumber:     h(p.SyntaxNumber, ""),
			chroma.LiteralString:     h(p.SyntaxString, ""),
			chroma.GenericDeleted:    h(p.Error, ""),
			chroma.GenericInserted:   h(p.Success, ""),
			chroma.GenericEmph:       "italic",
			chroma.GenericStrong:     "bold",
			chroma.GenericSubheading: h(p.Muted, ""),
		}))
	})
	return name
}
