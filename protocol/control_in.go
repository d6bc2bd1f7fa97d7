package protocol

import "encoding/json"

// requestID is embedded by CLI→client control requests; the decoder fills it from the envelope.
type requestID struct {
	RequestID string `json:"-"`
}

func (r *requestID) setRequestID(id string) { r.RequestID = id }

// CanUseTool asks the client whether a tool may run. It is also how plan review
// (ExitPlanMode) and structured questions (AskUserQuestion) reach the client.
type CanUseTool struct {
	requestID
	ToolName    string          `json:"tool_name"`
	DisplayName string          `json:"display_name,omitempty"`
	Title       string          `json:"title,omitempty"`
	Description string          `json:"description,omitempty"`
	Input       json.RawMessage `json:"input"`
	ToolUseID   string          `json:"tool_use_id,omitempty"`
	AgentID     string          `json:"agent_id,omitempty"`

	PermissionSuggestions []PermissionUpdate `json:"permission_suggestions,omitempty"`
	BlockedPath           string             `json:"blocked_path,omitempty"`

	DecisionReason           string `json:"decision_reason,omitempty"`
	DecisionReasonType       string `json:"decision_reason_type,omitempty"`
	DecisionReasonHookEvent  string `json:"decision_reason_hook_event,omitempty"`
	DecisionReasonHookSource string `json:"decision_reason_hook_source,omitempty"`

	RequiresUserInteraction bool `json:"requires_user_interaction,omitempty"`
	ServerPolicyAskOnly     bool `json:"server_policy_ask_only,omitempty"`

	// SuppressAlwaysAllowRule: offer no "don't ask again" choice for this ask.
	SuppressAlwaysAllowRule bool `json:"suppress_always_allow_rule,omitempty"`
	// DefaultToNo: the dialog must open on deny, with no single-key approve.
	DefaultToNo bool `json:"default_to_no,omitempty"`
}

func (*CanUseTool) Kind() string { return "control_request/can_use_tool" }

// Name is the tool's display name, falling back to its wire name.
func (c *CanUseTool) Name() string {
	if c.DisplayName != "" {
		return c.DisplayName
	}
	return c.ToolName
}

// HookCallback asks the client to run a hook it registered in initialize.
type HookCallback struct {
	requestID
	CallbackID string          `json:"callback_id"`
	Input      json.RawMessage `json:"input"`
	ToolUseID  string          `json:"tool_use_id,omitempty"`
}

func (*HookCallback) Kind() string { return "control_request/hook_callback" }

// MCPMessage carries a JSON-RPC message for an SDK-hosted MCP server.
type MCPMessage struct {
	requestID
	ServerName string          `json:"server_name"`
	Message    json.RawMessage `json:"message"`
}

func (*MCPMessage) Kind() string { return "control_request/mcp_message" }

// Elicitation is an MCP server asking the user for input.
type Elicitation struct {
	requestID
	MCPServerName   string          `json:"mcp_server_name"`
	Message         string          `json:"message"`
	Mode            string          `json:"mode,omitempty"` // form or url
	URL             string          `json:"url,omitempty"`
	ElicitationID   string          `json:"elicitation_id,omitempty"`
	RequestedSchema json.RawMessage `json:"requested_schema,omitempty"`
}

func (*Elicitation) Kind() string { return "control_request/elicitation" }

// Elicitation actions.
const (
	ElicitAccept  = "accept"
	ElicitDecline = "decline"
	ElicitCancel  = "cancel"
)

// ElicitationResponse answers an Elicitation (send it with EncodeControlSuccess). Content
// holds the form's values when Action is accept.
type ElicitationResponse struct {
	Action  string         `json:"action"`
	Content map[string]any `json:"content,omitempty"`
}

// ControlCancelRequest withdraws a pending CLI→client request (e.g. on interrupt). A late
// answer to it is ignored by the CLI, so the client should not send one.
type ControlCancelRequest struct {
	RequestID string `json:"request_id"`
}

func (*ControlCancelRequest) Kind() string { return "control_cancel_request" }

// Error codes the CLI puts on error control responses.
const (
	ErrCodeNotFound           = "not_found"
	ErrCodeBypassNotLaunched  = "bypass_not_launched"
	ErrCodeInvalidMode        = "invalid_mode"
	ErrCodeUnsupportedRequest = "unsupported_request"
)

// ControlResponse answers a client→CLI control request.
type ControlResponse struct {
	Response ControlResponseBody `json:"response"`
}

func (r *ControlResponse) Kind() string { return kind("control_response", r.Response.Subtype) }

// ControlResponseBody is the inner response: success with an optional payload, or error.
type ControlResponseBody struct {
	Subtype   string          `json:"subtype"` // success or error
	RequestID string          `json:"request_id"`
	Response  json.RawMessage `json:"response,omitempty"`
	Error     string          `json:"error,omitempty"`
	ErrorCode string          `json:"error_code,omitempty"`
	// Model is the model still in use, sent with a failed set_model.
	Model string `json:"model,omitempty"`
}

// IsError reports whether the CLI refused the request.
func (b ControlResponseBody) IsError() bool { return b.Subtype == "error" }
