package render

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/themes"
)

func TestMarkdownForScrollbackKeepsParagraphsAndCode(t *testing.T) {
	para := "This paragraph is long enough to pass the edge of any eighty column terminal, so a renderer that wraps it would break it into rows."
	code := []string{"func main() {", "\tfmt.Println(\"hi\")  // two spaces kept", "}"}
	src := para + "\n\n```go\n" + strings.Join(code, "\n") + "\n```\n\nAfter the code."
	for _, kind := range []themes.Kind{themes.Dark, themes.Mono} {
		lines := MarkdownForScrollback(src, themes.New(kind))
		var plain []string
		var codeLines []string
		for _, l := range lines {
			p := ansi.Strip(l.Text)
			plain = append(plain, p)
			if l.Code {
				codeLines = append(codeLines, strings.TrimRight(p, " "))
			}
		}
		if plain[0] != para {
			t.Errorf("%v: the paragraph is not one line: %q", kind, plain[0])
		}
		want := []string{"func main() {", "    fmt.Println(\"hi\")  // two spaces kept", "}"}
		if strings.Join(codeLines, "\n") != strings.Join(want, "\n") {
			t.Errorf("%v: code lines = %q, want %q", kind, codeLines, want)
		}
		if plain[len(plain)-1] != "After the code." {
			t.Errorf("%v: last line = %q", kind, plain[len(plain)-1])
		}
	}
}

func TestSplitFencesUnclosed(t *testing.T) {
	segs := splitFences("a\n```\ncode\n")
	if len(segs) != 2 || segs[0].code || !segs[1].code {
		t.Fatalf("segments = %+v", segs)
	}
}
