package trust

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
)

// What a folder runs once it is trusted: the facts the question shows, as Claude
// Code's trust dialog lists them (TrustDialog in CLI 2.1.332: hooks, MCP servers,
// settings that run commands such as apiKeyHelper, environment variables, pre-approved
// tool permissions, added directories, and the skills, commands and agents folders)
// and more precisely: every hook and server with its command line, so the user sees
// never less than will run. gclaude adds its own: the worktree setup command.

// FactKind is what a fact is about; the dialog groups facts by kind, in this order.
type FactKind int

const (
	FactUnreadable    FactKind = iota // a file that configures things and could not be read
	FactHook                          // a hook: Name is its event (and matcher)
	FactMCPServer                     // an MCP server of .mcp.json: Name is the server
	FactCommand                       // a setting that runs a command: Name is the setting
	FactEnv                           // an environment variable the settings set
	FactPermission                    // a pre-approved tool permission or permission mode
	FactDirectory                     // a directory added to the workspace
	FactPlugin                        // a plugin enabled or marketplace added
	FactClaudeDir                     // .claude/skills, commands or agents: they load and can run commands
	FactWorktreeSetup                 // gclaude's worktreeSetup, run in each new worktree
)

// Fact is one thing the folder configures.
type Fact struct {
	Kind   FactKind
	Source string // the file it comes from, relative to the folder when inside it
	Name   string
	Value  string // the command line, value, rule or folder
	Note   string // for a server: whether it would start without asking
}

// Facts are everything a folder configures that runs or widens what runs.
type Facts struct {
	Items []Fact
	// Loads are the files trusting the folder loads, as Claude Code names them
	// (".claude/settings.json (runs commands)", ".mcp.json (MCP servers)").
	Loads []string
}

// Of are the facts of one kind, in the order found.
func (f Facts) Of(k FactKind) []Fact {
	var out []Fact
	for _, it := range f.Items {
		if it.Kind == k {
			out = append(out, it)
		}
	}
	return out
}

func (f *Facts) add(k FactKind, source, name, value string) {
	f.Items = append(f.Items, Fact{Kind: k, Source: source, Name: name, Value: value})
}

// commandSettings are the settings whose value is a command the CLI runs (a path to a
// script or a shell command line), in the schema's order.
var commandSettings = []string{"apiKeyHelper", "awsAuthRefresh", "awsCredentialExport", "gcpAuthRefresh", "otelHeadersHelper", "proxyAuthHelper"}

// commandObjects are the settings that are {"type": "command", "command": …}.
var commandObjects = []string{"statusLine", "fileSuggestion", "subagentStatusLine"}

// readSettings adds what one settings file configures. A file that is not an object
// is a FactUnreadable: whatever it holds is not listed, and it would still load.
func (f *Facts) readSettings(source string, data []byte) (runs bool) {
	var s map[string]json.RawMessage
	if err := json.Unmarshal(data, &s); err != nil {
		f.add(FactUnreadable, source, "", "not valid JSON: "+err.Error())
		return true
	}
	before := len(f.Items)
	f.readHooks(source, s["hooks"])
	for _, k := range commandSettings {
		if v, ok := s[k]; ok {
			f.add(FactCommand, source, k, text(v))
		}
	}
	for _, k := range commandObjects {
		if v, ok := s[k]; ok {
			var c struct{ Command json.RawMessage }
			if json.Unmarshal(v, &c) == nil && c.Command != nil {
				f.add(FactCommand, source, k, text(c.Command))
			} else {
				f.add(FactCommand, source, k, text(v))
			}
		}
	}
	f.readEnv(source, s["env"])
	f.readPermissions(source, s["permissions"])
	f.readPlugins(source, s)
	return len(f.Items) > before
}

