package transcript

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/themes"
)

// ID identifies an item of a transcript; AddUserPrompt returns one so the
// root can mark the prompt queued or not later.
type ID int

// item is one block of the transcript: a prompt, an answer, a thought, a
// tool call, a notice or a turn footer.
type item interface {
	base() *itemBase
	// render draws the item's lines at width cells. It is called only
	// when the cached lines are stale (see linesOf).
	render(width int, st *themes.Styles) []string
	// plain is the item's text without styling, for search and copy.
	plain() string
	// markdown is the item for a markdown export.
	markdown() string
}

// expander is implemented by items that can be expanded and collapsed.
type expander interface {
	canExpand() bool
}

// itemBase is what every item has: identity, a content version bumped on
// every change, the expanded flag, and the render cache.
type itemBase struct {
	id       ID
	ver      int
	expanded bool
	// hidden items take no lines (a streamed preview the CLI discarded).
	hidden bool
	cache  renderCache
	// lowered caches strings.ToLower(plain()) for search, by version.
	lowered    string
	loweredVer int
}

func (b *itemBase) base() *itemBase { return b }

// touch marks the content changed so the next draw re-renders it.
func (b *itemBase) touch() { b.ver++ }

// renderCache holds an item's lines and the inputs they were drawn from.
type renderCache struct {
	valid    bool
	ver      int
	width    int
	expanded bool
	st       *themes.Styles
	lines    []string
}

// linesOf returns the item's rendered lines, from the cache when nothing
// it depends on changed.
func linesOf(it item, width int, st *themes.Styles) []string {
	b := it.base()
	if b.hidden {
		return nil
	}
	c := &b.cache
	if c.valid && c.ver == b.ver && c.width == width && c.expanded == b.expanded && c.st == st {
		return c.lines
	}
	lines := it.render(width, st)
	if _, ok := it.(*textItem); !ok {
		// Renderers aim to fit, but at tiny widths fixed indents can
		// overflow; clip here, once per render. (Markdown lines are
		// fitted by the renderer; checking them would cost every frame.)
		for i, l := range lines {
			if ansi.StringWidth(l) > width {
				lines[i] = ansi.Truncate(l, width, "")
			}
		}
	}
	*c = renderCache{valid: true, ver: b.ver, width: width, expanded: b.expanded, st: st, lines: lines}
	return lines
}

// lowerPlain is the item's plain text in lower case, cached per version.
func lowerPlain(it item) string {
	b := it.base()
	if b.loweredVer != b.ver+1 {
		b.lowered = strings.ToLower(it.plain())
		b.loweredVer = b.ver + 1
	}
	return b.lowered
}

func expandable(it item) bool {
	e, ok := it.(expander)
	return ok && e.canExpand()
}

// splitRendered splits rendered text into lines; "" is no lines.
func splitRendered(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}
