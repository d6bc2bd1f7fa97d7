package protocol

import (
	"encoding/json"
	"fmt"
)

// DecodeResponse decodes the payload of a control response into T, e.g.
// DecodeResponse[SetModelResponse](resp.Response). An error response gives its
// *ControlError; a success without a payload (set_max_thinking_tokens, rename_session)
// gives the zero T.
func DecodeResponse[T any](b ControlResponseBody) (T, error) {
	var v T
	if err := b.Err(); err != nil {
		return v, err
	}
	if len(b.Response) == 0 || string(b.Response) == "null" {
		return v, nil
	}
	if err := json.Unmarshal(b.Response, &v); err != nil {
		return v, fmt.Errorf("protocol: response to %s: %w", b.RequestID, err)
	}
	return v, nil
}

// Err is the CLI's refusal as a *ControlError, or nil for a success.
func (b ControlResponseBody) Err() error {
	if !b.IsError() {
		return nil
	}
	return &ControlError{RequestID: b.RequestID, Message: b.Error, Code: b.ErrorCode, Model: b.Model}
}

// ControlError is an error control response: the CLI refused or failed a request.
type ControlError struct {
	RequestID string
	Message   string
	Code      string // one of the ErrCode constants, or "" (not every error has one)
	// Model is the model still in use after a failed set_model.
	Model string
}

func (e *ControlError) Error() string {
	msg := e.Message
	if msg == "" {
		msg = "request failed"
	}
	if e.Code != "" {
		return fmt.Sprintf("claude: %s (%s)", msg, e.Code)
	}
	return "claude: " + msg
}

// Permission behaviors.
const (
	BehaviorAllow = "allow"
	BehaviorDeny  = "deny"
)

// PermissionResult is an answer to can_use_tool as it appears on the wire: the union of
// PermissionAllow and PermissionDeny. Use it to read back what a client wrote, e.g.
// DecodeResponse[PermissionResult](resp.Response).
type PermissionResult struct {
	Behavior           string             `json:"behavior"`
	UpdatedInput       json.RawMessage    `json:"updatedInput,omitempty"`
	UpdatedPermissions []PermissionUpdate `json:"updatedPermissions,omitempty"`
	Message            string             `json:"message,omitempty"`
	Interrupt          bool               `json:"interrupt,omitempty"`
}
