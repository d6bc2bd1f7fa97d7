package sessionserver

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/gclaude/gclaude/protocol"
)

// What the server reads from a line: enough to know which requests wait, whether a
// turn runs and what to show in `gclaude ls`. Nothing else: the screen decodes lines.

// lineKind is what a stdout line is to the server.
type lineKind int

const (
	lineOther     lineKind = iota
	lineDecision           // can_use_tool or elicitation: a request a person answers
	lineRequest            // any other CLI→host request (hook callbacks, MCP messages…)
	lineCancel             // control_cancel_request: a request withdrawn
	lineResponse           // claude's answer to a host request (initialize's among them)
	lineTurnStart          // system/init
	lineResult             // a turn's result
	lineAssistant          // something claude said
)

// stdoutFacts are what a stdout line tells the server.
type stdoutFacts struct {
	kind         lineKind
	delta        bool // a stream_event line
	requestID    string
	tool         string // a decision's tool (or "elicitation")
	turnGoesOn   bool   // a result with more turns queued
	conversation string // system/init's session id
	said         string // one line of what claude said, for ls
}

// streamPrefix starts nearly every line of a streamed answer: nothing in it concerns
// the server, so it is not decoded.
var streamPrefix = []byte(`{"type":"stream_event"`)

// readStdout reads one stdout line.
func readStdout(line []byte) stdoutFacts {
	if bytes.HasPrefix(line, streamPrefix) {
		return stdoutFacts{delta: true}
	}
	msg, err := protocol.Decode(line)
	if err != nil {
		return stdoutFacts{}
	}
	switch m := msg.(type) {
	case *protocol.CanUseTool:
		return stdoutFacts{kind: lineDecision, requestID: m.RequestID, tool: m.ToolName}
	case *protocol.Elicitation:
		return stdoutFacts{kind: lineDecision, requestID: m.RequestID, tool: "elicitation"}
	case *protocol.HookCallback:
		return stdoutFacts{kind: lineRequest, requestID: m.RequestID}
	case *protocol.MCPMessage:
		return stdoutFacts{kind: lineRequest, requestID: m.RequestID}
	case *protocol.Unknown:
		if m.Type == "control_request" {
			return stdoutFacts{kind: lineRequest, requestID: m.RequestID}
		}
	case *protocol.ControlCancelRequest:
		return stdoutFacts{kind: lineCancel, requestID: m.RequestID}
	case *protocol.ControlResponse:
		return stdoutFacts{kind: lineResponse, requestID: m.Response.RequestID}
	case *protocol.SystemInit:
		return stdoutFacts{kind: lineTurnStart, conversation: m.SessionID}
	case *protocol.Result:
		f := stdoutFacts{kind: lineResult, turnGoesOn: m.QueuedTurnCount > 0}
		if m.IsError {
			f.said = oneLine(m.ErrorText())
		}
		return f
	case *protocol.Assistant:
		if m.Parent() != "" {
			return stdoutFacts{} // a subagent's words are not the session's last line
		}
		for i := len(m.Message.Content) - 1; i >= 0; i-- {
			if b := m.Message.Content[i]; b.Type == "text" && strings.TrimSpace(b.Text) != "" {
				return stdoutFacts{kind: lineAssistant, said: oneLine(b.Text)}
			}
		}
	}
	return stdoutFacts{}
}

// stdinFacts are what a screen's stdin line tells the server.
type stdinFacts struct {
	answers    string // a control_response: the request it answers
	initialize string // initialize's request id
	prompt     bool   // a user message: a turn starts
}

// readStdin reads one stdin line (already known to be one JSON object).
func readStdin(line []byte) stdinFacts {
	var l struct {
		Type      string `json:"type"`
		RequestID string `json:"request_id"`
		Request   struct {
			Subtype string `json:"subtype"`
		} `json:"request"`
		Response struct {
			RequestID string `json:"request_id"`
		} `json:"response"`
	}
	if json.Unmarshal(line, &l) != nil {
		return stdinFacts{}
	}
	switch l.Type {
	case "control_response":
		return stdinFacts{answers: l.Response.RequestID}
	case "control_request":
		if l.Request.Subtype == (protocol.Initialize{}).Subtype() {
			return stdinFacts{initialize: l.RequestID}
		}
	case "user":
		return stdinFacts{prompt: true}
	}
	return stdinFacts{}
}

// oneJSONObject: a stdin line the CLI can take. One bad line makes it exit, so
// anything else is refused before it gets there.
func oneJSONObject(line []byte) bool {
	t := bytes.TrimSpace(line)
	return len(t) > 1 && t[0] == '{' && bytes.IndexByte(t, '\n') < 0 && json.Valid(t)
}

// saidMax bounds the last line ls shows.
const saidMax = 160

// oneLine is the first non-blank line of s, without control characters, cut to saidMax.
func oneLine(s string) string {
	for l := range strings.SplitSeq(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			s = l
			break
		}
	}
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return -1
		}
		return r
	}, strings.TrimSpace(s))
	if r := []rune(s); len(r) > saidMax {
		s = string(r[:saidMax-1]) + "…"
	}
	return s
}
