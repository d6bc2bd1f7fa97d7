package protocol

import "encoding/json"

// Typed payloads of the CLI's success responses to client requests.

// InitializeResponse is what the CLI offers: commands, models, agents, mode, capabilities.
type InitializeResponse struct {
	Commands              []SlashCommand `json:"commands"`
	Agents                []AgentInfo    `json:"agents"`
	Models                []ModelInfo    `json:"models"`
	Account               Account        `json:"account"`
	OutputStyle           string         `json:"output_style,omitempty"`
	AvailableOutputStyles []string       `json:"available_output_styles,omitempty"`
	PID                   int            `json:"pid,omitempty"`
	ClaudeCodeVersion     string         `json:"claude_code_version,omitempty"`
	CurrentPermissionMode string         `json:"current_permission_mode,omitempty"`
	CurrentModel          string         `json:"current_model,omitempty"`
	Capabilities          []string       `json:"capabilities,omitempty"`
	SessionState          string         `json:"session_state,omitempty"`
	// HooksApplied is true when the hooks sent in initialize were installed.
	HooksApplied bool `json:"hooks_applied,omitempty"`
}

// SlashCommand is a command the CLI accepts as a prompt starting with "/".
type SlashCommand struct {
	Name         string   `json:"name"`
	Description  string   `json:"description"`
	ArgumentHint string   `json:"argumentHint,omitempty"`
	Builtin      bool     `json:"builtin,omitempty"`
	Aliases      []string `json:"aliases,omitempty"`
}

// AgentInfo is a subagent type.
type AgentInfo struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Model       string `json:"model,omitempty"`
}

// ModelInfo is a model choice; Value is what set_model takes.
type ModelInfo struct {
	Value                 string   `json:"value"`
	ResolvedModel         string   `json:"resolvedModel,omitempty"`
	DisplayName           string   `json:"displayName"`
	Description           string   `json:"description"`
	SupportsEffort        bool     `json:"supportsEffort,omitempty"`
	SupportedEffortLevels []string `json:"supportedEffortLevels,omitempty"`

	SupportsAdaptiveThinking bool `json:"supportsAdaptiveThinking,omitempty"`
	SupportsFastMode         bool `json:"supportsFastMode,omitempty"`
	SupportsAutoMode         bool `json:"supportsAutoMode,omitempty"`
	SupportsThinkingOff      bool `json:"supportsThinkingOff,omitempty"`
	Disabled                 bool `json:"disabled,omitempty"`
}

// Account says how the CLI is authenticated.
type Account struct {
	TokenSource  string `json:"tokenSource,omitempty"`
	APIKeySource string `json:"apiKeySource,omitempty"`
	APIProvider  string `json:"apiProvider,omitempty"`
	Email        string `json:"email,omitempty"`

	Organization     string `json:"organization,omitempty"`
	SubscriptionType string `json:"subscriptionType,omitempty"`
}

// LoggedOut reports whether the CLI said it has no credentials at all: CLI 2.1.328
// without a key or login answers tokenSource "none" and no apiKeySource. An account
// it did not describe (an older CLI) is not taken for logged out, and a cloud
// provider (Bedrock, Vertex…) brings credentials of its own.
func (a Account) LoggedOut() bool {
	none := func(s string) bool { return s == "" || s == "none" }
	return a.TokenSource == "none" && none(a.APIKeySource) && (a.APIProvider == "" || a.APIProvider == "firstParty")
}

// InterruptResponse lists user messages still queued after the interrupt. The CLI sends
// their uuids; older CLIs send no list at all.
type InterruptResponse struct {
	StillQueued []json.RawMessage `json:"still_queued"`
}

// SetModelResponse is the model the CLI resolved.
type SetModelResponse struct {
	Model string `json:"model"`
}

// SetPermissionModeResponse is the mode the CLI now uses ("manual" comes back "default").
type SetPermissionModeResponse struct {
	Mode string `json:"mode"`
}

// ContextUsage is the context window breakdown.
type ContextUsage struct {
	Categories   []ContextCategory `json:"categories"`
	TotalTokens  int               `json:"totalTokens"`
	MaxTokens    int               `json:"maxTokens"`
	RawMaxTokens int               `json:"rawMaxTokens,omitempty"`
	Percentage   float64           `json:"percentage"`
	Model        string            `json:"model"`

	AutoCompactThreshold int  `json:"autoCompactThreshold,omitempty"`
	IsAutoCompactEnabled bool `json:"isAutoCompactEnabled"`
	// APIUsage is the last API call's usage, nil before the first call.
	APIUsage *Usage `json:"apiUsage"`
}

// ContextCategory is one slice of the context (system prompt, tools, messages…).
type ContextCategory struct {
	ID         string `json:"id,omitempty"`
	Name       string `json:"name"`
	Tokens     int    `json:"tokens"`
	Color      string `json:"color,omitempty"`
	Kind       string `json:"kind,omitempty"`
	IsDeferred bool   `json:"isDeferred,omitempty"`
}

// SessionCost is the CLI's formatted cost summary.
type SessionCost struct {
	Text string `json:"text"`
}

// ListModelsResponse lists the models.
type ListModelsResponse struct {
	Models []ModelInfo `json:"models"`
}

// MCPStatusResponse lists MCP servers.
type MCPStatusResponse struct {
	MCPServers []MCPServer `json:"mcpServers"`
}

