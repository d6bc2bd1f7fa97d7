package protocol

import "encoding/json"

// SystemInit starts every turn (not the process): session id, model, mode, tools, commands.
type SystemInit struct {
	Meta
	CWD                   string      `json:"cwd"`
	Model                 string      `json:"model"`
	PermissionMode        string      `json:"permissionMode"`
	Tools                 []string    `json:"tools"`
	MCPServers            []MCPServer `json:"mcp_servers"`
	SlashCommands         []string    `json:"slash_commands"`
	Agents                []string    `json:"agents"`
	Skills                []string    `json:"skills,omitempty"`
	Capabilities          []string    `json:"capabilities,omitempty"`
	APIKeySource          string      `json:"apiKeySource,omitempty"`
	ClaudeCodeVersion     string      `json:"claude_code_version,omitempty"`
	OutputStyle           string      `json:"output_style,omitempty"`
	AdditionalDirectories []string    `json:"additional_directories,omitempty"`
	UserMessageUUIDs      []string    `json:"user_message_uuids,omitempty"`
}

func (*SystemInit) Kind() string { return "system/init" }

// MCP server statuses.
const (
	MCPConnected = "connected"
	MCPFailed    = "failed"
	MCPNeedsAuth = "needs-auth"
	MCPPending   = "pending"
	MCPDisabled  = "disabled"
)

// MCPServer is an MCP server's connection state: system/init gives the name, status
// and source; mcp_status adds the rest (tools only while connected).
type MCPServer struct {
	Name   string `json:"name"`
	Status string `json:"status"`
	Error  string `json:"error,omitempty"`
	// ErrorCode says why a row is not connected where a client can act on it
	// (APPROVAL_REQUIRED, CLIENT_REGISTRATION_UNAVAILABLE, …).
	ErrorCode  string         `json:"error_code,omitempty"`
	ServerInfo *MCPServerInfo `json:"serverInfo,omitempty"`
	// Config is the server's configuration as claude holds it (command and args, or url).
	Config    json.RawMessage `json:"config,omitempty"`
	Transport string          `json:"transport,omitempty"` // stdio, sse, http, ws, sdk, claudeai-proxy…
	Scope     string          `json:"scope,omitempty"`     // user, project, local, dynamic, managed…
	Source    string          `json:"source,omitempty"`    // sdk, plugin, or the scope
	Tools     []MCPTool       `json:"tools,omitempty"`
	// ToolCount stands in for Tools in a reply too large to carry them.
	ToolCount    int             `json:"toolCount,omitempty"`
	Capabilities json.RawMessage `json:"capabilities,omitempty"`
}

// MCPServerInfo is the name and version a connected server reported.
type MCPServerInfo struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// MCPTool is a tool a connected server offers.
type MCPTool struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Annotations *MCPAnnotations `json:"annotations,omitempty"`
	Meta        json.RawMessage `json:"_meta,omitempty"`
}

// MCPAnnotations are a tool's hints.
type MCPAnnotations struct {
	ReadOnly    bool `json:"readOnly,omitempty"`
	Destructive bool `json:"destructive,omitempty"`
	OpenWorld   bool `json:"openWorld,omitempty"`
}

// SystemStatus reports "requesting" before each model call (partial mode only), or with
// Status nil and PermissionMode set, a permission-mode change.
type SystemStatus struct {
	Meta
	Status         *string `json:"status"`
	PermissionMode string  `json:"permissionMode,omitempty"`
	// CompactResult ("success" or "failed") and CompactError end a "compacting" status.
	CompactResult string `json:"compact_result,omitempty"`
	CompactError  string `json:"compact_error,omitempty"`
}

// Values of SystemStatus.Status.
const (
	StatusRequesting = "requesting"
	StatusCompacting = "compacting"
)

func (*SystemStatus) Kind() string { return "system/status" }

// APIRetry reports that an API call failed and will be retried after RetryDelayMS.
type APIRetry struct {
	Meta
	Attempt      int    `json:"attempt"`
	MaxRetries   int    `json:"max_retries"`
	RetryDelayMS int    `json:"retry_delay_ms"`
	ErrorStatus  *int   `json:"error_status"`
	Error        string `json:"error"`
}

func (*APIRetry) Kind() string { return "system/api_retry" }

// ThinkingTokens is an estimate of thinking progress, for spinners.
type ThinkingTokens struct {
	Meta
	EstimatedTokens      int `json:"estimated_tokens"`
	EstimatedTokensDelta int `json:"estimated_tokens_delta"`
}

func (*ThinkingTokens) Kind() string { return "system/thinking_tokens" }

// CompactBoundary marks where the conversation was compacted.
type CompactBoundary struct {
	Meta
	CompactMetadata struct {
		Trigger    string `json:"trigger"` // manual or auto
		PreTokens  int    `json:"pre_tokens"`
		PostTokens int    `json:"post_tokens,omitempty"`
		DurationMS int    `json:"duration_ms,omitempty"`
	} `json:"compact_metadata"`
}

