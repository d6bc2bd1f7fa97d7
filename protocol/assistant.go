package protocol

// Assistant is one content block of an API message: the CLI writes one line per block, and
// lines of the same API message share Message.ID. On streamed messages StopReason is nil.
type Assistant struct {
	Meta
	Message         APIMessage `json:"message"`
	ParentToolUseID *string    `json:"parent_tool_use_id"`
	RequestID       string     `json:"request_id,omitempty"`
	Timestamp       string     `json:"timestamp,omitempty"`

	// Aborted marks a message cut short by an interrupt.
	Aborted bool `json:"aborted,omitempty"`

	// Synthetic API-error messages (model "<synthetic>") carry these.
	Error             string `json:"error,omitempty"` // rate_limit, server_error, authentication_failed, unknown…
	IsAPIErrorMessage bool   `json:"is_api_error_message,omitempty"`
	APIErrorStatus    *int   `json:"api_error_status,omitempty"`
	APIErrorType      string `json:"api_error_type,omitempty"`

	ThinkingDurationMS int    `json:"thinking_duration_ms,omitempty"`
	ThinkingDisplay    string `json:"thinking_display,omitempty"`

	SubagentFields
	UserMessageUUID  string   `json:"user_message_uuid,omitempty"`
	UserMessageUUIDs []string `json:"user_message_uuids,omitempty"`
}

func (*Assistant) Kind() string { return "assistant" }

// Parent is the Agent tool_use id that owns this message, or "" on the main thread.
func (a *Assistant) Parent() string { return deref(a.ParentToolUseID) }

// SubagentFields are present on messages from a subagent's own transcript.
type SubagentFields struct {
	AgentID         string `json:"agent_id,omitempty"`
	SubagentType    string `json:"subagent_type,omitempty"`
	TaskDescription string `json:"task_description,omitempty"`
}

// APIMessage is the Messages API message an assistant line carries.
type APIMessage struct {
	ID           string         `json:"id"`
	Type         string         `json:"type,omitempty"`
	Role         string         `json:"role"`
	Model        string         `json:"model"`
	Content      []ContentBlock `json:"content"`
	StopReason   *string        `json:"stop_reason"`
	StopSequence *string        `json:"stop_sequence"`
	Usage        Usage          `json:"usage"`
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
