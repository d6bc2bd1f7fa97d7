package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"
)

// A reply that settled in a session in the background was never drawn; switching to
// it would render it whole in the first frame. Once every session is quiet, those
// replies are rendered off the update loop, so a switch draws at once. Waiting for
// quiet keeps this work out of the way of what streams.

// warmQuiet is how long every session must have been quiet first.
const warmQuiet = 300 * time.Millisecond

// warmDue asks to render the background sessions' settled replies.
type warmDue struct{}

func (warmDue) workspace() {}

// scheduleWarm asks for a warming after warmQuiet, unless one is asked for.
func (m *Model) scheduleWarm() tea.Cmd {
	if m.warmPending || !m.multi() {
		return nil
	}
	m.warmPending = true
	return m.after(warmQuiet, func(time.Time) tea.Msg { return warmDue{} })
}

func (warmDue) handle(m *Model) tea.Cmd {
	m.warmPending = false
	for _, t := range m.tabs.all {
		if t.Status().TurnRunning {
			return m.scheduleWarm() // something streams: later
		}
	}
	var cmds []tea.Cmd
	for _, t := range m.tabs.all {
		if t != m.tabs.front {
			cmds = append(cmds, scope(t.ID(), t.Warm()))
		}
	}
	return tea.Batch(cmds...)
}
