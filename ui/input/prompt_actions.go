package input

import (
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
)

// Action is what the prompt asks the root to do, like a dialog's Action.
type Action interface{ promptAction() }

// Submit sends the draft as a prompt, with the images whose chips it holds. The
// draft is already cleared and in the history.
type Submit struct {
	Text   string
	Images []protocol.ImageSource
	// Shown is the draft as typed when it held paste chips (Text has their text in
	// their place); "" otherwise.
	Shown string
}

// RunCommand runs the slash command Name with Args. Text is what was typed, sent as a
// prompt (with Images) when the command is not one gclaude runs itself.
type RunCommand struct {
	Name, Args string
	Text       string
	Images     []protocol.ImageSource
}

// SendEmpty is enter on a blank draft (after the CLI exited it restarts it).
type SendEmpty struct{}

// Enter is enter in a read-only prompt (a replay): the draft is left as it is.
type Enter struct{ Text string }

// Interrupt is esc: stop the running turn.
type Interrupt struct{}

// FocusTranscript moves the keyboard to the transcript.
type FocusTranscript struct{}

// Quit is the quit key on an empty draft.
type Quit struct{}

// OpenHelp is the help key on an empty draft.
type OpenHelp struct{}

// Notice is something the user should read in the transcript: a file that could
// not be attached, an editor or history file that failed.
type Notice struct {
	Error bool // else a warning
	Text  string
}

func (Submit) promptAction()          {}
func (RunCommand) promptAction()      {}
func (SendEmpty) promptAction()       {}
func (Enter) promptAction()           {}
func (Interrupt) promptAction()       {}
func (FocusTranscript) promptAction() {}
func (Quit) promptAction()            {}
func (OpenHelp) promptAction()        {}
func (Notice) promptAction()          {}

// Msg is a message of the prompt's own commands (files listed, image read, editor
// closed, history loaded…); the root hands each back to Prompt.Update.
type Msg interface {
	update(p *Prompt) (Action, tea.Cmd)
}
