package render

import "os"

// The environment switches that turn off render's own reproductions of its
// libraries, so what each one saves can be measured (make bench-live with
// -env) and a suspected divergence checked against the library itself:
//
//	GCLAUDE_MARKDOWN=glamour  every document goes to glamour, not fastRender
//	GCLAUDE_GOLEXER=chroma    Go code is lexed by chroma, not lexGo
//
// They are read once, at start.
var (
	fastMarkdownOn = os.Getenv("GCLAUDE_MARKDOWN") != "glamour"
	goLexerOn      = os.Getenv("GCLAUDE_GOLEXER") != "chroma"
)
