package dialogs

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// MCPOpen asks the session to show one MCP server of /mcp's panel.
type MCPOpen struct{ Server string }

// MCPBack asks the session to go back to /mcp's list of servers.
type MCPBack struct{}

// MCPDo asks the session to act on an MCP server: Op is one of the MCPOp constants.
type MCPDo struct{ Server, Op string }

func (MCPOpen) action() {}
func (MCPBack) action() {}
func (MCPDo) action()   {}

// What /mcp's panel can do to a server, as the CLI offers it over stream-json.
const (
	MCPReconnect    = "reconnect"    // mcp_reconnect
	MCPEnable       = "enable"       // mcp_toggle enabled: true
	MCPDisable      = "disable"      // mcp_toggle enabled: false
	MCPAuthenticate = "authenticate" // mcp_authenticate (http and sse servers only)
)

// NewMCPList is /mcp's panel: the MCP servers with their state; choosing one shows it
// (MCPOpen). note, when set, says what the last action did.
func NewMCPList(servers []protocol.MCPServer, note string, env Env) *Picker {
	p := &Picker{env: env, title: "MCP servers", follow: true}
	switch {
	case len(servers) == 0:
		p.header = noteHeader(strings.TrimSpace(note + " No MCP servers are configured. Add one with `claude mcp add`, " +
			"a project's .mcp.json, or gclaude --mcp-config."))
	case note != "":
		p.header = noteHeader(note)
	}
	for _, s := range servers {
		p.items = append(p.items, pickItem{title: oneLine(s.Name), desc: oneLine(mcpSummary(s)), value: s.Name,
			danger: s.Status == protocol.MCPFailed || s.Status == protocol.MCPNeedsAuth})
	}
	if len(servers) == 0 {
		p.items = append(p.items, pickItem{title: "Close", value: mcpClose})
	}
	p.choose = func(v string) Action {
		if v == mcpClose {
			return Dismiss{}
		}
		return MCPOpen{Server: v}
	}
	return p
}

// mcpSummary is a server's state in a few words: "connected · 2 tools · stdio".
func mcpSummary(s protocol.MCPServer) string {
	parts := []string{mcpStatusWord(s.Status)}
	if n := mcpToolCount(s); s.Status == protocol.MCPConnected {
		parts = append(parts, fmt.Sprintf("%d %s", n, render.Plural(n, "tool")))
	}
	if s.Transport != "" {
		parts = append(parts, s.Transport)
	}
	if s.Error != "" {
		parts = append(parts, s.Error)
	}
	return strings.Join(parts, " · ")
}

func mcpToolCount(s protocol.MCPServer) int {
	if len(s.Tools) > 0 {
		return len(s.Tools)
	}
	return s.ToolCount
}

// mcpStatusWord is a status as the panel says it.
func mcpStatusWord(status string) string {
	switch status {
	case protocol.MCPConnected:
		return "✔ connected"
	case protocol.MCPFailed:
		return "✘ failed"
	case protocol.MCPNeedsAuth:
		return "△ needs authentication"
	case protocol.MCPPending:
		return "… connecting"
	case protocol.MCPDisabled:
		return "○ disabled"
	}
	return render.OrDefault(status, "unknown")
}

// Values of the panels' own rows (a server is never named with a NUL).
const (
	mcpBack  = "\x00back"
	mcpClose = "\x00close"
)

// noteHeader is a picker header of one paragraph of text.
func noteHeader(note string) func(st *themes.Styles, width int) []string {
	return func(st *themes.Styles, width int) []string { return styledWrap(clean(note), width, st.Text) }
}

// MCPCanAuthenticate reports whether a server signs in with OAuth: the CLI refuses
// mcp_authenticate for every other transport ("does not support OAuth").
func MCPCanAuthenticate(s protocol.MCPServer) bool {
	return s.Status == protocol.MCPNeedsAuth || s.Transport == "http" || s.Transport == "sse"
}

