// Package session is one claude session as gclaude runs it (a conversation, the claude
// process that holds it, and what gclaude knows of both), without the root model: the
// Backend it drives and the Link that holds it (starting and closing claude, the
// tea.Cmds that call the Backend and the messages they report back with), the session
// and turn State the CLI's messages update, and resuming earlier conversations.
// Nothing here reads or writes the root model: each command captures the Backend and
// the generation it was made for, and every message carries that generation so the
// root can drop late answers from a replaced claude; State's methods return what else
// the root must do.
//
// In more detail: Link is the one hold on the Backend and its generation (start, adopt,
// detach, StopTask, every Backend call as a Cmd whose message carries the generation it
// was made for); ReadEvents does one blocking read, then takes what arrives within
// 4 ms. State holds the phase, ids, model and mode and Usage (costs across restarts,
// the context share); Turn holds whether a turn runs and the Prompts queued and held:
// Observe and Settled take a stdout message and return the prompts a turn took and
// whether a turn ended, Submit, SendHeld and Withdraw place a prompt. Beside them: the
// permission-mode cycle and /mode's list; what a set_model or set_permission_mode
// answer means (Outcome, ModelAnswered, ModeSettled: the new value and a Notice);
// how the CLI ended (ExitSummary, ExitText); resuming (ResumeOptions, List,
// LoadHistory → History and its notices, Resuming: the launch's pick and what a
// listing leads to).
package session

import (
	"context"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
)

// Backend is the claude a session drives. *process.CLI satisfies it; `gclaude replay`
// implements it from a capture file, and tests use a fake that records calls. Every
// method but Events and Init may block, so the root calls them from tea.Cmds only.
type Backend interface {
	// Events delivers claude's events in order; Exited is last, then it closes.
	Events() <-chan process.Event
	// Init is the CLI's initialize response, or nil until the Ready event.
	Init() *protocol.InitializeResponse
	// Send writes a user prompt.
	Send(in protocol.UserInput) error
	// Interrupt stops the running turn.
	Interrupt(ctx context.Context) error
	// SetModel switches the model and returns the one the CLI resolved.
	SetModel(ctx context.Context, model string) (string, error)
	// SetPermissionMode switches the mode and returns the one now in effect.
	SetPermissionMode(ctx context.Context, mode string) (string, error)
	// RespondPermission answers a can_use_tool request.
	RespondPermission(requestID string, d protocol.PermissionDecision) error
	// RespondElicitation answers an MCP elicitation.
	RespondElicitation(requestID string, r process.ElicitationResponse) error
	// RespondError answers a CLI request with an error.
	RespondError(requestID, message string) error
	// Request sends any other client→CLI control request.
	Request(ctx context.Context, req protocol.ClientRequest) (protocol.ControlResponseBody, error)
	// Close shuts the CLI down and waits until it is gone.
	Close() error
}

var _ Backend = (*process.CLI)(nil)

// StartRequest says how to start claude.
type StartRequest struct {
	// Resume continues the conversation with this session id (a restart after the CLI
	// exited); "" starts a new conversation (/clear).
	Resume string
	// ForkSession continues the resumed conversation under a new session id.
	ForkSession bool
	// Model and PermissionMode carry the user's current choices into the new claude;
	// "" means the launch flags' values.
	Model          string
	PermissionMode string
	// AddDirs are the folders added with /add-dir, passed as --add-dir.
	AddDirs []string
	// Dir is the folder claude works in ("": gclaude's own).
	Dir string
	// ResumeAt keeps the resumed conversation only up to this message uuid
	// (--resume-session-at: /rewind).
	ResumeAt string
	// Host runs claude on another machine over ssh ([user@]host[:port]; "": here).
	// Dir is then a folder on that host.
	Host string
	// Trusted: the user trusted the folder in this gclaude and Claude Code's record does
	// not say so (the home folder, whose answer is never written, or a record that could
	// not be written), so the start does not ask about it again.
	Trusted bool
}

// StartFunc starts a session. It may block (spawning a process), so the root calls it
// from a tea.Cmd. The root passes context.Background(): how long a session lives is
// the implementation's business (gclaude ties it to the program's own context).
type StartFunc func(ctx context.Context, req StartRequest) (Backend, error)
