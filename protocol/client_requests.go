package protocol

import "encoding/json"

// ClientRequest is a client→CLI control request body. Subtype is written as "subtype".
type ClientRequest interface {
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

// MCPReconnect reconnects a failed or disconnected MCP server. Its success carries no
// payload: read mcp_status after it.
type MCPReconnect struct {
	ServerName string `json:"serverName"`
}

// MCPToggle enables or disables an MCP server (by its name as mcp_status reports it).
// Its success carries no payload.
type MCPToggle struct {
	ServerName string `json:"serverName"`
	Enabled    bool   `json:"enabled"`
}

// MCPAuthenticate starts an MCP server's OAuth sign-in. Only http and sse servers
// sign in; claude listens on localhost for the browser's redirect and reconnects the
// server once the sign-in completes.
type MCPAuthenticate struct {
	ServerName string `json:"serverName"`
	// RedirectURI asks for a redirect of the client's own instead of claude's localhost one.
	RedirectURI string `json:"redirectUri,omitempty"`
}

// GetSettings asks for the settings in effect: merged, and as each source sets them.
type GetSettings struct{}

// UpdateSettings writes settings through the CLI's own writer, which applies them at
// once: into the project's local settings file (CLI 2.1.328 takes outputStyle only),
// or the user's (effortLevel only). Its success carries an empty object.
type UpdateSettings struct {
	Source   string            `json:"source"` // SourceLocalSettings or SourceUserSettings
	Settings map[string]string `json:"settings"`
}

// GetUsage asks for /usage's figures: the session's cost and usage, and the plan's
// rate limits where they apply. SkipBehaviors skips the scan of the week's transcripts.
type GetUsage struct {
	SkipBehaviors bool `json:"skip_behaviors,omitempty"`
}

// StopTask stops a running subagent or background task.
type StopTask struct {
	TaskID string `json:"task_id"`
}

// ReadSessionFile asks the CLI for a file's contents as its session sees them (relative
// paths against its working folder): how gclaude reads the files of a session on
// another machine.
type ReadSessionFile struct {
	Path     string `json:"path"`
	MaxBytes int    `json:"max_bytes,omitempty"`
}

// ReadSessionFileResponse is read_file's answer. A file the session may not read, or that
// does not exist, is an error response ("read denied: <path>").
type ReadSessionFileResponse struct {
	Contents string `json:"contents"`
	AbsPath  string `json:"absPath"`
	Lossy    bool   `json:"lossy"` // not UTF-8: contents is not the file's bytes
}

// BackgroundTasks moves the running foreground Bash commands and subagents to the
// background (Claude Code's ctrl+b): each blocked call returns at once and the turn goes
// on; with ToolUseID, only the task that call started.
type BackgroundTasks struct {
	ToolUseID string `json:"tool_use_id,omitempty"`
}

// GetTaskOutput reads the end (at most 8 KiB) of a shell task's output, running or
// ended; the CLI says a client polls it while the task runs.
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
func (MCPReconnect) Subtype() string         { return "mcp_reconnect" }
func (MCPToggle) Subtype() string            { return "mcp_toggle" }
func (MCPAuthenticate) Subtype() string      { return "mcp_authenticate" }
func (GetSettings) Subtype() string          { return "get_settings" }
func (UpdateSettings) Subtype() string       { return "update_settings" }
func (GetUsage) Subtype() string             { return "get_usage" }
func (StopTask) Subtype() string             { return "stop_task" }
func (ReadSessionFile) Subtype() string      { return "read_file" }
func (BackgroundTasks) Subtype() string      { return "background_tasks" }
func (GetTaskOutput) Subtype() string        { return "get_task_output" }
func (RewindFiles) Subtype() string          { return "rewind_files" }
func (RenameSession) Subtype() string        { return "rename_session" }
func (GetSessionCost) Subtype() string       { return "get_session_cost" }
func (ListModels) Subtype() string           { return "list_models" }
func (CancelAsyncMessage) Subtype() string   { return "cancel_async_message" }
