package render

import "testing"

func TestBlockScannerBoundary(t *testing.T) {
	tests := []struct {
		name, doc string
		want      int // byte offset of the latest stable boundary
	}{
		{"none yet", "one paragraph\nstill going\n", 0},
		{"after paragraph", "para\n\nnext\n", 6},
		{"latest wins", "a\n\nb\n\nc\n", 6},
		{"not inside fence", "a\n\n```\ncode\n\nmore\n", 3},
		{"after closed fence", "```\nx\n```\n\nafter\n", 11},
		{"tilde fence needs tildes", "~~~\n```\n\nx\n~~~\n\ny\n", 16},
		{"not before list item", "- a\n\n- b\n", 0},
		{"after list", "- a\n- b\n\npara\n", 9},
		{"not before indented line", "- a\n\n  more\n", 0},
		{"not before definition", "term\n\n: def\n", 0},
		{"not inside html comment", "<!--\n\nx\n-->\n", 0},
		{"after html block", "<div>\n\nx\n", 7},
		// Kind 1 ends at any of its closing tags, not only its own.
		{"script block ends at </pre>", "<script>\nx\n</pre>\n\ny\n", 19},
		{"<preview> is not a pre block", "<preview>\n\nx\n", 11},
		{"not inside a declaration", "<!DOCTYPE html\n\nx\n>\n", 0},
		// A fence line in what may be an HTML block: only a parse can tell.
		{"fence in a possible html block freezes", "<div>\n~~~\n\nx\n~~~\n\ny\n", 0},
		{"ref def disables", "a\n\nb\n\n[x]: http://y\n\nc\n", 0},
		{"indented fence then less indented line freezes", "p\n\n  ```\nx\n\ny\n  ```\n\nz\n", 0},
		{"list fence closes normally", "p\n\n1. a\n\n   ```\n   x\n   ```\n\nz\n", 29},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s blockScanner
			s.feed(tt.doc)
			if s.boundary != tt.want {
				t.Errorf("boundary = %d (%q), want %d (%q)", s.boundary, tt.doc[s.boundary:], tt.want, tt.doc[min(tt.want, len(tt.doc)):])
			}
		})
	}
}
