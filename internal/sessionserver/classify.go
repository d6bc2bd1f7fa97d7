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
	lineRequest            // any other CLI→client request (hook callbacks, MCP messages…)
	lineCancel             // control_cancel_request: a request withdrawn
	lineResponse           // claude's answer to a client request (initialize's among them)
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

// outLine is the part of a stdout line the server reads. A streamed answer's one long
// assistant line and its result are 100 KB each: their text is skipped, not decoded
// (only the first line of what claude said is, for ls).
type outLine struct {
	Type      string `json:"type"`
	Subtype   string `json:"subtype"`
	RequestID string `json:"request_id"`
	Request   struct {
		Subtype  string `json:"subtype"`
		ToolName string `json:"tool_name"`
	} `json:"request"`
	Response struct {
		RequestID string `json:"request_id"`
	} `json:"response"`
	SessionID       string          `json:"session_id"`
	ParentToolUseID *string         `json:"parent_tool_use_id"`
	IsError         bool            `json:"is_error"`
	QueuedTurnCount int             `json:"queued_turn_count"`
	Message         json.RawMessage `json:"message"`
}

// readStdout reads one stdout line.
func readStdout(line []byte) stdoutFacts {
	if bytes.HasPrefix(line, streamPrefix) {
		return stdoutFacts{delta: true}
	}
	var l outLine
	if json.Unmarshal(line, &l) != nil {
		return stdoutFacts{}
	}
	switch l.Type {
	case "control_request":
		switch l.Request.Subtype {
		case "can_use_tool":
			return stdoutFacts{kind: lineDecision, requestID: l.RequestID, tool: l.Request.ToolName}
		case "elicitation":
			return stdoutFacts{kind: lineDecision, requestID: l.RequestID, tool: "elicitation"}
		}
		return stdoutFacts{kind: lineRequest, requestID: l.RequestID}
	case "control_cancel_request":
		return stdoutFacts{kind: lineCancel, requestID: l.RequestID}
	case "control_response":
		return stdoutFacts{kind: lineResponse, requestID: l.Response.RequestID}
	case "system":
		if l.Subtype == "init" {
			return stdoutFacts{kind: lineTurnStart, conversation: l.SessionID}
		}
	case "result":
		f := stdoutFacts{kind: lineResult, turnGoesOn: l.QueuedTurnCount > 0}
		if l.IsError { // rare: decode it whole for its words
			if m, err := protocol.Decode(line); err == nil {
				if r, ok := m.(*protocol.Result); ok {
					f.said = oneLine(r.ErrorText())
				}
			}
		}
		return f
	case "assistant":
		if l.ParentToolUseID != nil && *l.ParentToolUseID != "" {
			return stdoutFacts{} // a subagent's words are not the session's last line
		}
		if said := lastText(l.Message); said != "" {
			return stdoutFacts{kind: lineAssistant, said: said}
		}
	}
	return stdoutFacts{}
}

// lastText is the first line of an assistant message's last text block.
func lastText(message json.RawMessage) string {
	var m struct {
		Content []struct {
			Type string          `json:"type"`
			Text json.RawMessage `json:"text"`
		} `json:"content"`
	}
	if json.Unmarshal(message, &m) != nil {
		return ""
	}
	for i := len(m.Content) - 1; i >= 0; i-- {
		if c := m.Content[i]; c.Type == "text" {
			if s := firstLineOf(c.Text); s != "" {
				return s
			}
		}
	}
	return ""
}

// firstLineOf decodes a JSON string only as far as its first non-blank line needs
// (a line break is the two bytes \n in it).
func firstLineOf(raw json.RawMessage) string {
	for len(raw) > 2 {
		cut := raw
		if i := bytes.Index(raw[1:], []byte(`\n`)); i >= 0 && (i == 0 || raw[i] != '\\') {
			cut = append(bytes.Clone(raw[:i+1]), '"')
			raw = append([]byte{'"'}, raw[i+3:]...)
		} else {
			raw = nil
		}
		var s string
		if json.Unmarshal(cut, &s) != nil {
			return ""
		}
		if strings.TrimSpace(s) != "" {
			return oneLine(s)
		}
	}
	return ""
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
