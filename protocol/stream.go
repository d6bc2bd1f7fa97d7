package protocol

import "encoding/json"

// Stream event types (the Messages API SSE events, forwarded by the CLI).
const (
	EventMessageStart      = "message_start"
	EventContentBlockStart = "content_block_start"
	EventContentBlockDelta = "content_block_delta"
	EventContentBlockStop  = "content_block_stop"
	EventMessageDelta      = "message_delta"
	EventMessageStop       = "message_stop"
)

// Delta types inside content_block_delta.
const (
	DeltaText      = "text_delta"
	DeltaThinking  = "thinking_delta"
	DeltaSignature = "signature_delta"
	DeltaInputJSON = "input_json_delta"
	DeltaCitations = "citations_delta"
)

// StreamEvent is a partial-message event (only with --include-partial-messages). Subagent
// events are not forwarded by the CLI, so these are always the main thread's in practice.
type StreamEvent struct {
	Meta
	Event           StreamEventBody  `json:"event"`
	ParentToolUseID *string          `json:"parent_tool_use_id"`
	APIMessageID    string           `json:"api_message_id,omitempty"`
	TTFTMS          int              `json:"ttft_ms,omitempty"`
	ThinkingDisplay string           `json:"thinking_display,omitempty"`
	AbandonedBlocks *AbandonedBlocks `json:"abandoned_blocks,omitempty"`
}

func (*StreamEvent) Kind() string { return "stream_event" }

// Parent is the Agent tool_use id that owns this event, or "" on the main thread.
func (e *StreamEvent) Parent() string { return deref(e.ParentToolUseID) }

// StreamEventBody is the SSE event itself. Which fields are set depends on Type.
type StreamEventBody struct {
	Type         string        `json:"type"`
	Index        int           `json:"index"`
	Message      *APIMessage   `json:"message,omitempty"`       // message_start
	ContentBlock *ContentBlock `json:"content_block,omitempty"` // content_block_start
	Delta        *Delta        `json:"delta,omitempty"`         // content_block_delta, message_delta
	Usage        *Usage        `json:"usage,omitempty"`         // message_delta
}

// Delta is a content_block_delta's or message_delta's delta.
type Delta struct {
	Type        string          `json:"type,omitempty"`
	Text        string          `json:"text,omitempty"`
	Thinking    string          `json:"thinking,omitempty"`
	Signature   string          `json:"signature,omitempty"`
	PartialJSON string          `json:"partial_json,omitempty"`
	Citation    json.RawMessage `json:"citation,omitempty"`

	// message_delta
	StopReason   *string `json:"stop_reason,omitempty"`
	StopSequence *string `json:"stop_sequence,omitempty"`
}

// AbandonedBlocks marks blocks of an interrupted message that will never complete.
type AbandonedBlocks struct {
	APIMessageID   string `json:"api_message_id"`
	FromBlockIndex int    `json:"from_block_index"`
}