func (*CompactBoundary) Kind() string { return "system/compact_boundary" }

// Task types.
const (
	TaskLocalAgent = "local_agent"
	TaskLocalBash  = "local_bash"
)

// TaskStarted announces a subagent or long-running shell task.
type TaskStarted struct {
	Meta
	TaskID         string `json:"task_id"`
	RunID          string `json:"run_id,omitempty"`
	ToolUseID      string `json:"tool_use_id,omitempty"`
	Description    string `json:"description"`
	SubagentType   string `json:"subagent_type,omitempty"`
	TaskType       string `json:"task_type,omitempty"`
	Prompt         string `json:"prompt,omitempty"`
	IsBackgrounded bool   `json:"is_backgrounded,omitempty"`
	SpawnDepth     int    `json:"spawn_depth,omitempty"`
	// ParentTaskID is the subagent task that launched this one; "" for the main thread.
	ParentTaskID string `json:"parent_task_id,omitempty"`
	// SkipTranscript marks housekeeping tasks to hide from the transcript (a tasks panel
	// may still list them); Ambient ones should not count as activity.
	SkipTranscript bool `json:"skip_transcript,omitempty"`
	Ambient        bool `json:"ambient,omitempty"`
}

func (*TaskStarted) Kind() string { return "system/task_started" }

// TaskUsage is a task's running totals.
type TaskUsage struct {
	TotalTokens int `json:"total_tokens"`
	ToolUses    int `json:"tool_uses"`
	DurationMS  int `json:"duration_ms"`
}

// TaskProgress reports a running task's usage and latest step.
type TaskProgress struct {
	Meta
	TaskID       string    `json:"task_id"`
	RunID        string    `json:"run_id,omitempty"`
	ToolUseID    string    `json:"tool_use_id,omitempty"`
	Description  string    `json:"description"`
	SubagentType string    `json:"subagent_type,omitempty"`
	Usage        TaskUsage `json:"usage"`
	LastToolName string    `json:"last_tool_name,omitempty"`
	Summary      string    `json:"summary,omitempty"`
}

func (*TaskProgress) Kind() string { return "system/task_progress" }

// TaskUpdated patches a task's state (e.g. status completed, end_time).
type TaskUpdated struct {
	Meta
	TaskID string    `json:"task_id"`
	RunID  string    `json:"run_id,omitempty"`
	Patch  TaskPatch `json:"patch"`
}

func (*TaskUpdated) Kind() string { return "system/task_updated" }

// TaskPatch holds the fields a task_updated may change; unknown ones are kept raw.
type TaskPatch struct {
	Status         string `json:"status,omitempty"`
	Description    string `json:"description,omitempty"`
	EndTime        int64  `json:"end_time,omitempty"` // Unix milliseconds
	Error          string `json:"error,omitempty"`
	IsBackgrounded *bool  `json:"is_backgrounded,omitempty"` // nil: unchanged
}

// Task statuses.
const (
	TaskPending   = "pending"
	TaskPaused    = "paused"
	TaskRunning   = "running"
	TaskCompleted = "completed"
	TaskFailed    = "failed"
	TaskStopped   = "stopped"
	TaskKilled    = "killed"
)

// TaskNotification reports that a task finished, with its summary.
type TaskNotification struct {
	Meta
	TaskID     string    `json:"task_id"`
	RunID      string    `json:"run_id,omitempty"`
	ToolUseID  string    `json:"tool_use_id,omitempty"`
	Status     string    `json:"status"` // completed, failed, stopped
	OutputFile string    `json:"output_file"`
	Summary    string    `json:"summary"`
	Usage      TaskUsage `json:"usage"`
}

func (*TaskNotification) Kind() string { return "system/task_notification" }

// BackgroundTasksChanged lists the tasks running in the background now.
type BackgroundTasksChanged struct {
	Meta
	Tasks []BackgroundTask `json:"tasks"`
}

func (*BackgroundTasksChanged) Kind() string { return "system/background_tasks_changed" }

// BackgroundTask is one entry of BackgroundTasksChanged.
type BackgroundTask struct {
	TaskID       string `json:"task_id"`
	RunID        string `json:"run_id,omitempty"`
	TaskType     string `json:"task_type"`
	SubagentType string `json:"subagent_type,omitempty"`
	Description  string `json:"description"`
	ParentTaskID string `json:"parent_task_id,omitempty"`
	Ambient      bool   `json:"ambient,omitempty"`
}

// SessionTitleChanged follows a rename.
type SessionTitleChanged struct {
	Meta
	Title string `json:"title"`
}

func (*SessionTitleChanged) Kind() string { return "system/session_title_changed" }

