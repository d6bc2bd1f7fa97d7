package dialogs

import (
	"fmt"
	"strings"
	"testing"
	"unicode"
)

// readableSizes are the sizes at which every choice must read in full: the golden
// sizes, and what the root leaves a dialog in an 80×24 terminal.
var readableSizes = [][2]int{{80, 24}, {60, 15}, {120, 40}, {80, 19}}

// squeeze is a screen's text without styling, box borders or whitespace, so that a
// phrase wrapped over several lines is found whole.
func squeeze(s string) string {
	s = strings.ReplaceAll(stripped(s), "│", "")
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

// mustRead is what a user has to see of a dialog to answer it: every choice in its
// full words, and for a permission the question they answer. An editor open over
// the input replaces the choices until it is closed.
func mustRead(d Dialog) []string {
	var out []string
	switch d := d.(type) {
	case *Permission:
		if d.editing {
			return nil
		}
		out = append(out, d.question())
		for _, c := range d.choices.items {
			out = append(out, c.label+" "+c.detail)
		}
	case *PlanReview:
		if d.editing {
			return nil
		}
		for _, c := range d.choices.items {
			out = append(out, c.label+" "+c.detail)
		}
	case *Questions:
		if d.reviewing() {
			return nil
		}
		q := d.qs[d.page]
		out = append(out, q.Question)
		for _, o := range q.Options {
			out = append(out, o.Label+" "+o.Description)
		}
		out = append(out, "Other…")
	}
	return out
}

// A choice is what the user agrees to: at every supported size each one is on
// screen in full, wrapped rather than cut, and the preview gives way instead.
func TestEveryChoiceReadsInFull(t *testing.T) {
	for _, s := range screens() {
		for _, size := range readableSizes {
			t.Run(fmt.Sprintf("%s_%dx%d", s.name, size[0], size[1]), func(t *testing.T) {
				d, _ := openScreen(t, s)
				view := d.View(size[0], size[1])
				checkFits(t, view, size[0], size[1])
				got := squeeze(view)
				for _, want := range mustRead(d) {
					if !strings.Contains(got, squeeze(want)) {
						t.Errorf("%q is not on screen in full:\n%s", want, stripped(view))
					}
				}
			})
		}
	}
}

// A picker is a list that scrolls, but the row under the cursor is always whole:
// title and description, never cut.
func TestPickerRowUnderCursorReadsInFull(t *testing.T) {
	for _, s := range screens() {
		for _, size := range readableSizes {
			t.Run(fmt.Sprintf("%s_%dx%d", s.name, size[0], size[1]), func(t *testing.T) {
				d, _ := openScreen(t, s)
				p, ok := d.(*Picker)
				if !ok {
					t.Skip("not a picker")
				}
				for i, row := range p.visible() {
					p.cursor, p.follow = i, true
					view := p.View(size[0], size[1])
					for _, want := range []string{row.title, row.desc} {
						if !strings.Contains(squeeze(view), squeeze(want)) {
							t.Errorf("row %d: %q is not on screen in full:\n%s", i+1, want, stripped(view))
						}
					}
				}
			})
		}
	}
}
