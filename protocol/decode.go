package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
)

// envelope is read first; key order on the wire is not fixed, so the whole object is decoded.
type envelope struct {
	Type      string          `json:"type"`
	Subtype   string          `json:"subtype"`
	RequestID string          `json:"request_id"`
	Request   json.RawMessage `json:"request"`
}

// decoders maps "type" or "type/subtype" to a constructor of the concrete value.
var decoders = map[string]func() Message{
	"assistant":              func() Message { return new(Assistant) },
	"user":                   func() Message { return new(User) },
	"stream_event":           func() Message { return new(StreamEvent) },
	"result":                 func() Message { return new(Result) },
	"command_lifecycle":      func() Message { return new(CommandLifecycle) },
	"tool_progress":          func() Message { return new(ToolProgress) },
	"tool_use_summary":       func() Message { return new(ToolUseSummary) },
	"rate_limit_event":       func() Message { return new(RateLimitEvent) },
	"prompt_suggestion":      func() Message { return new(PromptSuggestion) },
	"auth_status":            func() Message { return new(AuthStatus) },
	"keep_alive":             func() Message { return new(KeepAlive) },
	"control_response":       func() Message { return new(ControlResponse) },
	"control_cancel_request": func() Message { return new(ControlCancelRequest) },

	"system/init":                     func() Message { return new(SystemInit) },
	"system/status":                   func() Message { return new(SystemStatus) },
	"system/api_retry":                func() Message { return new(APIRetry) },
	"system/thinking_tokens":          func() Message { return new(ThinkingTokens) },
	"system/compact_boundary":         func() Message { return new(CompactBoundary) },
	"system/task_started":             func() Message { return new(TaskStarted) },
	"system/task_progress":            func() Message { return new(TaskProgress) },
	"system/task_updated":             func() Message { return new(TaskUpdated) },
	"system/task_notification":        func() Message { return new(TaskNotification) },
	"system/background_tasks_changed": func() Message { return new(BackgroundTasksChanged) },
	"system/session_title_changed":    func() Message { return new(SessionTitleChanged) },
	"system/commands_changed":         func() Message { return new(CommandsChanged) },
	"system/control_request_progress": func() Message { return new(ControlRequestProgress) },
	"system/permission_denied":        func() Message { return new(PermissionDenied) },
	"system/informational":            func() Message { return new(Informational) },
	"system/hook_started":             func() Message { return new(HookStarted) },
	"system/hook_progress":            func() Message { return new(HookProgress) },
	"system/hook_response":            func() Message { return new(HookResponse) },
}

// controlRequestDecoders maps a control_request's request.subtype to its concrete value.
var controlRequestDecoders = map[string]func() controlRequest{
	"can_use_tool":  func() controlRequest { return new(CanUseTool) },
	"hook_callback": func() controlRequest { return new(HookCallback) },
	"mcp_message":   func() controlRequest { return new(MCPMessage) },
	"elicitation":   func() controlRequest { return new(Elicitation) },
}

// controlRequest is a CLI→client request body; the decoder fills in the envelope's id.
type controlRequest interface {
	Message
	setRequestID(id string)
}

// Decode parses one stdout line. Unknown types and subtypes decode to *Unknown; only a
// line that is not a JSON object (or whose known type has fields of the wrong JSON type)
// gives a *DecodeError.
func Decode(line []byte) (Message, error) {
	line = bytes.TrimSpace(line)
	if ev, ok := decodeHotStreamEvent(line); ok {
		return ev, nil
	}
	return decodeGeneral(line)
}

// decodeGeneral decodes a trimmed line with encoding/json; it is the reference the fast
// path for stream deltas (stream_fast.go) must agree with.
func decodeGeneral(line []byte) (Message, error) {
	env, err := readEnvelope(line)
	if err != nil {
		return nil, err
	}
	if env.Type == "control_request" {
		return decodeControlRequest(line, env)
	}
	newMsg, ok := decoders[kind(env.Type, env.Subtype)]
	if !ok && env.Type != "system" {
		// Types without subtypes are keyed by type alone even when a subtype is present
		// (result/success, result/error_during_execution, command_lifecycle…).
		newMsg, ok = decoders[env.Type]
	}
	if !ok {
		return unknown(line, env), nil
	}
	msg := newMsg()
	if err := json.Unmarshal(line, msg); err != nil {
		return nil, decodeError(line, err)
	}
	return msg, nil
}

// errNotObject is the cause of a DecodeError for valid JSON that is not an object (null,
// an array, a string…), which no line of the protocol is.
var errNotObject = errors.New("not a JSON object")

// readEnvelope reads the type fields of a trimmed line, which must be a JSON object.
func readEnvelope(line []byte) (envelope, error) {
	var env envelope
	if err := json.Unmarshal(line, &env); err != nil {
		return env, decodeError(line, err)
	}
	if line[0] != '{' {
		return env, decodeError(line, errNotObject)
	}
	return env, nil
}

func decodeControlRequest(line []byte, env envelope) (Message, error) {
	var body struct {
		Subtype string `json:"subtype"`
	}
	if len(env.Request) > 0 {
		if err := json.Unmarshal(env.Request, &body); err != nil {
			return nil, decodeError(line, err)
		}
	}
	newReq, ok := controlRequestDecoders[body.Subtype]
	if !ok {
		u := unknown(line, env)
		u.Subtype = body.Subtype
		return u, nil
	}
	req := newReq()
	if err := json.Unmarshal(env.Request, req); err != nil {
		return nil, decodeError(line, err)
	}
	req.setRequestID(env.RequestID)
	return req, nil
}

func unknown(line []byte, env envelope) *Unknown {
	return &Unknown{
		Type:      env.Type,
		Subtype:   env.Subtype,
		RequestID: env.RequestID,
		Raw:       json.RawMessage(bytes.Clone(line)),
	}
}
