package ui

import (
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/tab"
)

// DefaultMaxRunning is how many claude processes a workspace keeps running at most.
const DefaultMaxRunning = 8

// maxRunning is the limit in effect.
func (m *Model) maxRunning() int {
	if n := m.opts.Workspace.MaxRunning; n > 0 {
		return n
	}
	return DefaultMaxRunning
}

// enforceRunningLimit stops the claude of the least recently used idle tabs while more
// run than the limit allows. It runs after every update, so the limit holds whenever a
// session goes idle, not only when the user switches. A claude still starting counts
// (a session just opened or shown). A tab that works, waits for the user, runs a
// background task, starts, or is in front is never stopped; a stopped one resumes its
// conversation on its next prompt.
func (m *Model) enforceRunningLimit() tea.Cmd {
	up := 0
	for _, t := range m.tabs.all {
		if t.Status().Up {
			up++
		}
	}
	over := up - m.maxRunning()
	if over <= 0 {
		return nil // the usual case, on every update: nothing to build
	}
	var idle []*tab.Tab
	for _, t := range m.tabs.all {
		if t != m.tabs.front && t.Status().Idle {
			idle = append(idle, t)
		}
	}
	slices.SortFunc(idle, func(a, b *tab.Tab) int { return a.Status().Used.Compare(b.Status().Used) })
	var cmds []tea.Cmd
	for _, t := range idle[:min(over, len(idle))] {
		cmds = append(cmds, m.tabDid(t, t.StopIdle(m.maxRunning())))
	}
	return tea.Batch(cmds...)
}