// NewMCPServer shows one server: its state, where it comes from, its tools and the
// actions the CLI offers for it (MCPDo); esc and "Back" return to the list (MCPBack).
// note, when set, says what the last action did.
func NewMCPServer(s protocol.MCPServer, note string, env Env) *Picker {
	p := &Picker{env: env, title: "MCP server " + oneLine(s.Name), follow: true,
		closed: func() Action { return MCPBack{} }}
	p.header = func(st *themes.Styles, width int) []string {
		var lines []string
		if note != "" {
			lines = append(lines, styledWrap(clean(note), width, st.Text)...)
			lines = append(lines, "")
		}
		for _, r := range mcpFacts(s) {
			label := st.Tool.Label.Render(render.Pad(r[0], 10))
			lines = append(lines, hanging(label+" ", st.Text.Render(clean(r[1])), width)...)
		}
		return lines
	}
	add := func(title, desc, op string) {
		p.items = append(p.items, pickItem{title: title, desc: desc, value: op})
	}
	switch s.Status {
	case protocol.MCPDisabled:
		add("Enable", "connect it again and offer its tools to claude", MCPEnable)
	case protocol.MCPNeedsAuth:
		add("Authenticate", "sign in with the server's OAuth in your browser", MCPAuthenticate)
		add("Reconnect", "", MCPReconnect)
		add("Disable", "", MCPDisable)
	default:
		add("Reconnect", "close the connection and connect again", MCPReconnect)
		if MCPCanAuthenticate(s) {
			add("Authenticate", "sign in with the server's OAuth in your browser", MCPAuthenticate)
		}
		add("Disable", "claude stops using its tools until it is enabled", MCPDisable)
	}
	add("Back", "", mcpBack)
	p.choose = func(op string) Action {
		if op == mcpBack {
			return MCPBack{}
		}
		return MCPDo{Server: s.Name, Op: op}
	}
	return p
}

// mcpFacts are the rows NewMCPServer shows above its actions.
func mcpFacts(s protocol.MCPServer) [][2]string {
	rows := [][2]string{{"Status", mcpStatusWord(s.Status)}}
	if s.Error != "" {
		rows = append(rows, [2]string{"Error", s.Error})
	}
	if i := s.ServerInfo; i != nil {
		rows = append(rows, [2]string{"Server", strings.TrimSpace(i.Name + " " + i.Version)})
	}
	if t := mcpTarget(s); t != "" || s.Transport != "" {
		rows = append(rows, [2]string{"Transport", strings.TrimSpace(render.OrDefault(s.Transport, "?") + "  " + t)})
	}
	if where := mcpScope(s); where != "" {
		rows = append(rows, [2]string{"Scope", where})
	}
	n := mcpToolCount(s)
	switch {
	case len(s.Tools) > 0:
		names := make([]string, len(s.Tools))
		for i, t := range s.Tools {
			names[i] = t.Name
			if a := t.Annotations; a != nil && a.ReadOnly {
				names[i] += " (read-only)"
			} else if a != nil && a.Destructive {
				names[i] += " (destructive)"
			}
		}
		rows = append(rows, [2]string{fmt.Sprintf("Tools (%d)", n), strings.Join(names, ", ")})
	case n > 0:
		rows = append(rows, [2]string{"Tools", fmt.Sprint(n)})
	case s.Status == protocol.MCPConnected:
		rows = append(rows, [2]string{"Tools", "none"})
	default:
		rows = append(rows, [2]string{"Tools", "known once it is connected"})
	}
	return rows
}

// mcpTarget is what a server runs or where it is: the command line, or the URL.
func mcpTarget(s protocol.MCPServer) string {
	var c struct {
		Command string   `json:"command"`
		Args    []string `json:"args"`
		URL     string   `json:"url"`
	}
	if len(s.Config) == 0 || json.Unmarshal(s.Config, &c) != nil {
		return ""
	}
	if c.URL != "" {
		return c.URL
	}
	return strings.TrimSpace(strings.Join(append([]string{c.Command}, c.Args...), " "))
}

// mcpScope says where a server's definition comes from.
func mcpScope(s protocol.MCPServer) string {
	scope := render.OrDefault(s.Scope, s.Source)
	switch scope {
	case "":
		return ""
	case "dynamic":
		return "dynamic (--mcp-config: this session only)"
	case "user":
		return "user (~/.claude.json: every project)"
	case "local":
		return "local (~/.claude.json: this project, only you)"
	case "project":
		return "project (.mcp.json: shared with the project)"
	}
	return scope
}
