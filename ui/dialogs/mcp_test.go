package dialogs

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/protocol"
)

// mcpServers are three servers as CLI 2.1.328's mcp_status reports them: one
// connected with two tools, one that failed to start, one remote that needs a sign-in.
func mcpServers() []protocol.MCPServer {
	return []protocol.MCPServer{
		{Name: "words", Status: protocol.MCPConnected, Transport: "stdio", Scope: "dynamic", Source: "dynamic",
			ServerInfo: &protocol.MCPServerInfo{Name: "words", Version: "1.2.3"},
			Config:     json.RawMessage(`{"type":"stdio","command":"/home/dev/bin/mcpserver","args":["-name","words"]}`),
			Tools: []protocol.MCPTool{{Name: "echo_words", Annotations: &protocol.MCPAnnotations{ReadOnly: true}},
				{Name: "shout"}}},
		{Name: "flaky", Status: protocol.MCPFailed, Error: "Connection closed", Transport: "stdio", Scope: "project"},
		{Name: "remote", Status: protocol.MCPNeedsAuth, Transport: "http", Scope: "user",
			Config: json.RawMessage(`{"type":"http","url":"https://mcp.example/mcp"}`)},
	}
}

func init() {
	servers := mcpServers()
	moreScreens = append(moreScreens,
		screen{name: "mcp_list", build: func(_ *testing.T, env Env) Dialog { return NewMCPList(servers, "", env) }},
		screen{name: "mcp_list_empty", build: func(_ *testing.T, env Env) Dialog { return NewMCPList(nil, "", env) }},
		screen{name: "mcp_server_connected", build: func(_ *testing.T, env Env) Dialog {
			return NewMCPServer(servers[0], "Reconnected words: connected, 2 tools.", env)
		}},
		screen{name: "mcp_server_failed", build: func(_ *testing.T, env Env) Dialog { return NewMCPServer(servers[1], "", env) }},
		screen{name: "mcp_server_needs_auth", build: func(_ *testing.T, env Env) Dialog { return NewMCPServer(servers[2], "", env) }},
	)
}

// The list shows each server's state; enter opens the one under the cursor, esc closes.
func TestMCPList(t *testing.T) {
	c := newClock()
	d := open(NewMCPList(mcpServers(), "", testEnv(c)), c)
	view := stripped(d.View(80, 24))
	for _, want := range []string{"MCP servers", "words", "✔ connected · 2 tools · stdio", "flaky", "✘ failed · stdio · Connection closed", "△ needs authentication · http"} {
		if !strings.Contains(view, want) {
			t.Errorf("the list lacks %q:\n%s", want, view)
		}
	}
	if a := press(t, d, "down", "enter"); a != (MCPOpen{Server: "flaky"}) {
		t.Errorf("enter on the second server: %#v", a)
	}
	if a := press(t, d, "esc"); a != (Dismiss{}) {
		t.Errorf("esc: %#v", a)
	}
	empty := open(NewMCPList(nil, "", testEnv(c)), c)
	if v := stripped(empty.View(80, 24)); !strings.Contains(v, "No MCP servers are configured") {
		t.Errorf("no servers:\n%s", v)
	}
	if a := press(t, empty, "enter"); a != (Dismiss{}) {
		t.Errorf("enter with no servers: %#v", a)
	}
}

// A server's panel shows its facts and tools and offers what the CLI can do for its
// state; esc goes back to the list.
func TestMCPServerActions(t *testing.T) {
	c := newClock()
	servers := mcpServers()
	choices := func(d Dialog) []string {
		var out []string
		for _, it := range d.(*Picker).items {
			out = append(out, it.title)
		}
		return out
	}
	for _, tc := range []struct {
		server protocol.MCPServer
		want   []string
	}{
		{servers[0], []string{"Reconnect", "Disable", "Back"}},
		{servers[1], []string{"Reconnect", "Disable", "Back"}},
		{servers[2], []string{"Authenticate", "Reconnect", "Disable", "Back"}},
		{protocol.MCPServer{Name: "off", Status: protocol.MCPDisabled}, []string{"Enable", "Back"}},
		{protocol.MCPServer{Name: "h", Status: protocol.MCPFailed, Transport: "sse"}, []string{"Reconnect", "Authenticate", "Disable", "Back"}},
	} {
		d := open(NewMCPServer(tc.server, "", testEnv(c)), c)
		if got := choices(d); strings.Join(got, ",") != strings.Join(tc.want, ",") {
			t.Errorf("%s (%s): choices %q, want %q", tc.server.Name, tc.server.Status, got, tc.want)
		}
	}

	d := open(NewMCPServer(servers[0], "", testEnv(c)), c)
	view := stripped(d.View(100, 30))
	for _, want := range []string{"MCP server words", "Status     ✔ connected", "Server     words 1.2.3",
		"Transport  stdio  /home/dev/bin/mcpserver -name words", "Scope      dynamic (--mcp-config: this session only)",
		"Tools (2)  echo_words (read-only), shout"} {
		if !strings.Contains(view, want) {
			t.Errorf("the server's panel lacks %q:\n%s", want, view)
		}
	}
	if a := press(t, d, "enter"); a != (MCPDo{Server: "words", Op: MCPReconnect}) {
		t.Errorf("enter on Reconnect: %#v", a)
	}
	if a := press(t, d, "down", "enter"); a != (MCPDo{Server: "words", Op: MCPDisable}) {
		t.Errorf("Disable: %#v", a)
	}
	if a := press(t, d, "down", "enter"); a != (MCPBack{}) {
		t.Errorf("Back: %#v", a)
	}
	if a := press(t, d, "esc"); a != (MCPBack{}) {
		t.Errorf("esc: %#v", a)
	}
	failed := open(NewMCPServer(servers[1], "", testEnv(c)), c)
	if v := stripped(failed.View(100, 30)); !strings.Contains(v, "Error      Connection closed") || !strings.Contains(v, "known once it is connected") {
		t.Errorf("a failed server:\n%s", v)
	}
}

// Whatever a server reports is shown as text, never as terminal controls.
func TestMCPPanelSanitizes(t *testing.T) {
	c := newClock()
	s := protocol.MCPServer{Name: "evil\x1b]0;pwned\a", Status: protocol.MCPFailed, Error: "boom\x1b[2J",
		Tools: []protocol.MCPTool{{Name: "t\x1b[31m"}}}
	for _, d := range []Dialog{open(NewMCPList([]protocol.MCPServer{s}, "note\x1b[1m", testEnv(c)), c), open(NewMCPServer(s, "", testEnv(c)), c)} {
		if v := stripped(d.View(80, 24)); strings.ContainsRune(v, 0x1b) || strings.ContainsRune(v, '\a') {
			t.Errorf("raw controls reached the screen: %q", v)
		}
	}
}
