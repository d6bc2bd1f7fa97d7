package session

import (
	"context"
	"errors"

	tea "charm.land/bubbletea/v2"
)

// CLIStarted reports a (re)started claude of generation Gen.
type CLIStarted struct {
	Gen     int
	Backend Backend
	Err     error
}

// errCannotStart is what Start reports where nothing can start a session.
var errCannotStart = errors.New("gclaude cannot start a new claude session here")

// Start runs start for session generation gen; a nil start reports that it cannot.
func Start(start StartFunc, gen int, req StartRequest) tea.Cmd {
	if start == nil {
		return func() tea.Msg { return CLIStarted{Gen: gen, Err: errCannotStart} }
	}
	return func() tea.Msg {
		b, err := start(context.Background(), req)
		return CLIStarted{Gen: gen, Backend: b, Err: err}
	}
}

// Close shuts b down in the background; done says what to report.
func Close(b Backend, done tea.Msg) tea.Cmd {
	if b == nil {
		return func() tea.Msg { return done }
	}
	return func() tea.Msg {
		_ = b.Close()
		return done
	}
}
