package render

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/themes"
)

func TestMarkdownRendererCache(t *testing.T) {
	st := themes.New(themes.Dark)
	a := markdownRenderer(77, st)
	if markdownRenderer(77, st) != a {
		t.Fatal("same width and styles should reuse the renderer")
	}
	if markdownRenderer(78, st) == a || markdownRenderer(77, themes.New(themes.Dark)) == a {
		t.Fatal("a different width or styles needs its own renderer")
	}
	for w := range mdCacheSize + 2 {
		markdownRenderer(200+w, st)
	}
	if len(mdCache.m) > mdCacheSize {
		t.Fatalf("cache grew to %d entries", len(mdCache.m))
	}
}

func TestMarkdownHasNoPaddingOrEdges(t *testing.T) {
	for _, k := range []themes.Kind{themes.Dark, themes.Light, themes.Mono} {
		out := Markdown("```go\nx := 1\n```\n\n> quote\n\ntext\n", 60, themes.New(k))
		for i, l := range strings.Split(out, "\n") {
			if strings.HasSuffix(ansi.Strip(l), " ") {
				t.Errorf("%v: line %d keeps padding: %q", k, i, l)
			}
		}
		if strings.HasPrefix(out, "\n") || strings.HasSuffix(out, "\n") {
			t.Errorf("%v: blank edge lines: %q", k, out)
		}
	}
}

func TestTrimPadding(t *testing.T) {
	tests := []struct{ in, want string }{
		{"abc   ", "abc"},
		{"\x1b[1mabc\x1b[m\x1b[3m \x1b[m\x1b[3m \x1b[m", "\x1b[1mabc\x1b[m"},
		{"\x1b[1m  \x1b[m", ""},
		{"no padding", "no padding"},
		{"x\x1b]8;;http://y\x1b\\", "x\x1b]8;;http://y\x1b\\"},
	}
	for _, tt := range tests {
		if got := trimPadding(tt.in); got != tt.want {
			t.Errorf("trimPadding(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
