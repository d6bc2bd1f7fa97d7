package protocol

import (
	"bytes"
	"encoding/json"
)

// DecodeHost parses one line the host wrote to the CLI's stdin, so tests and stdin
// captures can be checked against what was meant. It gives:
//
//   - *User for a user message,
//   - *HostControlRequest for a control_request (typed for the requests of this package,
//     RawHostRequest for others),
//   - *ControlResponse for an answer to a CLI request,
//   - *ControlCancelRequest, *KeepAlive,
//   - *Unknown for any other type, and *DecodeError for a line that is not a JSON object.
func DecodeHost(line []byte) (any, error) {
	line = bytes.TrimSpace(line)
	env, err := readEnvelope(line)
	if err != nil {
		return nil, err
	}
	var msg Message
	switch env.Type {
	case "control_request":
		return decodeHostRequest(line, env)
	case "user":
		msg = new(User)
	case "control_response":
		msg = new(ControlResponse)
	case "control_cancel_request":
		msg = new(ControlCancelRequest)
	case "keep_alive":
		msg = new(KeepAlive)
	default:
		return unknown(line, env), nil
	}
	if err := json.Unmarshal(line, msg); err != nil {
		return nil, decodeError(line, err)
	}
	return msg, nil
}

// HostControlRequest is a control_request line written by the host.
type HostControlRequest struct {
	RequestID string
	// Request is the typed request (e.g. SetModel{Model: "sonnet"}), a RawHostRequest for
	// a subtype without a type here, or nil when the line had no request object (which the
	// CLI treats as fatal).
	Request HostRequest
	// Raw is the request object as written, with fields the typed request does not keep.
	Raw json.RawMessage
}

func (r *HostControlRequest) Kind() string {
	if r.Request == nil {
		return "control_request"
	}
	return kind("control_request", r.Request.Subtype())
}

// RawHostRequest is a host→CLI request this package has no type for, such as
// side_question or get_binary_version. Body is the request object; it is also how to
// send such a request: EncodeControlRequest writes Body with "subtype" set to Name.
type RawHostRequest struct {
	Name string
	Body json.RawMessage
}

func (r RawHostRequest) Subtype() string { return r.Name }

// MarshalJSON writes Body; json.Marshal refuses it if Body is not valid JSON.
func (r RawHostRequest) MarshalJSON() ([]byte, error) {
	if len(r.Body) == 0 {
		return []byte("{}"), nil
	}
	return r.Body, nil
}

// hostRequestDecoders maps a request subtype to a decoder of its typed value.
var hostRequestDecoders = map[string]func(json.RawMessage) (HostRequest, error){
	Initialize{}.Subtype():           decodeHostRequestAs[Initialize],
	Interrupt{}.Subtype():            decodeHostRequestAs[Interrupt],
	SetModel{}.Subtype():             decodeHostRequestAs[SetModel],
	SetPermissionMode{}.Subtype():    decodeHostRequestAs[SetPermissionMode],
	SetMaxThinkingTokens{}.Subtype(): decodeHostRequestAs[SetMaxThinkingTokens],
	GetContextUsage{}.Subtype():      decodeHostRequestAs[GetContextUsage],
	MCPStatus{}.Subtype():            decodeHostRequestAs[MCPStatus],
	MCPReconnect{}.Subtype():         decodeHostRequestAs[MCPReconnect],
	MCPToggle{}.Subtype():            decodeHostRequestAs[MCPToggle],
	MCPAuthenticate{}.Subtype():      decodeHostRequestAs[MCPAuthenticate],
	GetSettings{}.Subtype():          decodeHostRequestAs[GetSettings],
	GetUsage{}.Subtype():             decodeHostRequestAs[GetUsage],
	UpdateSettings{}.Subtype():       decodeHostRequestAs[UpdateSettings],
	StopTask{}.Subtype():             decodeHostRequestAs[StopTask],
	ReadSessionFile{}.Subtype():      decodeHostRequestAs[ReadSessionFile],
	BackgroundTasks{}.Subtype():      decodeHostRequestAs[BackgroundTasks],
	GetTaskOutput{}.Subtype():        decodeHostRequestAs[GetTaskOutput],
	RewindFiles{}.Subtype():          decodeHostRequestAs[RewindFiles],
	RenameSession{}.Subtype():        decodeHostRequestAs[RenameSession],
	GetSessionCost{}.Subtype():       decodeHostRequestAs[GetSessionCost],
	ListModels{}.Subtype():           decodeHostRequestAs[ListModels],
}

func decodeHostRequestAs[T HostRequest](raw json.RawMessage) (HostRequest, error) {
	var v T
	err := json.Unmarshal(raw, &v)
	return v, err
}

func decodeHostRequest(line []byte, env envelope) (any, error) {
	out := &HostControlRequest{RequestID: env.RequestID}
	if len(env.Request) == 0 || string(env.Request) == "null" {
		return out, nil
	}
	var body struct {
		Subtype string `json:"subtype"`
	}
	if err := json.Unmarshal(env.Request, &body); err != nil {
		return nil, decodeError(line, err)
	}
	out.Raw = env.Request
	decode, ok := hostRequestDecoders[body.Subtype]
	if !ok {
		out.Request = RawHostRequest{Name: body.Subtype, Body: env.Request}
		return out, nil
	}
	req, err := decode(env.Request)
	if err != nil {
		return nil, decodeError(line, err)
	}
	out.Request = req
	return out, nil
}
