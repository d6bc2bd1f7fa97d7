package dialogs

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// diffViewMaxWidth leaves a diff the width of a wide terminal.
const diffViewMaxWidth = 160

// DiffView shows what a session changed (`d` in the session picker) in the picker's
// place, read-only: the session's own transcript is not touched. It opens at once and
// says it is reading; the diff arrives as DiffLoaded.
type DiffView struct {
	env    Env
	id     uint64
	name   string // the session's name, sanitised
	loaded bool
	lines  []string // git's output, one a line
	err    string
	scroll scroll
}

// DiffLoaded delivers the diff of the DiffView with that id.
type DiffLoaded struct {
	ID   uint64
	Text string
	Err  error
}

// NewDiffView waits for the diff of the session named name.
func NewDiffView(name string, env Env) *DiffView {
	return &DiffView{env: env, id: newID(), name: oneLine(name)}
}

// ID names the view for its DiffLoaded.
func (d *DiffView) ID() uint64 { return d.id }

// Init does nothing: the view decides nothing.
func (d *DiffView) Init() tea.Cmd { return nil }

// RequestID is "": the view answers no request.
func (d *DiffView) RequestID() string { return "" }

// Update takes the diff, scrolls, and closes on esc or enter.
func (d *DiffView) Update(msg tea.Msg) (Action, tea.Cmd) {
	switch msg := msg.(type) {
	case DiffLoaded:
		if msg.ID == d.id {
			d.loaded = true
			if msg.Err != nil {
				d.err = msg.Err.Error()
			}
			if t := strings.TrimRight(msg.Text, "\n"); t != "" {
				d.lines = strings.Split(t, "\n")
			}
		}
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			d.scroll.by(-3)
		case tea.MouseWheelDown:
			d.scroll.by(3)
		}
	case tea.KeyPressMsg:
		k := d.env.Keys
		switch {
		case key.Matches(msg, k.Picker.Close), key.Matches(msg, k.Picker.Choose):
			return Dismiss{}, nil
		case key.Matches(msg, k.Picker.Up):
			d.scroll.by(-1)
		case key.Matches(msg, k.Picker.Down):
			d.scroll.by(1)
		case key.Matches(msg, k.Dialog.ScrollUp):
			d.scroll.pageUp()
		case key.Matches(msg, k.Dialog.ScrollDown):
			d.scroll.pageDown()
		}
	}
	return nil, nil
}

// View draws the diff in at most width×height cells, the lines in view only.
func (d *DiffView) View(width, height int) string {
	st := d.env.Styles()
	w := boxWidth(width, diffViewMaxWidth)
	f := frame{title: st.Dialog.Title.Render("Changes in " + d.name), fill: true,
		hint: hintLine(st, [2]string{"↑↓ pgup/pgdn", "scroll"}, [2]string{d.env.Keys.Picker.Close.Help().Key, "close"})}
	switch {
	case !d.loaded:
		f.body = []string{st.Muted.Render("reading the diff…")}
	case d.err != "":
		f.body = styledWrap(clean(d.err), w-boxFrame, st.Notice.Error)
	case len(d.lines) == 0:
		f.body = []string{st.Muted.Render("no changes")}
	default:
		f.badge = diffCounts(d.lines, st)
		lines := d.lines
		f.lazy = &lazyLines{n: len(lines), line: func(i int) string { return diffLine(lines[i], st) }}
	}
	return f.render(w, height, &d.scroll, st)
}

// diffLine styles one line of git's unified diff; its text is sanitised.
func diffLine(l string, st *themes.Styles) string {
	text := render.Sanitize(l)
	switch {
	case strings.HasPrefix(l, "diff --git"), strings.HasPrefix(l, "+++"), strings.HasPrefix(l, "---"):
		return st.Diff.Path.Render(text)
	case strings.HasPrefix(l, "@@"):
		return st.Diff.Hunk.Render(text)
	case strings.HasPrefix(l, "+"):
		return st.Diff.Added.Render(text)
	case strings.HasPrefix(l, "-"):
		return st.Diff.Removed.Render(text)
	}
	return st.Diff.Context.Render(text)
}

// diffCounts is "+A −R": the lines added and removed.
func diffCounts(lines []string, st *themes.Styles) string {
	added, removed := 0, 0
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "+++"), strings.HasPrefix(l, "---"):
		case strings.HasPrefix(l, "+"):
			added++
		case strings.HasPrefix(l, "-"):
			removed++
		}
	}
	return st.Diff.Added.Render(fmt.Sprintf("+%d", added)) + " " + st.Diff.Removed.Render(fmt.Sprintf("−%d", removed))
}

var _ Dialog = (*DiffView)(nil)
