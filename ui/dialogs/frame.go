package dialogs

import (
	"fmt"
	"strings"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// boxFrame is the width the rounded border and its padding take.
const boxFrame = 4

// roomyBody is the body height from which blank separator lines are kept even when
// the body scrolls.
const roomyBody = 10

// frame lays out a dialog in a bordered box: a title line, a body that scrolls, a
// fixed foot (choices, text fields) and a key hint. Lines are built for the inner
// width beforehand and are never wider than it.
//
// What gives way on a small screen is the body: the foot (a question and its
// choices) is always shown whole. Only when even the foot does not fit does it
// scroll with the body, the selected choice kept in view.
type frame struct {
	title  string   // left of the title line
	badge  string   // right of the title line ("1 of 3")
	body   []string // scrolls when it does not fit
	foot   []string // always shown
	hint   []string // key hints, most important first
	danger bool
	fill   bool // take all the height given (large modals)
	// sticky is how many lines at the top of the body stay put while the rest of it
	// scrolls (a picker's filter, a question above its options).
	sticky int
	// focus is a body line that must stay visible (the option under the cursor),
	// when hasFocus is set.
	focus    int
	hasFocus bool
	// start is the body line the first view of a body too long for its rows begins
	// near (an Edit's first changed line), when hasStart is set.
	start    int
	hasStart bool
	// footFocus is the foot line of the selected choice, when hasFootFocus is set;
	// it matters only when the foot has to scroll.
	footFocus    int
	hasFootFocus bool
	// lazy, when set, is the body instead of body: lines built only when they
	// are on screen, for previews too big to render whole (a 20 MB Write).
	lazy *lazyLines
}

// lazyLines is a body of n lines, line i built on demand.
type lazyLines struct {
	n    int
	line func(i int) string
}

// bodyLen is the number of body lines, built or not.
func (f frame) bodyLen() int {
	if f.lazy != nil {
		return f.lazy.n
	}
	return len(f.body)
}

// bodyRange builds body lines [from, to).
func (f frame) bodyRange(from, to int) []string {
	if f.lazy == nil {
		return f.body[from:to]
	}
	out := make([]string, 0, to-from)
	for i := from; i < to; i++ {
		out = append(out, f.lazy.line(i))
	}
	return out
}

// scroll is the body's scroll position; View records how far it can go so that
// Update can clamp the keys that move it.
// changeRows is how much of a change a first view must show: the removed line and
// the added one after it.
const changeRows = 2

type scroll struct {
	offset  int
	max     int
	page    int
	started bool // the first view that had to scroll was placed (frame.start)
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

	if 1+len(f.foot)+1 > innerH { // title, foot, hint
		f = f.footInBody()
	}
	foot, hint := f.foot, f.hint
	room := max(innerH-(1+len(foot)+1), 0)
	// Blank lines around the body only when they cost no content: a body that does not
	// fit gets them only on a roomy screen. With room for one, it goes between the body
	// and the foot, which tells what is shown from what is asked.
	var sepTop, sepBottom bool
	n := f.bodyLen()
	switch {
	case n > 0 && (n <= room-2 || room-2 >= roomyBody):
		sepTop, sepBottom = true, true
	case n > 0 && n == room-1 && len(foot) > 0:
		sepBottom = true
	case n == 0 && room >= 1 && len(foot) > 0:
		sepTop = true
	}
	room -= lineIf(sepTop) + lineIf(sepBottom)

	bodyH := min(n, room)
	if f.fill {
		bodyH = room
	}
	// The sticky top stays when it leaves the rest a line and its indicator.
	sticky := f.sticky
	if sticky > bodyH-2 || n <= bodyH || f.lazy != nil {
		sticky = 0
	}
	top := f.bodyRange(0, sticky)
	restN := n - sticky
	restH := bodyH - sticky
	focus := f.focus - sticky
	var visible []string
	indicator := ""
	sc.max, sc.page = 0, max(restH, 1)
	if restN > restH {
		show := max(restH-1, 0)
		if restH == 1 {
			show = 1 // no row for the indicator: it goes in front of the key hints
		}
		sc.max, sc.page = restN-show, max(show, 1)
		if !sc.started {
			sc.started = true
			if at := f.start - sticky; f.hasStart && at+changeRows > show {
				// The change and the line after it in view, with the least scrolling
				// (never past one line of context above it).
				sc.offset = min(at-1, at+changeRows-show)
			}
		}
		if f.hasFocus && focus >= 0 && focus < restN {
			if focus < sc.offset {
				sc.offset = focus
			} else if focus >= sc.offset+show {
				sc.offset = focus - show + 1
			}
		}
		sc.offset = min(max(sc.offset, 0), sc.max)
		visible = f.bodyRange(sticky+sc.offset, sticky+sc.offset+show)
		above, below := sc.offset, restN-sc.offset-show
		if restH > 1 {
			indicator = scrollIndicator(above, below, inner, st)
		} else {
			hint = append([]string{scrollNote(above, below, st)}, hint...)
		}
	} else {
		sc.offset = 0
		visible = f.bodyRange(sticky, n)
	}

	lines := make([]string, 0, innerH)
	lines = append(lines, spread(f.title, f.badge, inner))
	if sepTop {
		lines = append(lines, "")
	}
	lines = append(lines, top...)
	lines = append(lines, visible...)
	if indicator != "" {
		lines = append(lines, indicator)
	}
	for len(lines) < 1+lineIf(sepTop)+bodyH {
		lines = append(lines, "") // fill mode
	}
	if sepBottom {
		lines = append(lines, "")
	}
	lines = append(lines, foot...)
	lines = append(lines, joinHints(hint, inner, st))
	for i, l := range lines {
		lines[i] = render.Truncate(l, inner)
	}

	box := st.Dialog.Box
	if f.danger {
		box = st.Dialog.BoxDanger
	}
	return box.Width(width).Render(strings.Join(lines, "\n"))
}

func lineIf(b bool) int {
	if b {
		return 1
	}
	return 0
}

// footInBody is the frame for a screen too short for its foot: the foot scrolls
// with the body rather than losing lines, and the selected choice stays in view.
func (f frame) footInBody() frame {
	n := f.bodyLen()
	if f.hasFootFocus {
		f.focus, f.hasFocus = n+f.footFocus, true
	}
	if f.lazy != nil {
		inner, foot := f.lazy, f.foot
		f.lazy = &lazyLines{n: n + len(foot), line: func(i int) string {
			if i < inner.n {
				return inner.line(i)
			}
			return foot[i-inner.n]
		}}
	} else {
		body := make([]string, 0, n+len(f.foot))
		f.body = append(append(body, f.body...), f.foot...)
	}
	f.foot, f.fill, f.sticky = nil, false, 0
	return f
}

func scrollIndicator(above, below, width int, st *themes.Styles) string {
	var parts []string
	if above > 0 {
		parts = append(parts, fmt.Sprintf("↑ %d above", above))
	}
	if below > 0 {
		parts = append(parts, fmt.Sprintf("↓ %d more %s", below, render.Plural(below, "line")))
	}
	parts = append(parts, "pgup/pgdn scroll")
	style := st.Subtle
	if below > 0 {
		style = st.Notice.Warning // part of what would run is not on screen
	}
	return style.Render(render.Truncate("── "+strings.Join(parts, " · ")+" ──", width))
}

// scrollNote is the scroll indicator in a few words, for the hint line of a body
// with no row to spare.
func scrollNote(above, below int, st *themes.Styles) string {
	switch {
	case below > 0:
		return st.Notice.Warning.Render(fmt.Sprintf("↓ %d more (pgdn)", below))
	case above > 0:
		return st.Subtle.Render(fmt.Sprintf("↑ %d above (pgup)", above))
	}
	return ""
}