// readHooks lists every hook: "event (matcher)" and what it runs. A hooks value of
// another shape is shown whole.
func (f *Facts) readHooks(source string, raw json.RawMessage) {
	if raw == nil || string(raw) == "null" {
		return
	}
	var events map[string][]struct {
		Matcher string            `json:"matcher"`
		Hooks   []json.RawMessage `json:"hooks"`
	}
	if json.Unmarshal(raw, &events) != nil {
		f.add(FactHook, source, "hooks", text(raw))
		return
	}
	names := make([]string, 0, len(events))
	for e := range events {
		names = append(names, e)
	}
	sort.Strings(names)
	for _, e := range names {
		for _, m := range events[e] {
			name := e
			if m.Matcher != "" {
				name += " (" + m.Matcher + ")"
			}
			for _, h := range m.Hooks {
				f.add(FactHook, source, name, hookText(h))
			}
		}
	}
}

// hookText is what a hook does: its command, URL, prompt, or the whole hook.
func hookText(raw json.RawMessage) string {
	var h struct {
		Type    string `json:"type"`
		Command string `json:"command"`
		URL     string `json:"url"`
		Prompt  string `json:"prompt"`
	}
	if json.Unmarshal(raw, &h) != nil {
		return text(raw)
	}
	switch {
	case h.Command != "":
		return h.Command
	case h.URL != "":
		return h.Type + " " + h.URL
	case h.Prompt != "":
		return h.Type + ": " + h.Prompt
	}
	return text(raw)
}

func (f *Facts) readEnv(source string, raw json.RawMessage) {
	if raw == nil {
		return
	}
	var env map[string]json.RawMessage
	if json.Unmarshal(raw, &env) != nil {
		f.add(FactEnv, source, "env", text(raw))
		return
	}
	for _, k := range sortedKeys(env) {
		f.add(FactEnv, source, k, text(env[k]))
	}
}

func (f *Facts) readPermissions(source string, raw json.RawMessage) {
	if raw == nil {
		return
	}
	var p struct {
		Allow                 []json.RawMessage `json:"allow"`
		AdditionalDirectories []json.RawMessage `json:"additionalDirectories"`
		DefaultMode           json.RawMessage   `json:"defaultMode"`
	}
	if json.Unmarshal(raw, &p) != nil {
		f.add(FactPermission, source, "permissions", text(raw))
		return
	}
	for _, r := range p.Allow {
		f.add(FactPermission, source, "allow", text(r))
	}
	if p.DefaultMode != nil && text(p.DefaultMode) != "default" {
		f.add(FactPermission, source, "defaultMode", text(p.DefaultMode))
	}
	for _, d := range p.AdditionalDirectories {
		f.add(FactDirectory, source, "additionalDirectories", text(d))
	}
}

// readPlugins lists plugins turned on and marketplaces added: their hooks, servers and
// commands come with them.
func (f *Facts) readPlugins(source string, s map[string]json.RawMessage) {
	var enabled map[string]json.RawMessage
	if v := s["enabledPlugins"]; v != nil && json.Unmarshal(v, &enabled) == nil {
		for _, k := range sortedKeys(enabled) {
			if string(enabled[k]) == "true" {
				f.add(FactPlugin, source, "enabledPlugins", k)
			}
		}
	} else if v != nil {
		f.add(FactPlugin, source, "enabledPlugins", text(v))
	}
	for _, key := range []string{"extraKnownMarketplaces", "additionalMarketplaces"} {
		var m map[string]json.RawMessage
		if v := s[key]; v != nil && json.Unmarshal(v, &m) == nil {
			for _, k := range sortedKeys(m) {
				f.add(FactPlugin, source, key, k+": "+text(m[k]))
			}
		} else if v != nil {
			f.add(FactPlugin, source, key, text(v))
		}
	}
}

// text is a JSON value as the dialog shows it: a string as itself, anything else as
// compact JSON.
func text(v json.RawMessage) string {
	var s string
	if json.Unmarshal(v, &s) == nil {
		return s
	}
	var b bytes.Buffer
	if err := json.Compact(&b, v); err != nil {
		return string(v)
	}
	return b.String()
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// unreadable notes a file that exists and could not be read.
func (f *Facts) unreadable(source string, e Entry) {
	why := "could not be read"
	switch {
	case e.Err != nil:
		why = e.Err.Error()
	case e.Kind == File && e.Data == nil:
		why = fmt.Sprintf("%d bytes: too large to read", e.Size)
	case e.Kind != File:
		why = "not a regular file"
	}
	f.add(FactUnreadable, source, "", why)
}
