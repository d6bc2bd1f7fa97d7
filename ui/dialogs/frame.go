package dialogs

import (
	"fmt"
	"strings"

	"github.com/gclaude/gclaude/themes"
)

// boxFrame is the width the rounded border and its padding take.
const boxFrame = 4

// minBody is the fewest body lines worth showing.
const minBody = 3

// roomyBody is the body height from which blank separator lines are kept even when
// the body scrolls.
const roomyBody = 10

// frame lays out a dialog in a bordered box: a title line, a body that scrolls, a
// fixed foot (choices, text fields) and a key hint. Lines are built for the inner
// width beforehand and are never wider than it.
type frame struct {
	title  string   // left of the title line
	badge  string   // right of the title line ("1 of 3")
	body   []string // scrolls when it does not fit
	foot   []string // always shown
	hint   []string // key hints, most important first
	danger bool
	fill   bool // take all the height given (large modals)
	// focus is a body line that must stay visible (the option under the cursor),
	// when hasFocus is set.
	focus    int
	hasFocus bool
}

// scroll is the body's scroll position; View records how far it can go so that
// Update can clamp the keys that move it.
type scroll struct {
	offset int
	max    int
	page   int
}

func (s *scroll) by(n int) {
	s.offset = min(max(s.offset+n, 0), s.max)
}

func (s *scroll) pageUp()   { s.by(-max(s.page-1, 1)) }
func (s *scroll) pageDown() { s.by(max(s.page-1, 1)) }

// boxWidth is the dialog's outer width: all that is given up to limit.
func boxWidth(width, limit int) int {
	return max(min(width, limit), boxFrame+1)
}

// render draws the frame in at most width×height cells.
func (f frame) render(width, height int, sc *scroll, st *themes.Styles) string {
	inner := width - boxFrame
	innerH := max(height-2, 1)

	foot := f.foot
	fixed := 1 + len(foot) + 1 // title, foot, hint
	if fixed > innerH {
		// A tiny terminal: keep the title, the hint and the end of the foot.
		foot = foot[max(len(foot)-(innerH-2), 0):]
		fixed = 1 + len(foot) + 1
	}
	room := max(innerH-fixed, 0)
	// Blank lines around the body only when they cost no content: a body that does not
	// fit gets them only on a roomy screen.
	seps := 0
	switch {
	case len(f.body) > 0 && (len(f.body) <= room-2 || room-2 >= roomyBody):
		seps = 2
	case len(f.body) == 0 && room >= 1 && len(foot) > 0:
		seps = 1
	}
	room -= seps

	bodyH := min(len(f.body), room)
	if f.fill {
		bodyH = room
	}
	visible, indicator := f.body, ""
	sc.max, sc.page = 0, max(bodyH, 1)
	if len(f.body) > bodyH {
		show := max(bodyH-1, 0)
		if bodyH == 1 {
			show = 1 // no room for an indicator; the hint still says pgdn
		}
		sc.max, sc.page = len(f.body)-show, max(show, 1)
		if f.hasFocus && f.focus >= 0 && f.focus < len(f.body) {
			if f.focus < sc.offset {
				sc.offset = f.focus
			} else if f.focus >= sc.offset+show {
				sc.offset = f.focus - show + 1
			}
		}
		sc.offset = min(max(sc.offset, 0), sc.max)
		visible = f.body[sc.offset : sc.offset+show]
		if bodyH > 1 {
			indicator = scrollIndicator(sc.offset, len(f.body)-sc.offset-show, inner, st)
		}
	} else {
		sc.offset = 0
	}

	lines := make([]string, 0, innerH)
	lines = append(lines, spread(f.title, f.badge, inner))
	if seps > 0 {
		lines = append(lines, "")
	}
	lines = append(lines, visible...)
	if indicator != "" {
		lines = append(lines, indicator)
	}
	for len(lines) < 1+min(seps, 1)+bodyH {
		lines = append(lines, "") // fill mode
	}
	if seps > 1 {
		lines = append(lines, "")
	}
	lines = append(lines, foot...)
	lines = append(lines, joinHints(f.hint, inner, st))
	for i, l := range lines {
		lines[i] = fit(l, inner)
	}

	box := st.Dialog.Box
	if f.danger {
		box = st.Dialog.BoxDanger
	}
	return box.Width(width).Render(strings.Join(lines, "\n"))
}

func scrollIndicator(above, below, width int, st *themes.Styles) string {
	var parts []string
	if above > 0 {
		parts = append(parts, fmt.Sprintf("↑ %d above", above))
	}
	if below > 0 {
		parts = append(parts, fmt.Sprintf("↓ %d more %s", below, plural(below, "line")))
	}
	parts = append(parts, "pgup/pgdn scroll")
	style := st.Subtle
	if below > 0 {
		style = st.Notice.Warning // part of what would run is not on screen
	}
	return style.Render(fit("── "+strings.Join(parts, " · ")+" ──", width))
}
