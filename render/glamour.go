package render

import (
	"bytes"

	gansi "charm.land/glamour/v2/ansi"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// glamourRenderer is glamour's markdown renderer as glamour.TermRenderer
// sets it up (goldmark parsed as fastParser parses, glamour's ANSI renderer
// at its priority), with one step between parsing and rendering that the
// TermRenderer has no place for: literalize, so that raw HTML and entity
// references show as written. Not safe for concurrent use (glamour's
// renderer keeps state while converting).
type glamourRenderer struct {
	r renderer.Renderer
}

// glamourPriority is the priority glamour.NewTermRenderer gives its renderer.
const glamourPriority = 1000

func newGlamourRenderer(styles gansi.StyleConfig, wordWrap int, formatter string) *glamourRenderer {
	ar := gansi.NewRenderer(gansi.Options{WordWrap: wordWrap, Styles: styles, ChromaFormatter: formatter})
	return &glamourRenderer{r: renderer.NewRenderer(renderer.WithNodeRenderers(util.Prioritized(ar, glamourPriority)))}
}

// Render renders markdown as glamour does, raw HTML and entities literal.
func (g *glamourRenderer) Render(in string) (string, error) {
	src := []byte(in)
	doc := fastParser().Parse(text.NewReader(src))
	src = literalize(doc, src)
	var out bytes.Buffer
	if err := g.r.Render(&out, src, doc); err != nil {
		return "", err
	}
	return out.String(), nil
}
