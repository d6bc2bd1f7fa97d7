package fakeapi

import "time"

// A Scenario is a scripted conversation: Steps[i] is the assistant reply the fake gives
// when the conversation already holds i assistant messages after the user's last real
// prompt (see the package documentation for the exact rule).
type Scenario struct {
	// Name is what a prompt names with the marker "SCENARIO:<Name>".
	Name string
	// Match, when set, selects this scenario for prompts that carry no marker.
	// It gets the prompt text without the system-reminder blocks and without what the
	// CLI wraps around slash and shell commands (see the package documentation).
	Match func(prompt string) bool
	// Steps are the replies, one per model call of the turn.
	Steps []Step
}

// A Step is one assistant reply: either content blocks streamed or returned as JSON,
// or, while Faults last, an error.
type Step struct {
	Blocks []Block
	// StopReason defaults to "tool_use" when a block is a tool call, else "end_turn".
	StopReason string
	// Faults are applied to the first attempts at this step, in order, before Blocks are
	// served. A Fault with Times == Forever never gives way.
	Faults []Fault
	// Delay is waited before the response headers are written.
	Delay time.Duration
	// Stream shapes the SSE deltas; zero fields take the server's defaults.
	Stream StreamOptions
	// Usage reported for the reply; zero fields get small fixed defaults.
	Usage Usage
}

// Usage is the token count a reply reports.
type Usage struct {
	InputTokens  int
	OutputTokens int
}

// StreamOptions shapes how a step is streamed.
type StreamOptions struct {
	// ChunkRunes is the number of runes per text_delta or thinking_delta.
	ChunkRunes int
	// JSONChunkBytes is the (approximate, rune-aligned) size of each input_json_delta.
	JSONChunkBytes int
	// DeltaDelay is waited before every content_block_delta.
	DeltaDelay time.Duration
}

// BlockType names a content block kind of an assistant message.
type BlockType string

// The block kinds the fake can produce.
const (
	BlockText     BlockType = "text"
	BlockThinking BlockType = "thinking"
	BlockToolUse  BlockType = "tool_use"
)

// A Block is one content block of an assistant reply.
//
// Text (and the string values inside Input) may hold placeholders that are filled from
// the request being answered: {{cwd}}, {{plan_file}}, {{prompt}}, {{tool_result}}. See
// the package documentation.
type Block struct {
	Type BlockType
	// Text is the text of a text block or the thinking of a thinking block.
	Text string
	// Deltas, when set, are streamed verbatim instead of chunking Text; Text is then
	// ignored and the block's content is their concatenation.
	Deltas []string
	// Signature of a thinking block; a fixed value is used when empty.
	Signature string
	// Name and Input of a tool_use block. Input is marshalled with encoding/json.
	Name  string
	Input any
	// ID of a tool_use block; a unique "toolu_fakeNNN" is generated when empty.
	ID string
}

// Forever as a Fault's Times makes the fault permanent.
const Forever = -1

// A Fault makes an attempt fail instead of answering.
type Fault struct {
	// Status is the HTTP status (400, 401, 404, 429, 500, 529, ...). For a MidStream
	// fault it is used only when the request is not streaming (default 500).
	Status int
	// Type is the Anthropic error type; derived from Status when empty.
	Type string
	// Message defaults to a short text naming the fault.
	Message string
	// RetryAfter, when set, is sent as the retry-after header.
	RetryAfter string
	// MidStream sends a 200 SSE stream that starts the first block and then an `error`
	// event instead of finishing.
	MidStream bool
	// Times is how many consecutive attempts get this fault: 0 means 1, Forever means all.
	Times int
}

// Text is a text block.
func Text(s string) Block { return Block{Type: BlockText, Text: s} }

// Thinking is a thinking block.
func Thinking(s string) Block { return Block{Type: BlockThinking, Text: s} }

// ToolUse is a tool_use block calling name with input.
func ToolUse(name string, input any) Block {
	return Block{Type: BlockToolUse, Name: name, Input: input}
}

// Reply is a step made of blocks.
func Reply(blocks ...Block) Step { return Step{Blocks: blocks} }

// errorTypeFor is the Anthropic error type the real API uses for an HTTP status.
func errorTypeFor(status int) string {
	switch status {
	case 400:
		return "invalid_request_error"
	case 401:
		return "authentication_error"
	case 403:
		return "permission_error"
	case 404:
		return "not_found_error"
	case 413:
		return "request_too_large"
	case 429:
		return "rate_limit_error"
	case 529:
		return "overloaded_error"
	default:
		return "api_error"
	}
}

// stopReason is the step's stop reason, defaulted from its blocks.
func (s Step) stopReason() string {
	if s.StopReason != "" {
		return s.StopReason
	}
	for _, b := range s.Blocks {
		if b.Type == BlockToolUse {
			return "tool_use"
		}
	}
	return "end_turn"
}
