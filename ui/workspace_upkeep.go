package ui

import (
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/procmem"
	"github.com/gclaude/gclaude/ui/tab"
)

// The workspace's upkeep after every update, for the sessions behind the one in front:
// the limit of running claude processes, each claude's memory for the session list,
// and rendering the replies that settled behind, once every session is quiet.

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

// The memory of each session's claude, for the session list: measured every few
// seconds while there is more than one session, off the update loop.

// rssEvery paces the measurements: memory moves slowly, and an idle workspace must
// stay idle.
const rssEvery = 5 * time.Second

// rssDue asks for a measurement.
type rssDue struct{}

// rssMeasured delivers the RSS of each tab's claude, by tab id.
type rssMeasured map[int]int64

func (rssDue) workspace()      {}
func (rssMeasured) workspace() {}

// watchRSS starts the measurements unless they run (or one session is all there is).
func (m *Model) watchRSS() tea.Cmd {
	if m.rssWatching || !m.tabs.multi() {
		return nil
	}
	m.rssWatching = true
	return m.measureRSS()
}

// measureRSS reads the memory of every running claude in a Cmd.
func (m *Model) measureRSS() tea.Cmd {
	pids := map[int]int{}
	for _, t := range m.tabs.all {
		if pid := t.Status().PID; pid > 0 {
			pids[t.ID()] = pid
		}
	}
	return func() tea.Msg {
		out := rssMeasured{}
		for id, pid := range pids {
			if n, err := procmem.RSS(pid); err == nil {
				out[id] = n
			}
		}
		return out
	}
}

func (msg rssMeasured) handle(m *Model) tea.Cmd {
	m.rssChanged = false
	for _, t := range m.tabs.all {
		m.rssChanged = m.rssChanged || shownMB(t.Status().RSS) != shownMB(msg[t.ID()])
		t.SetRSS(msg[t.ID()])
	}
	if !m.tabs.multi() {
		m.rssWatching = false
		return nil
	}
	return m.after(rssEvery, func(time.Time) tea.Msg { return rssDue{} })
}

func (rssDue) handle(m *Model) tea.Cmd { return m.measureRSS() }

// shownMB is an RSS as the session list shows it (tabDetail): in whole megabytes, 0
// for none. A measurement that changes none of them leaves the screen as it was.
func shownMB(rss int64) int64 {
	if rss <= 0 {
		return 0
	}
	return (rss + 1<<19) >> 20
}

// rssRedraws reports whether msg, a measurement or the timer asking for one, changed
// what the screen shows: an idle workspace measures every few seconds and must not
// redraw every time (noteFrame).
func (m *Model) rssRedraws(msg tea.Msg) bool {
	_, measured := msg.(rssMeasured)
	return measured && m.rssChanged
}

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
	if m.warmPending || !m.tabs.multi() {
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
