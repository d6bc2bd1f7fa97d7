// Package landing is the landing panel (/land, /land --pr): it shows what landing a
// worktree will do (the branch it merges into and how, the commits, the commit message
// for what is uncommitted, editable; or, for a pull request, the remote and an editable
// title and body), does it on enter, and shows the outcome or why it cannot. It is a
// plain struct: the root plans and carries the plan out with internal/land in Cmds
// (Actions say when) and reports back.
package landing

import (
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/land"
	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/themes"
)

// Options build a Panel.
type Options struct {
	Keys  keymap.KeyMap
	Theme *themes.Ref
	PR    bool // /land --pr: push and open a pull request instead of merging
}

// state is where the panel is in its life.
type state int

const (
	planning state = iota // the plan is being worked out
	ready                 // the plan is shown, enter carries it out
	refused               // it cannot be done: why, and what to run
	working               // it is being carried out
	done                  // it was done
)

// Panel is the landing panel's state.
type Panel struct {
	keys  keymap.KeyMap
	theme *themes.Ref
	pr    bool
	state state

	plan    land.Plan
	prPlan  land.PRPlan
	refusal *land.Refusal
	failure string // the last attempt's error, shown over the plan

	message textarea.Model
	title   textinput.Model
	body    textarea.Model
	edited  bool // the user typed in a field: a new plan keeps their text
	focus   int  // index in fields()

	landed land.Landed
	opened land.PR
}

// New is a panel waiting for its plan.
func New(o Options) *Panel {
	st := o.Theme.Get()
	p := &Panel{keys: o.Keys, theme: o.Theme, pr: o.PR}
	p.message = newArea(st, o.Keys.Land.Newline, "the commit message")
	p.body = newArea(st, o.Keys.Land.Newline, "the pull request's description")
	p.title = textinput.New()
	p.title.Prompt = ""
	p.title.Placeholder = "the pull request's title"
	return p
}

// SetPlan shows a merge plan; the message the user edited stays.
func (p *Panel) SetPlan(pl land.Plan) tea.Cmd {
	p.plan, p.state, p.refusal, p.failure = pl, ready, nil, ""
	if !p.edited {
		p.message.SetValue(pl.Message)
	}
	return p.focusFirst()
}

// SetPRPlan shows a pull request plan; what the user edited stays.
func (p *Panel) SetPRPlan(pl land.PRPlan) tea.Cmd {
	p.prPlan, p.state, p.refusal, p.failure = pl, ready, nil, ""
	if !p.edited {
		p.message.SetValue(pl.Message)
		p.title.SetValue(pl.Title)
		p.body.SetValue(pl.Body)
	}
	return p.focusFirst()
}

// SetError shows why the plan cannot be made: a *land.Refusal names files and
// commands; any other error is shown as it is.
func (p *Panel) SetError(err error) {
	p.state, p.failure = refused, ""
	if r, ok := err.(*land.Refusal); ok {
		p.refusal = r
		return
	}
	p.refusal = &land.Refusal{Reason: err.Error()}
}

// Landed reports the outcome of a DoLand: done, or back to the plan with the error
// (a refusal found at the last moment shows as one).
func (p *Panel) Landed(l land.Landed, err error) {
	if err != nil {
		p.fail(err)
		return
	}
	p.state, p.landed = done, l
}

// Opened reports the outcome of a DoPR.
func (p *Panel) Opened(pr land.PR, err error) {
	if err != nil {
		p.fail(err)
		return
	}
	p.state, p.opened = done, pr
}

func (p *Panel) fail(err error) {
	if r, ok := err.(*land.Refusal); ok && len(r.Run) > 0 {
		p.state, p.refusal = refused, r
		return
	}
	p.state, p.failure = ready, err.Error()
}

// Editing reports whether a field has the keys: everything typed is text then.
func (p *Panel) Editing() bool { return p.state == ready && len(p.fields()) > 0 }

// field is one editable field.
type field interface {
	Focus() tea.Cmd
	Blur()
}

// fields are the editable fields of the plan shown, in tab order.
func (p *Panel) fields() []field {
	var out []field
	uncommitted := len(p.plan.Uncommitted) > 0
	if p.pr {
		uncommitted = len(p.prPlan.Uncommitted) > 0
	}
	if uncommitted {
		out = append(out, &p.message)
	}
	if p.pr {
		out = append(out, &p.title, &p.body)
	}
	return out
}

func (p *Panel) focusFirst() tea.Cmd {
	p.focus = 0
	return p.refocus()
}

func (p *Panel) refocus() tea.Cmd {
	var cmd tea.Cmd
	for i, f := range p.fields() {
		if i == p.focus {
			cmd = f.Focus()
		} else {
			f.Blur()
		}
	}
	return cmd
}

func newArea(st *themes.Styles, newline key.Binding, placeholder string) textarea.Model {
	ta := textarea.New()
	ta.ShowLineNumbers = false
	ta.Prompt = "│ "
	ta.Placeholder = placeholder
	ta.CharLimit = 0
	ta.MaxHeight = 0
	ta.KeyMap.InsertNewline = newline
	ta.SetHeight(4)
	styleArea(&ta, st)
	return ta
}
