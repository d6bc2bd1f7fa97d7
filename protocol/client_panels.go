package protocol

import "encoding/json"

// Answers to client requests behind Claude Code's own panels, which CLI 2.1.332 serves
// over stream-json: /btw (side_question), /hooks (get_hooks_listing), /skills
// (get_skills_dialog), /sandbox (get_sandbox_dialog), /plan (get_plan) and
// /reload-plugins (reload_plugins). The requests are sent as RawClientRequest.

// SideQuestionResponse is side_question's answer: the model's reply to a question asked
// beside the conversation, which the conversation never sees. Synthetic is set when the
// CLI made the text up itself (no answer came).
type SideQuestionResponse struct {
	Response  string `json:"response"`
	Synthetic bool   `json:"synthetic"`
}

// HooksListing is get_hooks_listing's answer: the hooks the session runs, from the
// settings files, the session and plugins, as Claude Code's /hooks lists them.
type HooksListing struct {
	Events []HookEvent `json:"events"` // those with hooks, in lifecycle order
	Hooks  []HookRow   `json:"hooks"`  // events in lifecycle order, matchers by priority
	Policy HooksPolicy `json:"policy"`
}

// HookEvent is an event that has hooks.
type HookEvent struct {
	Name            string `json:"name"`
	Summary         string `json:"summary"`
	SupportsMatcher bool   `json:"supportsMatcher"`
	HookCount       int    `json:"hookCount"`
}

// HookRow is one hook: where it comes from and what it runs, display-ready (control
// characters revealed by the CLI; gclaude sanitizes them anyway).
type HookRow struct {
	Event        string `json:"event"`
	Matcher      string `json:"matcher"`
	Source       string `json:"source"`      // userSettings, projectSettings, pluginHook, …
	SourceLabel  string `json:"sourceLabel"` // "Project settings (.claude/settings.json)"
	PluginName   string `json:"pluginName,omitempty"`
	Type         string `json:"type"` // command, prompt, agent, http, …
	DisplayText  string `json:"displayText"`
	CommandText  string `json:"commandText"`
	ContentLabel string `json:"contentLabel"` // Command, Prompt, URL, …
	Condition    string `json:"condition,omitempty"`
	Timeout      int    `json:"timeout,omitempty"` // seconds
	Disabled     bool   `json:"disabled,omitempty"`
}

// HooksPolicy is what keeps hooks from running.
type HooksPolicy struct {
	AllDisabled      bool `json:"allDisabled"`
	DisabledByPolicy bool `json:"disabledByPolicy"`
	ManagedOnly      bool `json:"managedOnly"`
	PluginOnly       bool `json:"pluginOnly"`
}

// SkillsDialog is get_skills_dialog's answer: the rows of Claude Code's /skills menu.
type SkillsDialog struct {
	Skills []SkillRow `json:"skills"`
}

// SkillRow is one skill of the /skills menu.
type SkillRow struct {
	Name        string `json:"name"`
	DisplayName string `json:"display_name"`
	Description string `json:"description"`
	Source      string `json:"source"` // user, project, plugin, built-in, …
	Tokens      int    `json:"tokens"` // its listing's share of the system prompt
	State       string `json:"state"`  // on, name-only, user-invocable-only, off
	LockedBy    string `json:"locked_by,omitempty"`
	Advertised  bool   `json:"advertised"` // offered as a slash command
}

// SandboxDialog is get_sandbox_dialog's answer (the part gclaude shows).
type SandboxDialog struct {
	Supported         bool   `json:"supported"`
	UnsupportedReason string `json:"unsupported_reason,omitempty"`
	Enabled           bool   `json:"enabled"`
	Mode              string `json:"mode"` // disabled, …
	Locked            bool   `json:"locked"`
	Dependencies      struct {
		Errors   []json.RawMessage `json:"errors"`
		Warnings []json.RawMessage `json:"warnings"`
	} `json:"dependencies"`
}

// PlanResponse is get_plan's answer: the session's plan-mode plan, if one was written.
type PlanResponse struct {
	Exists  bool   `json:"exists"`
	Content string `json:"content,omitempty"`
	Path    string `json:"path,omitempty"`
}

// ReloadPluginsResponse is reload_plugins' answer: the session's plugins and commands
// after reading them again from disk.
type ReloadPluginsResponse struct {
	Commands   []SlashCommand `json:"commands"`
	Plugins    []LoadedPlugin `json:"plugins"`
	ErrorCount int            `json:"error_count"`
}

// LoadedPlugin is a plugin the session has loaded.
type LoadedPlugin struct {
	Name    string `json:"name"`
	Path    string `json:"path"`
	Source  string `json:"source,omitempty"`
	Version string `json:"version,omitempty"`
}
