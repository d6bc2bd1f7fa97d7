package session

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/transcript"
)

// Prompt is a user prompt on its way to the CLI: queued behind a turn, held while no
// session can take it, or sent.
type Prompt struct {
	UUID string
	// Context goes to the model before the text (`!` commands run since the last prompt).
	Context string
	ID      transcript.ID
	Text    string
	Images  []protocol.ImageSource
}

// Each command below runs one Backend call and reports back with its own message; Gen
// says which session generation made the call. With no Backend there is nothing to
// call, and the command is nil (SendPrompt excepted: the root checks before sending).

// PromptSent reports Backend.Send of Prompt.
type PromptSent struct {
	Gen    int
	Prompt Prompt
	Err    error
}

// Interrupted reports Backend.Interrupt.
type Interrupted struct {
	Gen int
	Err error
}

// Answered reports an answer to a CLI request (permission or elicitation).
type Answered struct {
	Gen       int
	RequestID string
	Err       error
}

// ModelSet reports Backend.SetModel: the model asked for and the one confirmed.
type ModelSet struct {
	Gen        int
	Asked, Got string
	Err        error
}

// ModeSet reports Backend.SetPermissionMode: the mode asked for and the one in effect.
type ModeSet struct {
	Gen        int
	Asked, Got string
	Err        error
}

// SendPrompt writes p to b, its context first.
func SendPrompt(b Backend, gen int, p Prompt) tea.Cmd {
	return func() tea.Msg {
		text := p.Text
		if p.Context != "" {
			text = p.Context + "\n\n" + text
		}
		err := b.Send(protocol.UserInput{Text: text, Images: p.Images, UUID: p.UUID})
		return PromptSent{Gen: gen, Prompt: p, Err: err}
	}
}

// Call runs call on b in a Cmd, nil without a Backend.
func Call(b Backend, gen int, call func(b Backend, gen int) tea.Msg) tea.Cmd {
	if b == nil {
		return nil
	}
	return func() tea.Msg { return call(b, gen) }
}

// Interrupt stops b's running turn.
func Interrupt(b Backend, gen int) tea.Cmd {
	return Call(b, gen, func(b Backend, gen int) tea.Msg {
		return Interrupted{Gen: gen, Err: b.Interrupt(context.Background())}
	})
}

// answer runs one of the Backend's Respond methods for request id.
func answer(b Backend, gen int, id string, respond func(b Backend) error) tea.Cmd {
	return Call(b, gen, func(b Backend, gen int) tea.Msg {
		return Answered{Gen: gen, RequestID: id, Err: respond(b)}
	})
}

// RespondPermission answers the can_use_tool request id with d.
func RespondPermission(b Backend, gen int, id string, d protocol.PermissionDecision) tea.Cmd {
	return answer(b, gen, id, func(b Backend) error { return b.RespondPermission(id, d) })
}

// RespondElicitation answers the MCP elicitation id with r.
func RespondElicitation(b Backend, gen int, id string, r process.ElicitationResponse) tea.Cmd {
	return answer(b, gen, id, func(b Backend) error { return b.RespondElicitation(id, r) })
}

// SetModel asks b to switch to model.
func SetModel(b Backend, gen int, model string) tea.Cmd {
	return Call(b, gen, func(b Backend, gen int) tea.Msg {
		got, err := b.SetModel(context.Background(), model)
		return ModelSet{Gen: gen, Asked: model, Got: got, Err: err}
	})
}

// SetMode asks b to switch to permission mode.
func SetMode(b Backend, gen int, mode string) tea.Cmd {
	return Call(b, gen, func(b Backend, gen int) tea.Msg {
		got, err := b.SetPermissionMode(context.Background(), mode)
		return ModeSet{Gen: gen, Asked: mode, Got: got, Err: err}
	})
}
