package session

import (
	"errors"
	"fmt"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/transcript"
)

// Notice is a line the root adds to the transcript; an empty Text means none.
type Notice struct {
	Kind string // transcript.NoticeInfo, NoticeWarn or NoticeError
	Text string
}

// Outcome says what a set_model answer means: the model in use after it ("" when it is
// still current, the one in use before) and the notice that says so.
func (msg ModelSet) Outcome(current string) (model string, n Notice) {
	if msg.Err != nil {
		var ce *process.ControlError
		if errors.As(msg.Err, &ce) && ce.Code == protocol.ErrCodeNotFound {
			still := ce.Model
			if still == "" {
				still = current
			}
			return ce.Model, Notice{transcript.NoticeError, fmt.Sprintf("model %q not found; still using %s", msg.Asked, still)}
		}
		return "", Notice{transcript.NoticeError, "could not switch the model: " + msg.Err.Error()}
	}
	model = msg.Got
	if model == "" {
		model = msg.Asked
	}
	return model, Notice{transcript.NoticeInfo, "model set to " + model}
}

// Outcome says what a set_permission_mode answer means: the mode now in effect ("" when
// it did not change) or the notice that says why not.
func (msg ModeSet) Outcome() (mode string, n Notice) {
	if msg.Err != nil {
		var ce *process.ControlError
		switch {
		case errors.As(msg.Err, &ce) && ce.Code == protocol.ErrCodeBypassNotLaunched:
			return "", Notice{transcript.NoticeError, "bypass permissions is only available when gclaude is started with --dangerously-skip-permissions"}
		case errors.As(msg.Err, &ce) && ce.Code == protocol.ErrCodeInvalidMode:
			return "", Notice{transcript.NoticeError, fmt.Sprintf("claude does not know the permission mode %q", msg.Asked)}
		default:
			return "", Notice{transcript.NoticeError, "could not switch the permission mode: " + msg.Err.Error()}
		}
	}
	mode = msg.Got
	if mode == "" {
		mode = msg.Asked
	}
	return mode, Notice{}
}

// ModelAnswered takes a set_model answer: the model in use after it, and the notice
// that says so.
func (s *State) ModelAnswered(msg ModelSet) Notice {
	model, n := msg.Outcome(s.Model)
	if model != "" {
		s.Model = model
	}
	return n
}

// ModeSettled takes a set_permission_mode answer: the mode in effect after it, and
// the notice that says why it did not change (none when it did).
func (s *State) ModeSettled(msg ModeSet) Notice {
	mode, n := msg.Outcome()
	s.SetMode(mode)
	return n
}

// DeclinedElicitation is the notice for an MCP server's request for input, which
// gclaude declines: it has no form for it yet, and an unanswered request would stall
// the turn.
func DeclinedElicitation(server, message string) Notice {
	return Notice{transcript.NoticeWarn, fmt.Sprintf("MCP server %s asked for input (%s); gclaude cannot show such forms yet, so it was declined",
		render.Sanitize(server), render.Sanitize(message))}
}
