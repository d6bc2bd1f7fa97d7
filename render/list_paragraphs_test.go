package render

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/themes"
)

func TestJoinListParagraphs(t *testing.T) {
	tests := []struct{ in, want string }{
		{"1. **Install**\n\n   Run it.\n", "1. **Install**  \n   Run it.\n"},
		{"- a\n\n  para two\n- b\n", "- a  \n  para two\n- b\n"},
		{"- a\n\n- b\n", "- a\n\n- b\n"},                                           // loose list, separate items
		{"- a\n\nnot in the list\n", "- a\n\nnot in the list\n"},                   // list ended
		{"- a\n\n      code\n", "- a\n\n      code\n"},                             // indented code in the item
		{"- a\n\n  ```\n  x\n\n  y\n  ```\n", "- a\n\n  ```\n  x\n\n  y\n  ```\n"}, // fence in the item
		{"para\n\n  indented\n", "para\n\n  indented\n"},                           // no list
		{"- a\n  - b\n\n    more b\n", "- a\n  - b  \n    more b\n"},               // nested item
	}
	for _, tt := range tests {
		if got := joinListParagraphs(tt.in); got != tt.want {
			t.Errorf("joinListParagraphs(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestListItemParagraphsStaySeparate(t *testing.T) {
	out := ansi.Strip(Markdown("1. **Install**\n\n   Run it.\n2. Next\n", 40, themes.New(themes.Mono)))
	if !strings.Contains(out, "1. Install\n") || !strings.Contains(out, "Run it.") {
		t.Fatalf("list item paragraphs glued together:\n%s", out)
	}
}
