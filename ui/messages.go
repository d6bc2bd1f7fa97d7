package ui

import (
	"time"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/ui/dialogs"
)

// Messages the root's commands report back with. Each carries the session generation
// it belongs to where a reply from an older session must be ignored.

// eventsMsg is one frame's worth of session events: one blocking read, then whatever
// else was ready (stream deltas coalesce here). closed means the channel ended.
type eventsMsg struct {
	gen    int
	events []process.Event
	closed bool
}

// sessionStartedMsg reports a (re)started session.
type sessionStartedMsg struct {
	gen     int
	backend Backend
	err     error
}

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
