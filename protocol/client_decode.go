package protocol

import (
	"bytes"
	"encoding/json"
)

// DecodeClient parses one line the client wrote to the CLI's stdin, so tests and stdin
// captures can be checked against what was meant. It gives:
//
//   - *User for a user message,
//   - *ClientControlRequest for a control_request (typed for the requests of this package,
//     RawClientRequest for others),
//   - *ControlResponse for an answer to a CLI request,
//   - *ControlCancelRequest, *KeepAlive,
//   - *Unknown for any other type, and *DecodeError for a line that is not a JSON object.
func DecodeClient(line []byte) (any, error) {
	line = bytes.TrimSpace(line)
	env, err := readEnvelope(line)
	if err != nil {
		return nil, err
	}
	var msg Message
	switch env.Type {
	case "control_request":
		return decodeClientRequest(line, env)
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

// ClientControlRequest is a control_request line written by the client.
type ClientControlRequest struct {
	RequestID string
	// Request is the typed request (e.g. SetModel{Model: "sonnet"}), a RawClientRequest for
	// a subtype without a type here, or nil when the line had no request object (which the
	// CLI treats as fatal).
	Request ClientRequest
	// Raw is the request object as written, with fields the typed request does not keep.
	Raw json.RawMessage
}

func (r *ClientControlRequest) Kind() string {
	if r.Request == nil {
		return "control_request"
	}
	return kind("control_request", r.Request.Subtype())
}

// RawClientRequest is a client→CLI request this package has no type for, such as
// side_question or get_binary_version. Body is the request object; it is also how to
// send such a request: EncodeControlRequest writes Body with "subtype" set to Name.
type RawClientRequest struct {
	Name string
	Body json.RawMessage
}

func (r RawClientRequest) Subtype() string { return r.Name }

// MarshalJSON writes Body; json.Marshal refuses it if Body is not valid JSON.
func (r RawClientRequest) MarshalJSON() ([]byte, error) {
	if len(r.Body) == 0 {
		return []byte("{}"), nil
	}
	return r.Body, nil
}

// clientRequestDecoders maps a request subtype to a decoder of its typed value.
var clientRequestDecoders = map[string]func(json.RawMessage) (ClientRequest, error){
	Initialize{}.Subtype():           decodeClientRequestAs[Initialize],
	Interrupt{}.Subtype():            decodeClientRequestAs[Interrupt],
	SetModel{}.Subtype():             decodeClientRequestAs[SetModel],
	SetPermissionMode{}.Subtype():    decodeClientRequestAs[SetPermissionMode],
	SetMaxThinkingTokens{}.Subtype(): decodeClientRequestAs[SetMaxThinkingTokens],
	GetContextUsage{}.Subtype():      decodeClientRequestAs[GetContextUsage],
	MCPStatus{}.Subtype():            decodeClientRequestAs[MCPStatus],
	MCPReconnect{}.Subtype():         decodeClientRequestAs[MCPReconnect],
	MCPToggle{}.Subtype():            decodeClientRequestAs[MCPToggle],
	MCPAuthenticate{}.Subtype():      decodeClientRequestAs[MCPAuthenticate],
	GetSettings{}.Subtype():          decodeClientRequestAs[GetSettings],
	GetUsage{}.Subtype():             decodeClientRequestAs[GetUsage],
	UpdateSettings{}.Subtype():       decodeClientRequestAs[UpdateSettings],
	StopTask{}.Subtype():             decodeClientRequestAs[StopTask],
	ReadSessionFile{}.Subtype():      decodeClientRequestAs[ReadSessionFile],
	BackgroundTasks{}.Subtype():      decodeClientRequestAs[BackgroundTasks],
	GetTaskOutput{}.Subtype():        decodeClientRequestAs[GetTaskOutput],
	RewindFiles{}.Subtype():          decodeClientRequestAs[RewindFiles],
	RenameSession{}.Subtype():        decodeClientRequestAs[RenameSession],
	GetSessionCost{}.Subtype():       decodeClientRequestAs[GetSessionCost],
	ListModels{}.Subtype():           decodeClientRequestAs[ListModels],
}

func decodeClientRequestAs[T ClientRequest](raw json.RawMessage) (ClientRequest, error) {
	var v T
	err := json.Unmarshal(raw, &v)
	return v, err
}

func decodeClientRequest(line []byte, env envelope) (any, error) {
	out := &ClientControlRequest{RequestID: env.RequestID}
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
	decode, ok := clientRequestDecoders[body.Subtype]
	if !ok {
		out.Request = RawClientRequest{Name: body.Subtype, Body: env.Request}
		return out, nil
	}
	req, err := decode(env.Request)
	if err != nil {
		return nil, decodeError(line, err)
	}
	out.Request = req
	return out, nil
}
