package commands

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/dialogs"
)

// mcpCLI answers the MCP requests as CLI 2.1.328 does, over servers it keeps: toggle
// and reconnect change them, an unknown name is refused.
type mcpCLI struct {
	servers map[string]*protocol.MCPServer
	order   []string
	asked   []string
	auth    protocol.MCPAuthenticateResponse
}

func newMCPCLI() *mcpCLI {
	c := &mcpCLI{servers: map[string]*protocol.MCPServer{}}
	add := func(s protocol.MCPServer) {
		c.servers[s.Name] = &s
		c.order = append(c.order, s.Name)
	}
	add(protocol.MCPServer{Name: "words", Status: protocol.MCPConnected, Transport: "stdio", Tools: []protocol.MCPTool{{Name: "a"}, {Name: "b"}}})
	add(protocol.MCPServer{Name: "flaky", Status: protocol.MCPFailed, Transport: "stdio", Error: "Connection closed"})
	add(protocol.MCPServer{Name: "remote", Status: protocol.MCPNeedsAuth, Transport: "http"})
	return c
}

func (c *mcpCLI) answer(req protocol.ClientRequest) (json.RawMessage, error) {
	b, _ := json.Marshal(req)
	c.asked = append(c.asked, req.Subtype()+" "+string(b))
	notFound := func(name string) error { return &protocol.ControlError{Message: "Server not found: " + name} }
	switch r := req.(type) {
	case protocol.MCPStatus:
		var out protocol.MCPStatusResponse
		for _, n := range c.order {
			out.MCPServers = append(out.MCPServers, *c.servers[n])
		}
		return json.Marshal(out)
	case protocol.MCPReconnect:
		s, ok := c.servers[r.ServerName]
		if !ok {
			return nil, notFound(r.ServerName)
		}
		s.Status, s.Error, s.Tools = protocol.MCPConnected, "", []protocol.MCPTool{{Name: "later"}}
		return nil, nil
	case protocol.MCPToggle:
		s, ok := c.servers[r.ServerName]
		if !ok {
			return nil, notFound(r.ServerName)
		}
		s.Status, s.Tools = protocol.MCPDisabled, nil
		if r.Enabled {
			s.Status, s.Tools = protocol.MCPConnected, []protocol.MCPTool{{Name: "a"}}
		}
		return nil, nil
	case protocol.MCPAuthenticate:
		s, ok := c.servers[r.ServerName]
		if !ok {
			return nil, notFound(r.ServerName)
		}
		if s.Transport == "stdio" {
			return nil, &protocol.ControlError{Message: `Server type "stdio" does not support OAuth authentication`}
		}
		return json.Marshal(c.auth)
	}
	return nil, errors.New("unexpected request " + req.Subtype())
}

func mcpSession() (*fakeSession, *mcpCLI) {
	cli := newMCPCLI()
	return &fakeSession{answer: cli.answer}, cli
}

// lastPanel is the newest picker /mcp opened, drawn without styling.
func lastPanel(t *testing.T, h *fakeSession) string {
	t.Helper()
	if len(h.pickers) == 0 {
		t.Fatal("no panel was opened")
	}
	return ansi.Strip(h.pickers[len(h.pickers)-1].View(100, 30))
}

// answer hands a panel's action to /mcp, as the root does, and runs what it returns.
func (h *fakeSession) answerWith(t *testing.T, a dialogs.Action) {
	t.Helper()
	cmd, ok := Answer(h, a)
	if !ok {
		t.Fatalf("no command took %#v", a)
	}
	h.run(t, cmd)
}

func TestMCPPanelOpens(t *testing.T) {
	h, cli := mcpSession()
	h.run(t, runMCP(h, ""))
	view := lastPanel(t, h)
	for _, want := range []string{"MCP servers", "words", "✔ connected · 2 tools", "flaky", "Connection closed", "remote"} {
		if !strings.Contains(view, want) {
			t.Errorf("the panel lacks %q:\n%s", want, view)
		}
	}
	if len(cli.asked) != 1 || !strings.HasPrefix(cli.asked[0], "mcp_status") {
		t.Errorf("asked %q", cli.asked)
	}
	h.answerWith(t, dialogs.MCPOpen{Server: "flaky"})
	if v := lastPanel(t, h); !strings.Contains(v, "MCP server flaky") || !strings.Contains(v, "Connection closed") {
		t.Errorf("flaky's panel:\n%s", v)
	}
	h.answerWith(t, dialogs.MCPBack{})
	if v := lastPanel(t, h); !strings.Contains(v, "MCP servers") {
		t.Errorf("back to the list:\n%s", v)
	}
	if len(h.notices) != 0 {
		t.Errorf("notices: %q", h.notices)
	}
}

