package landing

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Update handles a key or a paste; it returns what the root should do (nil: nothing)
// and the field's Cmd.
func (p *Panel) Update(msg tea.Msg) (Action, tea.Cmd) {
	k := p.keys.Land
	press, isKey := msg.(tea.KeyPressMsg)
	if isKey && key.Matches(press, k.Cancel) {
		return Cancel{}, nil
	}
	switch p.state {
	case refused:
		switch {
		case isKey && key.Matches(press, k.Confirm):
			p.state = planning
			return Replan{}, nil
		case isKey && key.Matches(press, k.Rebase) && p.refusal != nil && p.refusal.Rebase != "":
			return AskRebase{Prompt: p.refusal.Rebase}, nil
		}
		return nil, nil
	case done:
		if isKey && key.Matches(press, k.Confirm) && !p.pr {
			return CloseWorktree{}, nil
		}
		return nil, nil
	case ready:
		return p.readyKey(msg)
	}
	return nil, nil
}

func (p *Panel) readyKey(msg tea.Msg) (Action, tea.Cmd) {
	k := p.keys.Land
	fields := p.fields()
	if press, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(press, k.Confirm):
			return p.carryOut(), nil
		case key.Matches(press, k.NextField) && len(fields) > 1:
			p.focus = (p.focus + 1) % len(fields)
			return nil, p.refocus()
		case key.Matches(press, k.PrevField) && len(fields) > 1:
			p.focus = (p.focus + len(fields) - 1) % len(fields)
			return nil, p.refocus()
		}
	}
	if len(fields) == 0 {
		return nil, nil
	}
	var cmd tea.Cmd
	before := p.message.Value() + "\x00" + p.title.Value() + "\x00" + p.body.Value()
	switch fields[p.focus] {
	case field(&p.message):
		p.message, cmd = p.message.Update(msg)
	case field(&p.title):
		p.title, cmd = p.title.Update(msg)
	case field(&p.body):
		p.body, cmd = p.body.Update(msg)
	}
	if p.message.Value()+"\x00"+p.title.Value()+"\x00"+p.body.Value() != before {
		p.edited = true
	}
	return nil, cmd
}

// carryOut is the action that does the plan, unless a field it needs is empty.
func (p *Panel) carryOut() Action {
	if p.pr {
		if strings.TrimSpace(p.title.Value()) == "" {
			p.failure = "the pull request needs a title"
			return nil
		}
		if len(p.prPlan.Uncommitted) > 0 && strings.TrimSpace(p.message.Value()) == "" {
			p.failure = "the commit needs a message"
			return nil
		}
		p.state, p.failure = working, ""
		return DoPR{Plan: p.prPlan, Message: p.message.Value(), Title: p.title.Value(), Body: p.body.Value()}
	}
	if len(p.plan.Uncommitted) > 0 && strings.TrimSpace(p.message.Value()) == "" {
		p.failure = "the commit needs a message"
		return nil
	}
	p.state, p.failure = working, ""
	return DoLand{Plan: p.plan, Message: p.message.Value()}
}
