package protocol

import (
	"encoding/json"
	"strings"
)

// User is a user-role line on stdout: tool results, a subagent's prompt, replays of the
// client's own prompts (with --replay-user-messages), and interrupt markers.
type User struct {
	Meta
	Message         UserBody `json:"message"`
	ParentToolUseID *string  `json:"parent_tool_use_id"`
	Timestamp       string   `json:"timestamp,omitempty"`
	IsReplay        bool     `json:"isReplay,omitempty"`
	// IsSynthetic marks a message the CLI wrote itself, e.g. the summary that
	// follows a compact_boundary; the user did not type it.
	IsSynthetic bool `json:"isSynthetic,omitempty"`

	// ToolUseResult is the CLI's structured tool output; its shape depends on the tool
	// (see DecodeToolUseResult). It may also be a plain string ("User rejected tool use").
	ToolUseResult  json.RawMessage  `json:"tool_use_result,omitempty"`
	ToolResultMeta []ToolResultMeta `json:"tool_result_meta,omitempty"`

	SubagentFields
}

func (*User) Kind() string { return "user" }

// Parent is the Agent tool_use id that owns this message, or "" on the main thread.
func (u *User) Parent() string { return deref(u.ParentToolUseID) }

// UserBody is the message of a user line. Content is a string or a list of blocks.
type UserBody struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}

// Blocks returns the content as blocks; string content becomes one text block.
func (b UserBody) Blocks() []ContentBlock {
	if len(b.Content) == 0 {
		return nil
	}
	var s string
	if json.Unmarshal(b.Content, &s) == nil {
		return []ContentBlock{{Type: BlockText, Text: s}}
	}
	var blocks []ContentBlock
	if json.Unmarshal(b.Content, &blocks) != nil {
		return nil
	}
	return blocks
}

// Text joins the text blocks of the content.
func (b UserBody) Text() string {
	var parts []string
	for _, blk := range b.Blocks() {
		if blk.Type == BlockText {
			parts = append(parts, blk.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// Interrupt markers the CLI writes as user text after an interrupt.
const (
	InterruptMarker        = "[Request interrupted by user]"
	InterruptMarkerForTool = "[Request interrupted by user for tool use]"
)

// IsInterruptMarker reports whether this line is one of the CLI's notes that the user
// interrupted: InterruptMarker or InterruptMarkerForTool (they share everything up to
// the closing bracket).
func (u *User) IsInterruptMarker() bool {
	t := strings.TrimSpace(u.Message.Text())
	return strings.HasPrefix(t, strings.TrimSuffix(InterruptMarker, "]"))
}

// ToolResultMeta says how a tool call was permitted or why it did not run.
type ToolResultMeta struct {
	ID                 string          `json:"id"`
	NonExecutionKind   string          `json:"non_execution_kind,omitempty"`
	PermissionDecision *DecisionRecord `json:"permission_decision,omitempty"`
}

// DecisionRecord is how a permission request was settled, e.g. {"decision":"accept","source":"user_permanent","reason_type":"rule"}.
type DecisionRecord struct {
	Decision   string `json:"decision"`
	Source     string `json:"source"`
	ReasonType string `json:"reason_type,omitempty"`
}
