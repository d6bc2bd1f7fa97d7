package process

import (
	"encoding/json"

	"github.com/gclaude/gclaude/protocol"
)

// Event is something the session reports. The set is closed: Ready, InitFailed, Message,
// PermissionRequest, ElicitationRequest, Cancelled, DecodeError and Exited; under the
// session server also Attached, Prompt, Answered, Live and Notice (server_events.go).
//
// Replayed, where an event has it, marks what Attach replays from the server's record:
// it happened before this CLI attached. A screen rebuilds the session from it without
// notifying or answering again; a request replayed and not Answered later in the replay
// still waits (Live lists those).
type Event interface{ isEvent() }

// Ready reports the CLI's answer to initialize: models, commands, agents, account.
type Ready struct {
	Init     *protocol.InitializeResponse
	Replayed bool
}

// InitFailed reports that initialize failed or timed out. The session may still work
// (the CLI does not require initialize), but without its models and commands.
type InitFailed struct{ Err error }

// Message is an ordinary stdout message (everything except control traffic the session
// handles itself, and keep_alive).
type Message struct {
	Msg      protocol.Message
	Replayed bool
}

// PermissionRequest asks whether a tool may run (also ExitPlanMode and AskUserQuestion).
// Answer it with CLI.RespondPermission; a Cancelled event for the same id withdraws it.
type PermissionRequest struct {
	Req      *protocol.CanUseTool
	Replayed bool
}

// ElicitationRequest is an MCP server asking the user for input; answer it with
// CLI.RespondElicitation.
type ElicitationRequest struct {
	Req      *protocol.Elicitation
	Replayed bool
}

// ElicitationResponse answers an elicitation: Action is "accept" (with Content matching
// the requested schema), "decline" or "cancel", as in MCP's ElicitResult.
type ElicitationResponse struct {
	Action  string          `json:"action"`
	Content json.RawMessage `json:"content,omitempty"`
}

// Cancelled reports that the CLI withdrew a request (typically after an interrupt);
// close its dialog. Responding to it afterwards returns ErrCancelled.
type Cancelled struct {
	RequestID string
	Replayed  bool
}

// DecodeError reports a stdout line that could not be decoded; the session goes on.
type DecodeError struct{ Err *protocol.DecodeError }

// Exited is the last event: the process has ended and its output has been read.
type Exited struct {
	Code      int    // exit code, -1 when killed by a signal
	Signal    string // e.g. "SIGKILL" when killed by a signal
	GotResult bool   // the last turn ended with a result (false: it was cut short, or none ran)
	Stderr    []string
	Err       error // why it ended, when not a clean exit 0
	Stopped   error // set when gclaude stopped the CLI itself, and why (e.g. *LineTooLongError)
	// Disconnected: claude ran on another host and the ssh connection was lost under
	// it (Err is then an *SSHError of Kind SSHDisconnected). The conversation is on the
	// host; resuming it once the host answers again continues it.
	Disconnected bool
	// RemotePID is claude's pid on the host when Disconnected (0 if it never said). A
	// lost connection does not stop the remote claude: without a terminal nothing sends
	// it SIGHUP, and it finishes the running turn first. Stop it with SSHHost.Kill
	// before resuming the conversation, so two claudes never write the same session.
	RemotePID int
	// Detached: Detach was called and claude runs on under the session server
	// (`gclaude ls` shows it, Attach rejoins it). Err is nil.
	Detached bool
}

func (Ready) isEvent()              {}
func (InitFailed) isEvent()         {}
func (Message) isEvent()            {}
func (PermissionRequest) isEvent()  {}
func (ElicitationRequest) isEvent() {}
func (Cancelled) isEvent()          {}
func (DecodeError) isEvent()        {}
func (Exited) isEvent()             {}
