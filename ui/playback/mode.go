package playback

import (
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/ui/status"
)

// Mode is what differs between a live session (Live) and a recording played back
// (Replay). A session asks its mode wherever the two part ways instead of checking a
// flag; the live mode leaves the usual handling alone.
type Mode interface {
	// Event runs before the usual handling of ev; done means ev is fully handled.
	Event(h Session, ev process.Event) (cmd tea.Cmd, done bool)
	// Key handles the mode's own keys; done is false for every other key.
	Key(h Session, msg tea.KeyPressMsg) (cmd tea.Cmd, done bool)
	// Enter handles enter on the prompt holding text; done is false to let the usual
	// handling send it.
	Enter(h Session, text string) (cmd tea.Cmd, done bool)
	// Status adjusts the status bar the usual way filled in.
	Status(h Session, st *status.State)
	// Help is the mode's own help line; ok is false when the usual one is shown.
	Help(h Session) (keys [][2]string, ok bool)
	// Refuse reports whether err of a Backend call is the mode's refusal (and says so);
	// what names what cannot be done, as in "prompts are not sent".
	Refuse(h Session, err error, what string) bool
	// Command reports whether the slash command name is refused (and says so).
	Command(h Session, name string) (refused bool)
	// Recording is true when a recording plays: nothing is answered (dialogs only
	// close) and the playback keys apply.
	Recording() bool
}

// Live is a session with a real claude behind it: the usual handling throughout.
type Live struct{}

func (Live) Event(Session, process.Event) (tea.Cmd, bool) { return nil, false }
func (Live) Key(Session, tea.KeyPressMsg) (tea.Cmd, bool) { return nil, false }
func (Live) Enter(Session, string) (tea.Cmd, bool)        { return nil, false }
func (Live) Status(Session, *status.State)                {}
func (Live) Help(Session) ([][2]string, bool)             { return nil, false }
func (Live) Refuse(Session, error, string) bool           { return false }
func (Live) Command(Session, string) bool                 { return false }
func (Live) Recording() bool                              { return false }

var (
	_ Mode = Live{}
	_ Mode = (*Replay)(nil)
)
