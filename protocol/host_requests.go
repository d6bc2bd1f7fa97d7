package protocol

import "encoding/json"

// HostRequest is a host→CLI control request body. Subtype is written as "subtype".
type HostRequest interface {
	Subtype() string
}

// Initialize is sent first; its response lists models, commands, agents and capabilities.
type Initialize struct {
	Hooks               json.RawMessage `json:"hooks,omitempty"`
	ForwardSubagentText bool            `json:"forwardSubagentText,omitempty"`
}

// Interrupt stops the running turn. The response lists messages still queued.
type Interrupt struct{}

// SetModel switches the model; an empty Model means the default.
type SetModel struct {
	Model string `json:"model,omitempty"`
}

// SetPermissionMode switches the permission mode.
type SetPermissionMode struct {
	Mode string `json:"mode"`
}

// SetMaxThinkingTokens sets the thinking budget; nil clears it.
type SetMaxThinkingTokens struct {
	MaxThinkingTokens *int `json:"max_thinking_tokens"`
}

// GetContextUsage asks for the context window breakdown.
type GetContextUsage struct {
	Detail string `json:"detail,omitempty"` // "summary" avoids count_tokens calls
}

// MCPStatus asks for the MCP servers' states.
type MCPStatus struct{}

// StopTask stops a running subagent or background task.
type StopTask struct {
	TaskID string `json:"task_id"`
}

// BackgroundTasks moves the running foreground Bash commands and subagents to the
// background (Claude Code's ctrl+b): each blocked call returns at once and the turn goes
// on; with ToolUseID, only the task that call started.
type BackgroundTasks struct {
	ToolUseID string `json:"tool_use_id,omitempty"`
}

// GetTaskOutput reads the end (at most 8 KiB) of a shell task's output, running or
// ended; the CLI says a host polls it while the task runs.
type GetTaskOutput struct {
	TaskID string `json:"task_id"`
}

// GetTaskOutputResponse is the answer to GetTaskOutput: raw terminal output.
type GetTaskOutputResponse struct {
	Output     string `json:"output"`
	TotalBytes int64  `json:"total_bytes"`
	Truncated  bool   `json:"truncated"`
}

// RewindFiles restores files to their state at a user message.
type RewindFiles struct {
	UserMessageID string `json:"user_message_id"`
	DryRun        bool   `json:"dry_run,omitempty"`
}

// RenameSession sets the session's title.
type RenameSession struct {
	Title string `json:"title"`
}

// GetSessionCost asks for the CLI's cost summary text.
type GetSessionCost struct{}

// ListModels asks for the models the CLI offers.
type ListModels struct{}

// CancelAsyncMessage withdraws a prompt the CLI queued (sent with this uuid while a
// turn ran) that no turn has taken in yet.
type CancelAsyncMessage struct {
	MessageUUID string `json:"message_uuid"`
}

// CancelAsyncMessageResponse says whether the prompt was withdrawn; false when a turn
// had already taken it in (or the CLI did not know it).
type CancelAsyncMessageResponse struct {
	Cancelled bool `json:"cancelled"`
}

func (Initialize) Subtype() string           { return "initialize" }
func (Interrupt) Subtype() string            { return "interrupt" }
func (SetModel) Subtype() string             { return "set_model" }
func (SetPermissionMode) Subtype() string    { return "set_permission_mode" }
func (SetMaxThinkingTokens) Subtype() string { return "set_max_thinking_tokens" }
func (GetContextUsage) Subtype() string      { return "get_context_usage" }
func (MCPStatus) Subtype() string            { return "mcp_status" }
func (StopTask) Subtype() string             { return "stop_task" }
func (BackgroundTasks) Subtype() string      { return "background_tasks" }
func (GetTaskOutput) Subtype() string        { return "get_task_output" }
func (RewindFiles) Subtype() string          { return "rewind_files" }
func (RenameSession) Subtype() string        { return "rename_session" }
func (GetSessionCost) Subtype() string       { return "get_session_cost" }
func (ListModels) Subtype() string           { return "list_models" }
func (CancelAsyncMessage) Subtype() string   { return "cancel_async_message" }
