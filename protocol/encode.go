package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// Everything written to the CLI's stdin goes through encodeLine: one bad line kills the
// CLI, so each line is checked to be exactly one valid JSON object with no newline.

// ErrInvalidLine means an encoder refused to produce a line the CLI would choke on.
var ErrInvalidLine = errors.New("protocol: refusing to write an invalid stdin line")

func encodeLine(v any) ([]byte, error) {
	b, err := json.Marshal(v) // Marshal escapes newlines and compacts RawMessage values
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalidLine, err)
	}
	if len(b) == 0 || b[0] != '{' || bytes.IndexByte(b, '\n') >= 0 || !json.Valid(b) {
		return nil, ErrInvalidLine
	}
	return append(b, '\n'), nil
}

// UserInput is a prompt from the client: text, optionally with images.
type UserInput struct {
	Text   string
	Images []ImageSource
	// UUID, when set, makes the CLI report command_lifecycle and tag replies with it.
	UUID string
}

type userLine struct {
	Type            string       `json:"type"`
	Message         userLineBody `json:"message"`
	ParentToolUseID *string      `json:"parent_tool_use_id"`
	SessionID       string       `json:"session_id"`
	UUID            string       `json:"uuid,omitempty"`
}

type userLineBody struct {
	Role    string `json:"role"`
	Content any    `json:"content"`
}

// EncodeUserMessage encodes a prompt. Plain text is sent as a string, as the SDKs do;
// with images it becomes a list of blocks (images first, then the text).
func EncodeUserMessage(in UserInput) ([]byte, error) {
	var content any = in.Text
	if len(in.Images) > 0 {
		blocks := make([]ContentBlock, 0, len(in.Images)+1)
		for i := range in.Images {
			blocks = append(blocks, ContentBlock{Type: BlockImage, Source: &in.Images[i]})
		}
		if in.Text != "" {
			blocks = append(blocks, ContentBlock{Type: BlockText, Text: in.Text})
		}
		content = blocks
	}
	return encodeLine(userLine{
		Type:    "user",
		Message: userLineBody{Role: "user", Content: content},
		UUID:    in.UUID,
	})
}

// EncodeControlRequest encodes a client→CLI request with the given id.
func EncodeControlRequest(id string, req ClientRequest) ([]byte, error) {
	if id == "" {
		return nil, fmt.Errorf("%w: empty request_id", ErrInvalidLine)
	}
	body, err := json.Marshal(req)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalidLine, err)
	}
	// Merge "subtype" into the request object: the CLI reads it from there.
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(body, &fields); err != nil {
		return nil, fmt.Errorf("%w: request is not an object: %v", ErrInvalidLine, err)
	}
	if fields == nil {
		fields = map[string]json.RawMessage{}
	}
	fields["subtype"], _ = json.Marshal(req.Subtype())
	return encodeLine(struct {
		Type      string                     `json:"type"`
		RequestID string                     `json:"request_id"`
		Request   map[string]json.RawMessage `json:"request"`
	}{"control_request", id, fields})
}

// PermissionAllow lets a tool run. UpdatedInput replaces the tool's input (send the
// original to run it unchanged); UpdatedPermissions grants rules or modes for later calls.
type PermissionAllow struct {
	UpdatedInput       json.RawMessage    `json:"updatedInput,omitempty"`
	UpdatedPermissions []PermissionUpdate `json:"updatedPermissions,omitempty"`
}

// PermissionDeny refuses a tool call; the model receives Message. Interrupt also stops
// the turn.
type PermissionDeny struct {
	Message   string `json:"message"`
	Interrupt bool   `json:"interrupt,omitempty"`
}

// PermissionDecision is the client's answer to a can_use_tool request: PermissionAllow or
// PermissionDeny, nothing else (the interface is sealed by an unexported method).
type PermissionDecision interface {
	behavior() string
}

func (PermissionAllow) behavior() string { return "allow" }
func (PermissionDeny) behavior() string  { return "deny" }

// EncodePermission encodes the answer to a can_use_tool request.
func EncodePermission(requestID string, decision PermissionDecision) ([]byte, error) {
	var payload any
	switch d := decision.(type) {
	case PermissionAllow:
		payload = struct {
			Behavior string `json:"behavior"`
			PermissionAllow
		}{d.behavior(), d}
	case PermissionDeny:
		payload = struct {
			Behavior string `json:"behavior"`
			PermissionDeny
		}{d.behavior(), d}
	default:
		return nil, fmt.Errorf("%w: no permission decision", ErrInvalidLine)
	}
	return EncodeControlSuccess(requestID, payload)
}

// EncodeControlSuccess answers a CLI→client request with a payload.
func EncodeControlSuccess(requestID string, payload any) ([]byte, error) {
	if requestID == "" {
		return nil, fmt.Errorf("%w: empty request_id", ErrInvalidLine)
	}
	return encodeLine(controlResponseLine{
		Type: "control_response",
		Response: ControlResponseBody{
			Subtype:   "success",
			RequestID: requestID,
			Response:  mustRaw(payload),
		},
	})
}

// EncodeControlError answers a CLI→client request with an error.
func EncodeControlError(requestID, message string) ([]byte, error) {
	if requestID == "" {
		return nil, fmt.Errorf("%w: empty request_id", ErrInvalidLine)
	}
	return encodeLine(controlResponseLine{
		Type:     "control_response",
		Response: ControlResponseBody{Subtype: "error", RequestID: requestID, Error: message},
	})
}

type controlResponseLine struct {
	Type     string              `json:"type"`
	Response ControlResponseBody `json:"response"`
}

// mustRaw marshals a payload; a payload that cannot be marshalled becomes invalid JSON,
// which encodeLine then refuses.
func mustRaw(v any) json.RawMessage {
	if v == nil {
		return json.RawMessage(`{}`)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return json.RawMessage(`{`)
	}
	return b
}
