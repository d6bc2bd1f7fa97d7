package ui

import (
	"crypto/rand"
	"fmt"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/process"
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

// waitEvents blocks for one event of the current session, then drains what is ready.
func (m *Model) waitEvents() tea.Cmd {
	if m.backend == nil {
		return nil
	}
	return m.readEvents(m.backend.Events(), m.gen)
}

// startSession runs StartFunc for a new session generation.
func (m *Model) startSession(req StartRequest) tea.Cmd {
	m.gen++
	m.backend = nil
	m.sess.phase = phaseRestarting
	req.AddDirs = slices.Clone(m.addedDirs) // /add-dir's folders outlive the process
	return session.Start(m.opts.Start, m.gen, req)
}

// blockingRead is the production event reader: one batch of events of session
// generation gen.
func blockingRead(ch <-chan process.Event, gen int) tea.Cmd {
	return func() tea.Msg {
		evs := session.ReadEvents(ch)
		return eventsMsg{gen: gen, events: evs, closed: evs == nil}
	}
}

// closeSession shuts a backend down in the background; done says what to report.
func closeSession(b Backend, done tea.Msg) tea.Cmd { return session.Close(b, done) }

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

// newUUID makes the uuid a prompt is sent with, so the CLI's command_lifecycle
// messages say when each queued prompt starts.
func newUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// Messages the root's commands report back with. Each carries the session generation
// it belongs to where a reply from an older session must be ignored.

// eventsMsg is one frame's worth of session events: one blocking read, then whatever
// else was ready (session.ReadEvents). closed means the channel ended.
type eventsMsg struct {
	gen    int
	events []process.Event
	closed bool
}

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
