package ui

import (
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/ui/input"
	"github.com/gclaude/gclaude/ui/status"
)

// sessionMode is what differs between a live session and a recording played back
// (`gclaude replay`). The root asks its mode wherever the two part ways instead of
// checking a flag; the live mode leaves the usual handling alone.
type sessionMode interface {
	// event runs before the usual handling of ev; done means ev is fully handled.
	event(m *Model, ev process.Event) (cmd tea.Cmd, done bool)
	// key handles the mode's own keys; done is false for every other key.
	key(m *Model, msg tea.KeyPressMsg) (cmd tea.Cmd, done bool)
	// enter handles enter on the prompt; done is false to let the usual handling send.
	enter(m *Model) (cmd tea.Cmd, done bool)
	// status adjusts the status bar the usual way filled in.
	status(m *Model, st *status.State)
	// help is the mode's own help line; ok is false when the usual one is shown.
	help(m *Model) (keys [][2]string, ok bool)
	// refuse reports whether err of a Backend call is the mode's refusal (and says so);
	// what names what cannot be done, as in "prompts are not sent".
	refuse(m *Model, err error, what string) bool
	// command reports whether the slash command name is refused (and says so).
	command(m *Model, name string) (refused bool)
	// recording is true when a recording plays: nothing is answered (dialogs only
	// close) and the playback keys apply.
	recording() bool
}

// newSessionMode is the mode Options ask for.
func newSessionMode(opts Options) sessionMode {
	if opts.Replay {
		return &replayMode{}
	}
	return liveMode{}
}

// liveMode is a session with a real claude behind it: the usual handling throughout.
type liveMode struct{}

func (liveMode) event(*Model, process.Event) (tea.Cmd, bool) { return nil, false }
func (liveMode) key(*Model, tea.KeyPressMsg) (tea.Cmd, bool) { return nil, false }
func (liveMode) enter(*Model) (tea.Cmd, bool)                { return nil, false }
func (liveMode) status(*Model, *status.State)                {}
func (liveMode) help(*Model) ([][2]string, bool)             { return nil, false }
func (liveMode) refuse(*Model, error, string) bool           { return false }
func (liveMode) command(*Model, string) bool                 { return false }
func (liveMode) recording() bool                             { return false }

// isSessionCommand reports whether name is one of sessionCommands.
func isSessionCommand(name string) bool {
	return slices.ContainsFunc(sessionCommands(), func(c input.Command) bool { return c.Name == name })
}
