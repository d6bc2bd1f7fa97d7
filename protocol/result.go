package protocol

import "encoding/json"

// Result subtypes.
const (
	ResultSuccess              = "success"
	ResultErrorDuringExecution = "error_during_execution"
	ResultErrorMaxTurns        = "error_max_turns"
	ResultErrorMaxBudgetUSD    = "error_max_budget_usd"
	// ResultErrorMaxStructuredOutputRetries ends a turn that could not produce valid
	// structured output (--json-schema).
	ResultErrorMaxStructuredOutputRetries = "error_max_structured_output_retries"
)

// Terminal reasons seen on results.
const (
	TerminalCompleted        = "completed"
	TerminalAbortedStreaming = "aborted_streaming"
	TerminalAbortedTools     = "aborted_tools"
	TerminalAPIError         = "api_error"
)

// Result ends a turn; it is the only turn-end signal. API errors arrive as
// Subtype "success" with IsError true, so check IsError, not the subtype.
type Result struct {
	Meta
	Subtype        string   `json:"subtype"`
	IsError        bool     `json:"is_error"`
	Result         string   `json:"result,omitempty"`
	Errors         []string `json:"errors,omitempty"`
	StopReason     *string  `json:"stop_reason"`
	TerminalReason string   `json:"terminal_reason,omitempty"`
	NumTurns       int      `json:"num_turns"`

	DurationMS    int64 `json:"duration_ms"`
	DurationAPIMS int64 `json:"duration_api_ms"`
	TTFTMS        int64 `json:"ttft_ms,omitempty"`

	// TotalCostUSD and ModelUsage are running totals for the process;
	// ModelUsageSinceLastResult is this turn's share.
	TotalCostUSD              float64               `json:"total_cost_usd"`
	Usage                     Usage                 `json:"usage"`
	ModelUsage                map[string]ModelUsage `json:"modelUsage,omitempty"`
	ModelUsageSinceLastResult map[string]ModelUsage `json:"model_usage_since_last_result,omitempty"`

	PermissionDenials []PermissionDenial `json:"permission_denials,omitempty"`

	APIErrorStatus *int   `json:"api_error_status,omitempty"`
	APIErrorType   string `json:"api_error_type,omitempty"`
	APIError       string `json:"api_error,omitempty"` // e.g. connection_failed

	ResultIndex      int             `json:"result_index"`
	QueuedTurnCount  int             `json:"queued_turn_count,omitempty"`
	UserMessageUUID  string          `json:"user_message_uuid,omitempty"`
	UserMessageUUIDs []string        `json:"user_message_uuids,omitempty"`
	Origin           json.RawMessage `json:"origin,omitempty"`
}

func (r *Result) Kind() string { return kind("result", r.Subtype) }

// Interrupted reports whether the turn ended because the user interrupted it; such a
// result is not a crash and should not be shown as one.
func (r *Result) Interrupted() bool {
	return r.TerminalReason == TerminalAbortedStreaming || r.TerminalReason == TerminalAbortedTools
}

// ErrorText is the best human-readable account of a failed turn.
func (r *Result) ErrorText() string {
	if r.Result != "" {
		return r.Result
	}
	if len(r.Errors) > 0 {
		return r.Errors[0]
	}
	return r.Subtype
}

// ModelUsage is per-model accounting in a result.
type ModelUsage struct {
	InputTokens              int     `json:"inputTokens"`
	OutputTokens             int     `json:"outputTokens"`
	CacheReadInputTokens     int     `json:"cacheReadInputTokens"`
	CacheCreationInputTokens int     `json:"cacheCreationInputTokens"`
	CostUSD                  float64 `json:"costUSD"`
	ContextWindow            int     `json:"contextWindow"`
	MaxOutputTokens          int     `json:"maxOutputTokens"`
}

// PermissionDenial is a tool call denied during the turn.
type PermissionDenial struct {
	ToolName  string          `json:"tool_name"`
	ToolUseID string          `json:"tool_use_id"`
	ToolInput json.RawMessage `json:"tool_input"`
}