// Each action sends its request, reads mcp_status again and shows the server with
// what happened.
func TestMCPPanelActions(t *testing.T) {
	for _, tc := range []struct {
		do       dialogs.MCPDo
		request  string
		note     string
		noticeOn bool
	}{
		{dialogs.MCPDo{Server: "flaky", Op: dialogs.MCPReconnect}, `mcp_reconnect {"serverName":"flaky"}`, "Reconnected flaky: connected, 1 tool.", false},
		{dialogs.MCPDo{Server: "words", Op: dialogs.MCPDisable}, `mcp_toggle {"serverName":"words","enabled":false}`, "Disabled words: claude no longer offers its tools.", false},
		{dialogs.MCPDo{Server: "words", Op: dialogs.MCPEnable}, `mcp_toggle {"serverName":"words","enabled":true}`, "Enabled words: connected, 1 tool.", false},
		{dialogs.MCPDo{Server: "words", Op: dialogs.MCPAuthenticate}, `mcp_authenticate {"serverName":"words"}`,
			`Could not authenticate words: Server type "stdio" does not support OAuth authentication`, false},
		{dialogs.MCPDo{Server: "gone", Op: dialogs.MCPReconnect}, `mcp_reconnect {"serverName":"gone"}`, "Could not reconnect gone: Server not found: gone", false},
		{dialogs.MCPDo{Server: "remote", Op: dialogs.MCPAuthenticate}, `mcp_authenticate {"serverName":"remote"}`,
			"To sign in to remote, open this address in your browser: https://auth.example/a?state=s · claude waits for the browser to come back to localhost:4242, then reconnects the server.", true},
	} {
		t.Run(tc.do.Op+"_"+tc.do.Server, func(t *testing.T) {
			h, cli := mcpSession()
			cli.auth = protocol.MCPAuthenticateResponse{AuthURL: "https://auth.example/a?state=s", RequiresUserAction: true, CallbackExpected: true, CallbackPort: 4242}
			h.answerWith(t, tc.do)
			if len(cli.asked) < 2 || cli.asked[0] != tc.request || !strings.HasPrefix(cli.asked[len(cli.asked)-1], "mcp_status") {
				t.Errorf("asked %q, want %s then mcp_status", cli.asked, tc.request)
			}
			view := strings.Join(strings.Fields(strings.ReplaceAll(lastPanel(t, h), "│", "")), " ")
			if !strings.Contains(view, tc.note) {
				t.Errorf("the panel does not say %q:\n%s", tc.note, lastPanel(t, h))
			}
			if got := len(h.notices) == 1 && strings.Contains(h.notices[0], tc.note); got != tc.noticeOn {
				t.Errorf("notices %q (want the note in the transcript: %v)", h.notices, tc.noticeOn)
			}
		})
	}
}

// /mcp with a verb acts at once and says the outcome in the transcript.
func TestMCPVerbs(t *testing.T) {
	for args, want := range map[string]string{
		"reconnect flaky":   "info: Reconnected flaky: connected, 1 tool.",
		"disable words":     "info: Disabled words: claude no longer offers its tools.",
		"enable words":      "info: Enabled words: connected, 1 tool.",
		"auth words":        `warn: Could not authenticate words: Server type "stdio" does not support OAuth authentication`,
		"reconnect nope":    "warn: Could not reconnect nope: Server not found: nope",
		"frobnicate words":  "warn: " + mcpUsage,
		"reconnect a b":     "warn: " + mcpUsage,
		"authenticate":      "warn: " + mcpUsage,
		"disable  words   ": "info: Disabled words: claude no longer offers its tools.",
	} {
		h, _ := mcpSession()
		if cmd := runMCP(h, args); cmd != nil {
			h.run(t, cmd)
		}
		if len(h.notices) != 1 || h.notices[0] != want {
			t.Errorf("/mcp %s: notices %q, want %q", args, h.notices, want)
		}
		if len(h.pickers) != 0 {
			t.Errorf("/mcp %s opened a panel", args)
		}
	}
}

// A server still failing after a reconnect says so with its error.
func TestMCPReconnectStillFailing(t *testing.T) {
	h := &fakeSession{answer: func(req protocol.ClientRequest) (json.RawMessage, error) {
		if _, ok := req.(protocol.MCPStatus); ok {
			return json.RawMessage(`{"mcpServers":[{"name":"flaky","status":"failed","error":"Connection closed"}]}`), nil
		}
		return nil, nil
	}}
	h.run(t, runMCP(h, "reconnect flaky"))
	if want := "warn: Reconnected flaky, but it is failed: Connection closed"; fmt.Sprint(h.notices) != "["+want+"]" {
		t.Errorf("notices %q, want %q", h.notices, want)
	}
}

// The panel waits for servers still connecting, so it shows how they ended up.
func TestMCPPanelWaitsForPending(t *testing.T) {
	asked := 0
	h := &fakeSession{answer: func(req protocol.ClientRequest) (json.RawMessage, error) {
		asked++
		if asked < 3 {
			return json.RawMessage(`{"mcpServers":[{"name":"slow","status":"pending"}]}`), nil
		}
		return json.RawMessage(`{"mcpServers":[{"name":"slow","status":"connected","tools":[{"name":"t"}]}]}`), nil
	}}
	h.run(t, runMCP(h, ""))
	if v := lastPanel(t, h); asked != 3 || !strings.Contains(v, "✔ connected · 1 tool") {
		t.Errorf("asked %d times; panel:\n%s", asked, v)
	}
}
