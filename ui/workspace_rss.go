package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/procmem"
)

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
	if m.rssWatching || !m.multi() {
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
	if !m.multi() {
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
