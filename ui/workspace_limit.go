package ui

import (
	"fmt"
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/session"
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
		if claudeUp(t) {
			up++
		}
	}
	over := up - m.maxRunning()
	if over <= 0 {
		return nil // the usual case, on every update: nothing to build
	}
	var idle []*tab
	for _, t := range m.tabs.all {
		if t != m.tabs.front && stoppable(t) {
			idle = append(idle, t)
		}
	}
	slices.SortFunc(idle, func(a, b *tab) int { return a.used.Compare(b.used) })
	var cmds []tea.Cmd
	for _, t := range idle[:min(over, len(idle))] {
		cmds = append(cmds, m.cmdInTab(t, m.stopIdle))
	}
	return tea.Batch(cmds...)
}

// claudeUp reports whether t has a claude process, running or being started.
func claudeUp(t *tab) bool {
	return t.link.Running() || (t.opened && t.sess.Phase == session.PhaseRestarting)
}

// stoppable reports whether t's claude may be stopped to save resources: nothing of
// the user's or claude's is under way (its background tasks would die with it).
func stoppable(t *tab) bool {
	return t.link.Running() && !t.turn.Running && t.dialogs.Len() == 0 && t.sess.Phase == session.PhaseReady &&
		len(t.turn.Prompts.Queued) == 0 && len(t.turn.Prompts.Held) == 0 && t.tasks.RunningCount() == 0
}

// stopIdle stops the tab's claude; its next prompt resumes the conversation.
func (m *Model) stopIdle() tea.Cmd {
	cmd := m.link.Detach(nil)
	m.sess.Phase = session.PhaseExited
	m.ended = "stopped · resumes on your next prompt"
	m.notice(noticeInfo, fmt.Sprintf("claude stopped: at most %d sessions run at once · your next prompt resumes this conversation", m.maxRunning()))
	return cmd
}
