package protocol

import (
	"encoding/json"
	"strings"
)

// Content block types as they appear in assistant and user messages.
const (
	BlockText             = "text"
	BlockThinking         = "thinking"
	BlockRedactedThinking = "redacted_thinking"
	BlockToolUse          = "tool_use"
	BlockToolResult       = "tool_result"
	BlockImage            = "image"
)

// ContentBlock is one block of a message's content. Which fields are set depends on Type.
type ContentBlock struct {
	Type string `json:"type"`

	// text
	Text string `json:"text,omitempty"`

	// thinking / redacted_thinking
	Thinking  string `json:"thinking,omitempty"`
	Signature string `json:"signature,omitempty"`
	Data      string `json:"data,omitempty"`

	// tool_use
	ID    string          `json:"id,omitempty"`
	Name  string          `json:"name,omitempty"`
	Input json.RawMessage `json:"input,omitempty"`

	// tool_result
	ToolUseID string          `json:"tool_use_id,omitempty"`
	Content   json.RawMessage `json:"content,omitempty"` // a string or a list of blocks
	IsError   bool            `json:"is_error,omitempty"`

	// image
	Source *ImageSource `json:"source,omitempty"`
}

// ImageSource is the source of an image block.
type ImageSource struct {
	Type      string `json:"type"` // "base64"
	MediaType string `json:"media_type"`
	Data      string `json:"data"`
}

// ResultText flattens a tool_result's content, which is either a string or a list of
// blocks, to the text the model saw. Non-text blocks become a short placeholder.
func (b ContentBlock) ResultText() string {
	return flattenContent(b.Content)
}

func flattenContent(raw json.RawMessage) string {
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var blocks []ContentBlock
	if json.Unmarshal(raw, &blocks) != nil {
		return string(raw)
	}
	var sb strings.Builder
	for i, b := range blocks {
		if i > 0 {
			sb.WriteByte('\n')
		}
		switch b.Type {
		case BlockText:
			sb.WriteString(b.Text)
		case BlockImage:
			sb.WriteString("[image]")
		default:
			sb.WriteString("[" + b.Type + "]")
		}
	}
	return sb.String()
}

// Usage is the token accounting of an API message or a turn.
type Usage struct {
	InputTokens              int `json:"input_tokens"`
	OutputTokens             int `json:"output_tokens"`
	CacheCreationInputTokens int `json:"cache_creation_input_tokens,omitempty"`
	CacheReadInputTokens     int `json:"cache_read_input_tokens,omitempty"`
}

// Total is every token the usage counts.
func (u Usage) Total() int {
	return u.InputTokens + u.OutputTokens + u.CacheCreationInputTokens + u.CacheReadInputTokens
}
