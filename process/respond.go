package process

import (
	"fmt"

	"github.com/gclaude/gclaude/protocol"
)

// RespondPermission answers a can_use_tool request. It writes nothing and returns an error
// wrapping ErrUnknownRequest for an id that is not waiting (never asked, or answered
// already), ErrCancelled for one the CLI withdrew, or an encoding error (the request then
// stays answerable).
func (s *CLI) RespondPermission(requestID string, decision protocol.PermissionDecision) error {
	return s.answer(requestID, kindPermission, func() ([]byte, error) {
		return protocol.EncodePermission(requestID, decision)
	})
}

// RespondElicitation answers an MCP elicitation; the same checks as RespondPermission apply.
func (s *CLI) RespondElicitation(requestID string, r ElicitationResponse) error {
	return s.answer(requestID, kindElicitation, func() ([]byte, error) {
		return protocol.EncodeControlSuccess(requestID, r)
	})
}

// RespondError answers any CLI→client request with an error (for a permission request the
// model sees "Tool permission request failed: <message>"); the same checks apply.
func (s *CLI) RespondError(requestID, message string) error {
	return s.answer(requestID, anyKind, func() ([]byte, error) {
		return protocol.EncodeControlError(requestID, message)
	})
}

// answer claims a waiting request of the wanted kind, encodes the reply and writes it.
func (s *CLI) answer(requestID string, want inboundKind, encode func() ([]byte, error)) error {
	var line []byte
	err := s.inbound.claim(requestID, func(kind inboundKind) error {
		if want != anyKind && kind != want {
			return fmt.Errorf("%w: request is a %s, not a %s", protocol.ErrInvalidLine, kind, want)
		}
		var err error
		line, err = encode()
		return err
	})
	if err != nil {
		return fmt.Errorf("responding to %q: %w", requestID, err)
	}
	return <-s.w.send(line)
}
