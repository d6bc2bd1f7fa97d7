package protocol

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Message is one decoded stdout line. The concrete type tells what it is; Kind names it
// as "type" or "type/subtype" for logs and diagnostics.
type Message interface {
	Kind() string
}

// Meta holds the fields most stdout messages carry.
type Meta struct {
	SessionID string `json:"session_id,omitempty"`
	UUID      string `json:"uuid,omitempty"`
}

// Unknown is any line whose type or subtype this package does not know. It keeps the raw
// line so a newer CLI never breaks the session and the UI can still show or log it.
type Unknown struct {
	Type    string
	Subtype string
	// RequestID is set for control_request lines of an unknown subtype: the client must still
	// answer them (with an error) or the CLI waits forever.
	RequestID string
	Raw       json.RawMessage
}

func (u *Unknown) Kind() string { return kind(u.Type, u.Subtype) }

// KeepAlive is a liveness heartbeat; receivers ignore it.
type KeepAlive struct{}

func (*KeepAlive) Kind() string { return "keep_alive" }

// DecodeError describes a stdout line that is not a JSON object. The session goes on.
type DecodeError struct {
	Line []byte
	Err  error
}

func (e *DecodeError) Error() string {
	const max = 120
	line := e.Line
	suffix := ""
	if len(line) > max {
		line, suffix = line[:max], fmt.Sprintf("… (%d bytes)", len(e.Line))
	}
	return fmt.Sprintf("malformed line from claude: %v: %q%s", e.Err, line, suffix)
}

func (e *DecodeError) Unwrap() error { return e.Err }

// decodeError keeps a copy of the line: readers reuse their buffers.
func decodeError(line []byte, err error) *DecodeError {
	return &DecodeError{Line: bytes.Clone(line), Err: err}
}

func kind(typ, subtype string) string {
	if subtype == "" {
		return typ
	}
	return typ + "/" + subtype
}