// CommandsChanged lists the session's slash commands again after they changed: CLI
// 2.1.332 sends it after plugins or skills were reloaded (reload_plugins,
// /reload-plugins, /reload-skills), so initialize's list is out of date. Commands is the
// whole new list, in initialize's form.
type CommandsChanged struct {
	Meta
	Commands []SlashCommand `json:"commands"`
}

func (*CommandsChanged) Kind() string { return "system/commands_changed" }

// ControlRequestProgress reports that a slow client request (e.g. side_question) started.
type ControlRequestProgress struct {
	Meta
	RequestID string `json:"request_id"`
	Status    string `json:"status"`
}

func (*ControlRequestProgress) Kind() string { return "system/control_request_progress" }

// PermissionDenied appears only without --permission-prompt-tool stdio: an ask was
// denied automatically.
type PermissionDenied struct {
	Meta
	ToolName  string `json:"tool_name"`
	ToolUseID string `json:"tool_use_id"`
	Message   string `json:"message"`
}

func (*PermissionDenied) Kind() string { return "system/permission_denied" }

// Informational is a message from the CLI for the user. CLI 2.1.328 sends one (level
// "warning", tag "auto_mode_no_server_check") when auto mode cannot run its
// server-side safety check in this session and refuses the calls that need it.
type Informational struct {
	Meta
	Content string `json:"content"`
	Level   string `json:"level,omitempty"` // info, warning, error
	Tag     string `json:"tag,omitempty"`
}

func (*Informational) Kind() string { return "system/informational" }

// HookStarted, HookProgress and HookResponse follow a settings hook's run.
type HookStarted struct {
	Meta
	HookID    string `json:"hook_id"`
	HookName  string `json:"hook_name"`
	HookEvent string `json:"hook_event"`
}

func (*HookStarted) Kind() string { return "system/hook_started" }

type HookProgress struct {
	Meta
	HookID    string `json:"hook_id"`
	HookName  string `json:"hook_name"`
	HookEvent string `json:"hook_event"`
	Stdout    string `json:"stdout"`
	Stderr    string `json:"stderr"`
	Output    string `json:"output"`
}

func (*HookProgress) Kind() string { return "system/hook_progress" }

type HookResponse struct {
	Meta
	HookID    string `json:"hook_id"`
	HookName  string `json:"hook_name"`
	HookEvent string `json:"hook_event"`
	Output    string `json:"output"`
	Stdout    string `json:"stdout"`
	Stderr    string `json:"stderr"`
	ExitCode  *int   `json:"exit_code,omitempty"`
	Outcome   string `json:"outcome"` // success, error, cancelled
}

func (*HookResponse) Kind() string { return "system/hook_response" }

// Command lifecycle states.
const (
	CommandQueued    = "queued"
	CommandStarted   = "started"
	CommandCompleted = "completed"
	CommandCancelled = "cancelled"
	CommandDiscarded = "discarded"
	CommandRefused   = "refused"
)

// CommandLifecycle follows a client user message that carried a uuid: queued, started,
// completed.
type CommandLifecycle struct {
	Meta
	CommandUUID string `json:"command_uuid"`
	State       string `json:"state"`
}

func (*CommandLifecycle) Kind() string { return "command_lifecycle" }

// ToolProgress reports how long a tool has been running.
type ToolProgress struct {
	Meta
	ToolUseID          string  `json:"tool_use_id"`
	ToolName           string  `json:"tool_name"`
	ParentToolUseID    *string `json:"parent_tool_use_id"`
	ElapsedTimeSeconds int     `json:"elapsed_time_seconds"`
	TaskID             string  `json:"task_id,omitempty"`
}

func (*ToolProgress) Kind() string { return "tool_progress" }

// ToolUseSummary summarises a run of tool calls.
type ToolUseSummary struct {
	Meta
	Summary             string   `json:"summary"`
	PrecedingToolUseIDs []string `json:"preceding_tool_use_ids"`
}

func (*ToolUseSummary) Kind() string { return "tool_use_summary" }

// RateLimitEvent carries subscription rate-limit information.
type RateLimitEvent struct {
	Meta
	RateLimitInfo json.RawMessage `json:"rate_limit_info"`
}

func (*RateLimitEvent) Kind() string { return "rate_limit_event" }

// PromptSuggestion is a predicted next prompt.
type PromptSuggestion struct {
	Meta
	Suggestion string `json:"suggestion"`
}

func (*PromptSuggestion) Kind() string { return "prompt_suggestion" }

// AuthStatus reports an authentication flow's progress.
type AuthStatus struct {
	Meta
	IsAuthenticating bool     `json:"isAuthenticating"`
	Output           []string `json:"output"`
	Error            string   `json:"error,omitempty"`
}

func (*AuthStatus) Kind() string { return "auth_status" }
