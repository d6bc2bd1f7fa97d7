package dialogs

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// sampleDiff is git's diff of one file: a header, a hunk, a line removed and two added,
// one with an escape sequence a file could hold.
func sampleDiff(lines int) string {
	var b strings.Builder
	b.WriteString("diff --git a/notes.txt b/notes.txt\n--- a/notes.txt\n+++ b/notes.txt\n@@ -1,2 +1,3 @@\n first line\n-old line\n+new line\n+title \x1b]0;pwned\x07 set\n")
	for i := range lines {
		fmt.Fprintf(&b, "+more %d\n", i)
	}
	return b.String()
}

func loadedDiffView(text string, err error) func(*testing.T, Env) Dialog {
	return func(_ *testing.T, env Env) Dialog {
		d := NewDiffView("wt2", env)
		d.Update(DiffLoaded{ID: d.ID(), Text: text, Err: err})
		return d
	}
}

func init() {
	moreScreens = append(moreScreens,
		screen{name: "diff_view", build: loadedDiffView(sampleDiff(0), nil)},
		screen{name: "diff_view_long", build: loadedDiffView(sampleDiff(60), nil)},
		screen{name: "diff_view_reading", build: func(_ *testing.T, env Env) Dialog { return NewDiffView("wt2", env) }},
	)
}

// The view says it reads, then shows the diff it was sent (and no other view's),
// counts the lines added and removed, shows escapes as text, and closes on esc.
func TestDiffView(t *testing.T) {
	c := newClock()
	d := NewDiffView("wt2", testEnv(c))
	if view := stripped(d.View(100, 30)); !strings.Contains(view, "Changes in wt2") || !strings.Contains(view, "reading the diff…") {
		t.Fatalf("before the diff:\n%s", view)
	}
	d.Update(DiffLoaded{ID: d.ID() + 1, Text: sampleDiff(0)})
	if view := stripped(d.View(100, 30)); !strings.Contains(view, "reading the diff…") {
		t.Fatalf("another view's diff was taken:\n%s", view)
	}
	d.Update(DiffLoaded{ID: d.ID(), Text: sampleDiff(0)})
	raw := d.View(100, 30)
	view := stripped(raw)
	for _, want := range []string{"+2 −1", "-old line", "+new line", "@@ -1,2 +1,3 @@", "␛]0;pwned"} {
		if !strings.Contains(view, want) {
			t.Errorf("the diff lacks %q:\n%s", want, view)
		}
	}
	if strings.Contains(raw, "\x1b]0;") {
		t.Error("an escape sequence from the file reached the terminal")
	}
	if a := press(t, d, "esc"); a != (Dismiss{}) {
		t.Errorf("esc: %#v", a)
	}
	e := NewDiffView("wt2", testEnv(c))
	e.Update(DiffLoaded{ID: e.ID(), Err: errors.New("not a git repository")})
	if view := stripped(e.View(100, 30)); !strings.Contains(view, "not a git repository") {
		t.Errorf("the error is not said:\n%s", view)
	}
	n := NewDiffView("wt2", testEnv(c))
	n.Update(DiffLoaded{ID: n.ID()})
	if view := stripped(n.View(100, 30)); !strings.Contains(view, "no changes") {
		t.Errorf("an empty diff:\n%s", view)
	}
}