// MCPAuthenticateResponse is how an MCP sign-in goes on: with RequiresUserAction the
// user opens AuthURL in a browser; with CallbackExpected claude waits for the browser's
// redirect (on localhost:CallbackPort when RedirectScheme is "localhost").
type MCPAuthenticateResponse struct {
	AuthURL            string `json:"authUrl,omitempty"`
	RequiresUserAction bool   `json:"requiresUserAction"`
	CallbackExpected   bool   `json:"callbackExpected"`
	RedirectScheme     string `json:"redirectScheme,omitempty"` // localhost or custom
	State              string `json:"state,omitempty"`
	CallbackPort       int    `json:"callbackPort,omitempty"`
}

// Settings sources, lowest priority first, as get_settings names them.
const (
	SourceUserSettings    = "userSettings"
	SourceProjectSettings = "projectSettings"
	SourceLocalSettings   = "localSettings"
	SourceFlagSettings    = "flagSettings"
	SourcePolicySettings  = "policySettings"
)

// SettingsResponse is get_settings' answer: the merged settings, each source's own
// (lowest priority first: a later one overrides an earlier one) and what the session
// applies of them.
type SettingsResponse struct {
	Effective map[string]json.RawMessage `json:"effective"`
	Sources   []SettingsSource           `json:"sources"`
	Applied   AppliedSettings            `json:"applied"`
	// ServedSettingsState is about settings an organisation serves ("ineligible"…).
	ServedSettingsState string `json:"served_settings_state,omitempty"`
}

// SettingsSource is one source's settings as written.
type SettingsSource struct {
	Source   string                     `json:"source"`
	Settings map[string]json.RawMessage `json:"settings"`
}

// AppliedSettings is what the session runs with: the model resolved and the effort
// (nil where the model has none).
type AppliedSettings struct {
	Model  string  `json:"model"`
	Effort *string `json:"effort"`
}

// Source is the last source that sets key (the one in effect), and its value; ok is
// false when none does.
func (r SettingsResponse) Source(key string) (source string, value json.RawMessage, ok bool) {
	for i := len(r.Sources) - 1; i >= 0; i-- {
		if v, has := r.Sources[i].Settings[key]; has {
			return r.Sources[i].Source, v, true
		}
	}
	return "", nil, false
}

// UsageResponse is get_usage's answer (experimental in the CLI: its shape may change).
type UsageResponse struct {
	Session SessionUsage `json:"session"`
	// SubscriptionType is pro, max, team or enterprise; nil for an API key or a cloud
	// provider.
	SubscriptionType *string `json:"subscription_type"`
	// RateLimitsAvailable is false where plan limits do not apply (RateLimits is nil).
	RateLimitsAvailable bool        `json:"rate_limits_available"`
	RateLimits          *RateLimits `json:"rate_limits"`
	// Behaviors is the scan of local transcripts (nil when skipped or not a subscriber).
	Behaviors json.RawMessage `json:"behaviors"`
}

// SessionUsage is what this claude process has spent.
type SessionUsage struct {
	TotalCostUSD       float64               `json:"total_cost_usd"`
	TotalAPIDurationMS int64                 `json:"total_api_duration_ms"`
	TotalDurationMS    int64                 `json:"total_duration_ms"`
	TotalLinesAdded    int                   `json:"total_lines_added"`
	TotalLinesRemoved  int                   `json:"total_lines_removed"`
	ModelUsage         map[string]ModelUsage `json:"model_usage"`
}

// RateLimits are the plan's usage windows.
type RateLimits struct {
	FiveHour       *RateWindow       `json:"five_hour,omitempty"`
	SevenDay       *RateWindow       `json:"seven_day,omitempty"`
	SevenDayOAuth  *RateWindow       `json:"seven_day_oauth_apps,omitempty"`
	SevenDayOpus   *RateWindow       `json:"seven_day_opus,omitempty"`
	SevenDaySonnet *RateWindow       `json:"seven_day_sonnet,omitempty"`
	ModelScoped    []ModelRateWindow `json:"model_scoped,omitempty"`
	ExtraUsage     json.RawMessage   `json:"extra_usage,omitempty"`
}

// RateWindow is how much of a window is used (0-100) and when it resets (ISO 8601).
type RateWindow struct {
	Utilization *float64 `json:"utilization"`
	ResetsAt    *string  `json:"resets_at"`
}

// ModelRateWindow is a model's own weekly window.
type ModelRateWindow struct {
	DisplayName string   `json:"display_name"`
	Utilization *float64 `json:"utilization"`
	ResetsAt    *string  `json:"resets_at"`
}

// RewindFilesResponse says whether files can be (or were) restored, and what changed.
type RewindFilesResponse struct {
	CanRewind    bool     `json:"canRewind"`
	Error        string   `json:"error,omitempty"`
	FilesChanged []string `json:"filesChanged,omitempty"`
	Insertions   int      `json:"insertions,omitempty"`
	Deletions    int      `json:"deletions,omitempty"`
}

// ResolveModel names the model the CLI will use for want (an alias, a full id, or ""
// for its default), from the model list: an alias it lists resolves to its model id,
// anything else stays as given.
func (r *InitializeResponse) ResolveModel(want string) string {
	alias := want
	if alias == "" {
		alias = r.CurrentModel
	}
	if alias == "" {
		alias = "default"
	}
	for _, mi := range r.Models {
		if mi.Value == alias && mi.ResolvedModel != "" {
			return mi.ResolvedModel
		}
	}
	return want
}
