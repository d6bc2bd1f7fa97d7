package process

import (
	"errors"

	"github.com/gclaude/gclaude/protocol"
)

var (
	// ErrClosed means the session is closing or closed: stdin no longer takes lines.
	ErrClosed = errors.New("process: session closed")
	// ErrExited means the CLI process has exited (or closed its output), so a request
	// cannot be answered and nothing more can be written.
	ErrExited = errors.New("process: claude has exited")
	// ErrTimeout means the CLI did not answer a request in time.
	ErrTimeout = errors.New("process: claude did not answer in time")
	// ErrCancelled means the CLI withdrew the request being answered
	// (control_cancel_request); nothing was written.
	ErrCancelled = errors.New("process: claude cancelled this request")
	// ErrUnknownRequest means no CLI request with that id is waiting for an answer.
	ErrUnknownRequest = errors.New("process: no pending request with this id")
	// ErrDetached means this CLI detached from the session server: claude runs on
	// there, but nothing more goes through this CLI.
	ErrDetached = errors.New("process: detached from the session (claude runs on under the session server)")
	// ErrServerLost means the connection to the session server ended without claude's
	// exit. If the server was killed, claude ended with it and the conversation is in
	// its session files; otherwise `gclaude ls` still shows the session.
	ErrServerLost = errors.New("process: lost the session server (if it was killed, claude ended with it: resume the conversation from its session files)")
	// ErrNotOnServer: Detach, SetMeta and the like need a CLI the session server runs.
	ErrNotOnServer = errors.New("process: this claude does not run under the session server")
)

// ControlError is the CLI refusing a client request. Code is one of protocol.ErrCode*
// or empty; Model is the model still in use after a failed set_model.
type ControlError struct {
	Subtype string // the request's subtype, e.g. "set_model"
	Message string
	Code    string
	Model   string
}

func (e *ControlError) Error() string {
	msg := e.Message
	if msg == "" {
		msg = "request failed"
	}
	s := "claude refused " + e.Subtype + ": " + msg
	if e.Code != "" {
		s += " (" + e.Code + ")"
	}
	return s
}

func controlError(subtype string, b protocol.ControlResponseBody) *ControlError {
	return &ControlError{Subtype: subtype, Message: b.Error, Code: b.ErrorCode, Model: b.Model}
}
