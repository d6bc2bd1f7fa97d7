package status

import (
	"testing"

	"github.com/gclaude/gclaude/themes"
)

// The memo draws again exactly when the state, the width or the styles change.
func TestMemoRedrawsOnlyOnChange(t *testing.T) {
	dark, light := themes.New(themes.Dark), themes.New(themes.Light)
	st := State{Mode: "default", Model: "sonnet", CWD: "~/p"}
	var c Memo
	first := c.Render(st, 80, dark)
	if first != Render(st, 80, dark) {
		t.Fatal("the memo must draw what Render draws")
	}
	c.line = "memo" // marks the stored drawing, to see whether it is reused
	if c.Render(st, 80, dark) != "memo" {
		t.Fatal("equal inputs must reuse the last drawing")
	}
	for name, draw := range map[string]func() string{
		"state":  func() string { s := st; s.CostUSD = 1; return c.Render(s, 80, dark) },
		"width":  func() string { return c.Render(st, 100, dark) },
		"styles": func() string { return c.Render(st, 80, light) },
	} {
		c.Render(st, 80, dark)
		c.line = "memo"
		if draw() == "memo" {
			t.Errorf("a new %s must draw afresh", name)
		}
	}
}
