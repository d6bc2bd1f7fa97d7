package dialogs

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/themes"
)

// gateMaxWidth keeps a question readable on wide screens.
const gateMaxWidth = 110

// gate is the core of the questions asked before claude starts in a folder (folder
// trust, a new MCP server): the arming guard, and choices whose first one, the safe
// No, is selected from the start. Enter answers the selected choice and esc answers
// No. There are no number keys (Claude Code's trust dialog hides its indexes) and ↑
// stops at the first choice, so only a move down and an enter after the keyboard was
// quiet can say Yes: a stray key never does.
type gate struct {
	guard   guard
	choices choices
	scroll  scroll
}

func newGate(env Env, items ...choice) gate {
	g := gate{guard: newGuard(newID(), env), choices: newChoices(items...)}
	g.choices.cursor = 0
	return g
}

// Init starts the arming quiet period.
func (g *gate) Init() tea.Cmd { return g.guard.start() }

// RequestID is "": a gate answers gclaude, not a request of claude's.
func (g *gate) RequestID() string { return "" }

// update handles a message; answered is the index of the choice answered, -1 for none.
func (g *gate) update(msg tea.Msg, k keymap.Dialog) (answered int, cmd tea.Cmd) {
	cmd, handled := g.guard.update(msg)
	if handled {
		return -1, cmd
	}
	switch msg := msg.(type) {
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			g.scroll.by(-3)
		case tea.MouseWheelDown:
			g.scroll.by(3)
		}
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, k.ScrollUp):
			g.scroll.pageUp()
		case key.Matches(msg, k.ScrollDown):
			g.scroll.pageDown()
		case !g.guard.ready():
			g.guard.swallow()
		case key.Matches(msg, k.Up):
			g.choices.cursor = max(g.choices.cursor-1, 0)
		case key.Matches(msg, k.Down):
			g.choices.cursor = min(g.choices.cursor+1, len(g.choices.items)-1)
		case key.Matches(msg, k.Choose):
			return g.choices.cursor, cmd
		case key.Matches(msg, k.Deny):
			return 0, cmd
		}
	}
	return -1, cmd
}

// render draws the question: body above, the choices below it, the keys last.
func (g *gate) render(f frame, width, height int, k keymap.Dialog, st *themes.Styles) string {
	inner := boxWidth(width, gateMaxWidth) - boxFrame
	dim := g.guard.arming()
	f.foot, f.footFocus = g.choices.lines(inner, dim, st, nil)
	f.hasFootFocus = true
	if dim {
		f.hint = armingHint(st)
	} else {
		f.hint = hintLine(st, [2]string{"↑↓", "select"}, k.Choose, [2]string{k.Deny.Help().Key, "no"}, k.ScrollDown)
	}
	return f.render(boxWidth(width, gateMaxWidth), height, &g.scroll, st)
}
