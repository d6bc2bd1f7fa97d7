package help

import (
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/themes"
)

// A key that does not fit is left out; a shorter one after it still gets in, and the
// line is padded to the width.
func TestKeyLineSkipsWhatDoesNotFit(t *testing.T) {
	keys := [][2]string{{"enter", "send"}, {"ctrl+x", "a description far too long to fit"}, {"?", "help"}, {"", "2 dialogs waiting"}}
	got := ansi.Strip(KeyLine(keys, 30, themes.New(themes.Mono)))
	if want := " enter send · ? help          "; got != want {
		t.Fatalf("KeyLine = %q, want %q", got, want)
	}
	if got := ansi.Strip(KeyLine(keys, 80, themes.New(themes.Mono))); got[:len(" enter send · ctrl+x")] != " enter send · ctrl+x" || len(got) < 80 {
		t.Fatalf("wide line = %q", got)
	}
}
