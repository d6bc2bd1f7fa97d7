package render

import (
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestTextHelpers(t *testing.T) {
	for _, tt := range []struct{ got, want string }{
		{Plural(1, "file"), "file"},
		{Plural(0, "file"), "files"},
		{Truncate("abcdef", 4), "abc…"},
		{Truncate("abc", 3), "abc"},
		{Truncate("abc", 0), ""},
		{TruncateLeft("/a/b/file.go", 8), "…file.go"},
		{Pad("ab", 4), "ab  "},
		{Pad("abcdef", 3), "abc"},
		{Pad("\x1b[1mab\x1b[m", 3), "\x1b[1mab\x1b[m "},
		{Pad("ab", -1), ""},
		{OneLine(" one\ntwo \n"), "one ⏎ two"},
		{OrDefault("", "x"), "x"},
		{OrDefault("y", "x"), "y"},
	} {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
	for w := 0; w < 8; w++ {
		if got := ansi.StringWidth(Pad("日本語x", w)); got != w {
			t.Errorf("Pad to %d is %d cells wide", w, got)
		}
	}
}
