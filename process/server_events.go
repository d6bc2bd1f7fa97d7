package process

import (
	"github.com/gclaude/gclaude/internal/sessionwire"
	"github.com/gclaude/gclaude/protocol"
)

// Events only a CLI under the session server reports.

// Attached is the first event of Attach: the session as the server knows it (its
// metadata, the screen's draft among it) and how complete the replay that follows is.
type Attached struct {
	Session sessionwire.Info
	Replay  sessionwire.Replay
}

// Prompt is a user message written to claude's stdin by another screen attached to
// the same session, or (Replayed) by any screen before this one attached. A screen
// shows it as the user's prompt; claude does not echo prompts.
type Prompt struct {
	Msg      *protocol.User
	Replayed bool
}

// Answered is a CLI request answered by another screen, or (Replayed) before this CLI
// attached: close its dialog and show the decision; answering it here is refused.
type Answered struct {
	RequestID string
	Response  protocol.ControlResponseBody
	Replayed  bool
}

// Live ends Attach's replay: what follows happens now. Pending are the requests that
// still wait for an answer (their PermissionRequest or ElicitationRequest was replayed).
// DeltasLeftOut counts the stream events of turns that had ended that the replay left
// out: their assistant messages, replayed, hold the same text whole.
type Live struct {
	Pending       []string
	DeltasLeftOut int
}

// Notice is the session server telling this screen something: an answer dropped
// because the request was answered already (RequestID), recording stopped (the disk is
// full), a stdin line refused. Show Text.
type Notice struct {
	Kind      string // sessionwire.Notice*
	RequestID string
	Text      string
}

func (Attached) isEvent() {}
func (Prompt) isEvent()   {}
func (Answered) isEvent() {}
func (Live) isEvent()     {}
func (Notice) isEvent()   {}
