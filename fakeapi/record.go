package fakeapi

import (
	"encoding/json"
	"net/http"
	"strings"
	"time"
)

// Kind classifies a recorded request.
type Kind string

// Request kinds.
const (
	// KindConversation is a /v1/messages call that offers tools: a model call of the main
	// conversation or of a subagent. Only these play scenarios.
	KindConversation Kind = "conversation"
	// KindSide is a /v1/messages call without tools: the set_model probe (max_tokens:1),
	// title generation and similar. It gets the side reply and never plays a scenario.
	KindSide Kind = "side"
	// KindCountTokens is /v1/messages/count_tokens.
	KindCountTokens Kind = "count_tokens"
	// KindOther is any other path (answered 404).
	KindOther Kind = "other"
)

// A Request is what the fake received and how it answered. The server never changes a
// Request after recording it; callers get copies that share Header, Raw, Body and
// Messages with each other, so treat them as read-only.
type Request struct {
	Seq    int // 1-based arrival order
	Time   time.Time
	Method string
	Path   string // URL path without the query, e.g. "/v1/messages"
	Query  string // raw query, e.g. "beta=true"
	Header http.Header
	Raw    []byte // the body as received
	Body   map[string]any

	Kind      Kind
	Model     string
	Stream    bool
	MaxTokens int
	System    string    // the top-level system prompt, joined
	Messages  []Message // parsed `messages`
	Tools     []string  // names of the offered tools
	// Subagent is true for model calls the CLI makes on behalf of a subagent.
	Subagent bool

	// Prompt is the text of the last real user prompt (system-reminders removed).
	Prompt string
	// Scenario and Step are what the fake played (conversation requests only).
	Scenario string
	Step     int
	// Status is the HTTP status the fake answered with; Reply says briefly what it sent.
	Status int
	Reply  string
}

// Text is every text of the request that a model would read: system prompt, text
// blocks, thinking, tool inputs and tool results.
func (r Request) Text() string {
	var b strings.Builder
	b.WriteString(r.System)
	for _, m := range r.Messages {
		for _, c := range m.Content {
			b.WriteByte('\n')
			switch c.Type {
			case "text":
				b.WriteString(c.Text)
			case "thinking":
				b.WriteString(c.Thinking)
			case "tool_use":
				b.Write(c.Input)
			case "tool_result":
				b.WriteString(c.ResultText())
			}
		}
	}
	return b.String()
}

// Contains reports whether the request's text or its raw body contains s.
func (r Request) Contains(s string) bool {
	return strings.Contains(r.Text(), s) || strings.Contains(string(r.Raw), s)
}

// ToolResults are the tool_result blocks of the request's last user message.
func (r Request) ToolResults() []Content {
	for i := len(r.Messages) - 1; i >= 0; i-- {
		if r.Messages[i].Role != "user" {
			continue
		}
		var out []Content
		for _, c := range r.Messages[i].Content {
			if c.Type == "tool_result" {
				out = append(out, c)
			}
		}
		return out
	}
	return nil
}

// HasTool reports whether the request offered a tool of that name.
func (r Request) HasTool(name string) bool {
	for _, t := range r.Tools {
		if t == name {
			return true
		}
	}
	return false
}

// parseRequest fills the model-call fields of rec from its raw body.
func parseRequest(rec *Request) {
	var body struct {
		Model     string          `json:"model"`
		Stream    bool            `json:"stream"`
		MaxTokens int             `json:"max_tokens"`
		System    json.RawMessage `json:"system"`
		Messages  []Message       `json:"messages"`
		Tools     []struct {
			Name string `json:"name"`
		} `json:"tools"`
	}
	if json.Unmarshal(rec.Raw, &body) != nil {
		return
	}
	_ = json.Unmarshal(rec.Raw, &rec.Body)
	rec.Model, rec.Stream, rec.MaxTokens = body.Model, body.Stream, body.MaxTokens
	rec.System = systemText(body.System)
	rec.Messages = body.Messages
	for _, t := range body.Tools {
		rec.Tools = append(rec.Tools, t.Name)
	}
	// The CLI marks subagent calls in its billing header line of the system prompt.
	rec.Subagent = strings.Contains(rec.System, "cc_is_subagent=true")
	_, rec.Prompt = lastPrompt(rec.Messages)
}
