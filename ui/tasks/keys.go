package tasks

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// HandleKey handles a key while the pane has focus. handled is false for
// keys the pane does not use, which the root may then handle itself. While
// a stop waits for its confirmation every key is taken: y stops, n or esc
// keeps the task running.
func (p *Pane) HandleKey(msg tea.KeyPressMsg) (act Action, handled bool) {
	if p.confirming != "" {
		return p.confirmKey(msg), true
	}
	k := p.keys.Tasks
	switch {
	case key.Matches(msg, k.Up):
		p.move(-1)
	case key.Matches(msg, k.Down):
		p.move(1)
	case key.Matches(msg, k.Open):
		if id := p.Selected(); id != "" {
			p.Open(id)
		}
	case key.Matches(msg, k.Stop):
		p.askStop()
	case key.Matches(msg, k.Cycle):
		if len(p.open) > 0 {
			p.active = (p.active + 1) % len(p.open)
			p.selected = p.open[p.active]
		}
	case key.Matches(msg, k.Close):
		if len(p.open) == 0 {
			return Close{}, true
		}
		p.CloseTask(p.Active())
	case key.Matches(msg, p.keys.Global.PageUp):
		if sub := p.OpenView(); sub != nil {
			sub.PageUp()
		}
	case key.Matches(msg, p.keys.Global.PageDown):
		if sub := p.OpenView(); sub != nil {
			sub.PageDown()
		}
	default:
		return nil, false
	}
	return nil, true
}

// askStop starts the confirmation for the selected task if it can be
// stopped.
func (p *Pane) askStop() {
	t, ok := p.store.Task(p.Selected())
	if ok && t.Running() && !t.Stopping {
		p.confirming = t.ID
	}
}

// confirmKey answers the stop confirmation. Only an explicit y stops.
func (p *Pane) confirmKey(msg tea.KeyPressMsg) Action {
	id := p.confirming
	switch msg.String() {
	case "y", "Y":
		p.confirming = ""
		if t, ok := p.store.Task(id); ok && t.Running() {
			p.store.SetStopping(id, true)
			return StopTask{TaskID: id}
		}
	case "n", "N":
		p.confirming = ""
	default:
		if key.Matches(msg, p.keys.Tasks.Close) {
			p.confirming = ""
		}
	}
	return nil
}
