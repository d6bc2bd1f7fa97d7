package process

import (
	"fmt"

	"github.com/gclaude/gclaude/protocol"
)

// Respond answers a CLI→host request: a permission request with protocol.PermissionAllow
// or protocol.PermissionDeny, an elicitation with ElicitationResponse. It writes nothing
// and returns an error wrapping ErrUnknownRequest for an id that is not waiting (never
// asked, or answered already), ErrCancelled for one the CLI withdrew, or an encoding
// error for a decision of the wrong type (the request then stays answerable).
func (s *Session) Respond(requestID string, decision any) error {
	var line []byte
	err := s.inbound.claim(requestID, func(kind inboundKind) error {
		var err error
		line, err = encodeAnswer(requestID, kind, decision)
		return err
	})
	if err != nil {
		return fmt.Errorf("responding to %q: %w", requestID, err)
	}
	return <-s.w.send(line)
}

// RespondError answers a CLI→host request with an error (the model sees "Tool
// permission request failed: <message>"); the same checks as Respond apply.
func (s *Session) RespondError(requestID, message string) error {
	var line []byte
	err := s.inbound.claim(requestID, func(inboundKind) error {
		var err error
		line, err = protocol.EncodeControlError(requestID, message)
		return err
	})
	if err != nil {
		return fmt.Errorf("responding to %q: %w", requestID, err)
	}
	return <-s.w.send(line)
}

func encodeAnswer(id string, kind inboundKind, decision any) ([]byte, error) {
	switch kind {
	case kindElicitation:
		switch d := decision.(type) {
		case ElicitationResponse:
			return protocol.EncodeControlSuccess(id, d)
		case *ElicitationResponse:
			return protocol.EncodeControlSuccess(id, *d)
		}
		return nil, fmt.Errorf("%w: an elicitation takes an ElicitationResponse, not %T", protocol.ErrInvalidLine, decision)
	default:
		switch d := decision.(type) {
		case *protocol.PermissionAllow:
			decision = *d
		case *protocol.PermissionDeny:
			decision = *d
		}
		return protocol.EncodePermission(id, decision)
	}
}
