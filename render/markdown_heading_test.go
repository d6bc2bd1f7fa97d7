package render

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/themes"
)

// A rendered heading shows its words, not its markdown: no "#" marks. Each level
// looks different from the others and from body text in every theme, Mono
// included, where only bold, italics and underline can tell them apart.
func TestHeadingsShowNoMarkdownSyntax(t *testing.T) {
	for _, k := range []themes.Kind{themes.Dark, themes.Light, themes.Mono} {
		st := themes.New(k)
		seen := map[string]string{
			firstLine(Markdown("Release notes", 60, st)): "body text",
		}
		for level := 1; level <= 6; level++ {
			src := strings.Repeat("#", level) + " Release notes\n\nSome text."
			out := Markdown(src, 60, st)
			head := firstLine(out)
			if got := ansi.Strip(head); got != "Release notes" {
				t.Errorf("%v: H%d renders as %q, want just its words", k, level, got)
			}
			if strings.Contains(ansi.Strip(out), "#") {
				t.Errorf("%v: H%d shows a # mark:\n%s", k, level, ansi.Strip(out))
			}
			name := "H" + string(rune('0'+level))
			if other, ok := seen[head]; ok {
				t.Errorf("%v: %s looks the same as %s: %q", k, name, other, head)
			}
			seen[head] = name
		}
	}
}

func TestSetextHeadingShowsNoUnderlineMarks(t *testing.T) {
	out := ansi.Strip(Markdown("Release notes\n=============\n\nIntro.\n\nDetails\n-------\n\nMore.", 60, themes.New(themes.Mono)))
	if strings.ContainsAny(out, "=#") || strings.Contains(out, "---") {
		t.Errorf("setext headings show markdown marks:\n%s", out)
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
