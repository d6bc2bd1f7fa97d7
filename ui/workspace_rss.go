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
		if p, ok := t.link.Backend().(interface{ PID() int }); ok && p.PID() > 0 {
			pids[t.id] = p.PID()
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
	for _, t := range m.tabs.all {
		t.rss = msg[t.id]
	}
	if !m.multi() {
		m.rssWatching = false
		return nil
	}
	return m.after(rssEvery, func(time.Time) tea.Msg { return rssDue{} })
}

func (rssDue) handle(m *Model) tea.Cmd { return m.measureRSS() }
