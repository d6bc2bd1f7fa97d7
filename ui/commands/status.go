package commands

import (
	"context"
	"fmt"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/input"
)

func init() {
	register(Command{Command: input.Command{Name: "status", Description: "Show versions, session, folders, model, mode, account, MCP servers and settings"},
		Place: placeEveryday + 1, Live: true, Run: runStatus})
}

// StatusBase is what the session already knows for /status.
type StatusBase struct {
	GclaudeVersion string
	ClaudeVersion  string
	SessionID      string
	CWD            string
	AddedDirs      []string // gclaude's own /add-dir list
	Model          string
	Mode           string
	Account        protocol.Account
	APIKeySource   string // system/init's apiKeySource, when a turn reported it
}

// settingsSources is get_settings' answer, the part /status shows.
type settingsSources struct {
	Sources []struct {
		Source string `json:"source"`
	} `json:"sources"`
}

// workspace is list_permission_rules' answer, the part /status shows.
type workspace struct {
	State struct {
		WorkspaceDirectories []struct {
			Path   string `json:"path"`
			Source string `json:"source"`
		} `json:"workspaceDirectories"`
	} `json:"state"`
}

// statusReport asks the CLI for what only it knows (MCP servers, settings layers, working
// folders) and returns the /status report. A question the CLI fails is reported in
// its row; the rest is still shown.
func statusReport(ctx context.Context, ask Ask, b StatusBase) string {
	var rows [][2]string
	row := func(k, v string) { rows = append(rows, [2]string{k, render.OrDefault(v, "—")}) }
	row("gclaude", b.GclaudeVersion)
	row("claude", b.ClaudeVersion)
	row("Session ID", b.SessionID)
	row("Folder", b.CWD)

	var ws workspace
	dirs := slices.Clone(b.AddedDirs)
	if err := askInto(ctx, ask, raw("list_permission_rules", nil), &ws); err == nil {
		for _, d := range ws.State.WorkspaceDirectories {
			if !slices.Contains(dirs, d.Path) {
				dirs = append(dirs, d.Path+" ("+sourceName(d.Source)+")")
			}
		}
	}
	row("Added folders", strings.Join(dirs, ", "))
	row("Model", b.Model)
	row("Permission mode", b.Mode)
	row("Account", accountText(b.Account, b.APIKeySource))

	var mcp protocol.MCPStatusResponse
	if err := askInto(ctx, ask, protocol.MCPStatus{}, &mcp); err != nil {
		row("MCP servers", "could not ask claude: "+err.Error())
	} else {
		row("MCP servers", mcpText(mcp.MCPServers))
	}

	var ss settingsSources
	if err := askInto(ctx, ask, raw("get_settings", nil), &ss); err != nil {
		row("Settings", "could not ask claude: "+err.Error())
	} else {
		var names []string
		for _, s := range ss.Sources {
			names = append(names, sourceName(s.Source))
		}
		row("Settings", strings.Join(names, ", "))
	}

	width := 0
	for _, r := range rows {
		width = max(width, len(r[0]))
	}
	lines := []string{"Status"}
	for _, r := range rows {
		lines = append(lines, "  "+render.Pad(r[0], width)+"  "+r[1])
	}
	return strings.Join(lines, "\n")
}

// accountText says how the CLI authenticates: a claude.ai login or an API key, and
// where the key comes from.
func accountText(a protocol.Account, initSource string) string {
	var parts []string
	if a.Email != "" {
		parts = append(parts, a.Email)
	}
	if a.Organization != "" {
		parts = append(parts, a.Organization)
	}
	if a.SubscriptionType != "" {
		parts = append(parts, a.SubscriptionType)
	}
	src := a.APIKeySource
	if src == "" {
		src = initSource
	}
	switch {
	case src != "" && src != "none":
		parts = append(parts, "API key from "+src)
	case a.TokenSource != "" && a.TokenSource != "none":
		parts = append(parts, "token from "+a.TokenSource)
	case len(parts) == 0:
		parts = append(parts, "not logged in")
	}
	if a.APIProvider != "" && a.APIProvider != "firstParty" {
		parts = append(parts, "via "+a.APIProvider)
	}
	return strings.Join(parts, " · ")
}

func mcpText(servers []protocol.MCPServer) string {
	if len(servers) == 0 {
		return "none"
	}
	var parts []string
	for _, s := range servers {
		t := s.Name + " (" + s.Status
		if s.Error != "" {
			t += ": " + render.OneLine(s.Error)
		}
		parts = append(parts, t+")")
	}
	return fmt.Sprintf("%d: %s", len(servers), strings.Join(parts, ", "))
}

// sourceName is a settings source as a user knows it.
func sourceName(source string) string {
	switch source {
	case "userSettings":
		return "user (~/.claude/settings.json)"
	case "projectSettings":
		return "project (.claude/settings.json)"
	case "localSettings":
		return "local (.claude/settings.local.json)"
	case "flagSettings":
		return "this session (gclaude)"
	case "policySettings":
		return "managed policy"
	case "cliArg":
		return "command line"
	case "session":
		return "this session"
	}
	return source
}

// runStatus reports versions, session, folders, model, mode, account, MCP servers and the
// settings in effect.
func runStatus(s Session, _ string) tea.Cmd {
	base := s.Info().Status
	return s.Ask("status", func(ctx context.Context, ask Ask) Done {
		return Done{Kind: noticeInfo, Text: statusReport(ctx, ask, base)}
	})
}
