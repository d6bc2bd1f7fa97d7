package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/session"
)

// The root's tea.Cmds, and the messages they report back with (at the end). The
// commands below are the only places the root touches the session or the disk.
// None of them reads or writes the model: they capture what they need and report back
// with a message.

// tickEvery paces spinners and elapsed times.
const tickEvery = 100 * time.Millisecond

// quitWindow is how soon a second ctrl+c must follow the first to quit.
const quitWindow = 2 * time.Second

// after schedules a message; tests replace the timer to drive time by hand.
func (m *Model) after(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
	if m.opts.After != nil {
		return m.opts.After(d, fn)
	}
	return tea.Tick(d, fn)
}

// startTicking starts the animation tick unless it already runs.
func (m *Model) startTicking() tea.Cmd {
	if m.ticking || !m.animating() {
		return nil
	}
	m.ticking = true
	return m.after(tickEvery, func(t time.Time) tea.Msg { return tickMsg{at: t} })
}

// animating reports whether anything on screen moves with time.
func (m *Model) animating() bool {
	return m.turn.running || m.sess.phase == phaseStarting || m.sess.phase == phaseRestarting || m.transcript.Live() || m.tasks.Live()
}

// Messages the root's commands report back with. Each carries the session generation
// it belongs to where a reply from an older session must be ignored.

// eventsMsg is one frame's worth of session events (ui/session).
type eventsMsg = session.Events

// sessionStartedMsg reports a (re)started session (ui/session).
type sessionStartedMsg = session.Started

// sessionClosedMsg reports that Backend.Close returned (on quit).
type sessionClosedMsg struct{}

// dialogBuiltMsg delivers a dialog built in a Cmd for a permission request.
type dialogBuiltMsg struct {
	gen       int
	requestID string
	toolUseID string
	dialog    dialogs.Dialog
}

// tickMsg animates spinners and elapsed times.
type tickMsg struct{ at time.Time }

// hintExpiredMsg clears a one-off hint unless a newer one replaced it.
type hintExpiredMsg struct{ seq int }
