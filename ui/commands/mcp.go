package commands

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/input"
)

func init() {
	register(Command{Command: input.Command{Name: "mcp", Description: "MCP servers: state, tools, errors; reconnect, enable, disable, authenticate",
		ArgumentHint: "[<action> <server>]"},
		Place: placeEveryday + 7, Live: true, Run: runMCP, Answer: answerMCP})
}

// The CLI answers a typed /mcp with "Use /mcp in the terminal for details", so the
// panel is gclaude's: mcp_status for the rows, mcp_reconnect, mcp_toggle and
// mcp_authenticate for the actions, each followed by mcp_status again so that what the
// panel shows is what claude says now.

// mcpVerbs are /mcp's arguments, as Claude Code's /mcp takes them.
var mcpVerbs = map[string]string{
	"reconnect": dialogs.MCPReconnect, "enable": dialogs.MCPEnable, "disable": dialogs.MCPDisable,
	"authenticate": dialogs.MCPAuthenticate, "auth": dialogs.MCPAuthenticate, "login": dialogs.MCPAuthenticate,
}

const mcpUsage = "usage: /mcp [reconnect|enable|disable|authenticate <server>]"

// runMCP opens the panel, or with a verb and a server acts at once and says the outcome.
func runMCP(s Session, args string) tea.Cmd {
	fields := strings.Fields(args)
	if len(fields) == 0 {
		return mcpPanel(s, "", "")
	}
	op, ok := mcpVerbs[fields[0]]
	if !ok || len(fields) != 2 {
		s.Notice(noticeWarning, mcpUsage)
		return nil
	}
	server := fields[1]
	return s.Ask("mcp", func(ctx context.Context, ask Ask) Done {
		note, failed := mcpAct(ctx, ask, server, op)
		return said(note, failed)
	})
}

// answerMCP acts on the panel: show a server, go back to the list, act on a server
// and show it again with what happened.
func answerMCP(s Session, a dialogs.Action) (tea.Cmd, bool) {
	switch a := a.(type) {
	case dialogs.MCPOpen:
		return mcpPanel(s, a.Server, ""), true
	case dialogs.MCPBack:
		return mcpPanel(s, "", ""), true
	case dialogs.MCPDo:
		return s.Ask("mcp", func(ctx context.Context, ask Ask) Done {
			note, failed := mcpAct(ctx, ask, a.Server, a.Op)
			d := mcpShow(ctx, ask, a.Server, note)
			if a.Op == dialogs.MCPAuthenticate && !failed && d.Text == "" {
				// The address is to be copied: the transcript keeps it whole.
				d.Kind, d.Text = noticeInfo, note
			}
			return d
		}), true
	}
	return nil, false
}

// mcpPanel asks for the servers and opens the list, or one server when server is set.
func mcpPanel(s Session, server, note string) tea.Cmd {
	return s.Ask("mcp", func(ctx context.Context, ask Ask) Done {
		return mcpShow(ctx, ask, server, note)
	})
}

// mcpShow asks for the servers and opens the list or one server's panel, with note.
func mcpShow(ctx context.Context, ask Ask, server, note string) Done {
	servers, err := mcpSettled(ctx, ask, mcpSettle)
	if err != nil {
		return Done{Kind: noticeError, Text: "/mcp failed: " + err.Error()}
	}
	open := func(build func(env dialogs.Env) dialogs.Dialog) Done {
		return Done{Then: func(s Session) tea.Cmd { return s.OpenPicker(build) }}
	}
	if server == "" {
		return open(func(env dialogs.Env) dialogs.Dialog { return dialogs.NewMCPList(servers, note, env) })
	}
	for _, s := range servers {
		if s.Name == server {
			return open(func(env dialogs.Env) dialogs.Dialog { return dialogs.NewMCPServer(s, note, env) })
		}
	}
	note = strings.TrimSpace(note + " " + server + " is no longer configured.")
	return open(func(env dialogs.Env) dialogs.Dialog { return dialogs.NewMCPList(servers, note, env) })
}

// mcpSettle is how long the panel waits for servers still connecting: a panel
// opened just after claude started would otherwise show every server "connecting".
const mcpSettle = 3 * time.Second

// mcpSettled asks for the servers until none is still connecting, for at most limit.
func mcpSettled(ctx context.Context, ask Ask, limit time.Duration) ([]protocol.MCPServer, error) {
	deadline := time.Now().Add(limit)
	for {
		servers, err := mcpServers(ctx, ask)
		if err != nil || !slices.ContainsFunc(servers, func(s protocol.MCPServer) bool { return s.Status == protocol.MCPPending }) ||
			time.Now().After(deadline) {
			return servers, err
		}
		select {
		case <-ctx.Done():
			return servers, nil
		case <-time.After(150 * time.Millisecond):
		}
	}
}

func mcpServers(ctx context.Context, ask Ask) ([]protocol.MCPServer, error) {
	var r protocol.MCPStatusResponse
	err := askInto(ctx, ask, protocol.MCPStatus{}, &r)
	return r.MCPServers, err
}

// mcpAct sends op's request for server and says what came of it, in claude's words
// where it refused; failed is true when nothing was done.
func mcpAct(ctx context.Context, ask Ask, server, op string) (note string, failed bool) {
	switch op {
	case dialogs.MCPAuthenticate:
		var r protocol.MCPAuthenticateResponse
		if err := askInto(ctx, ask, protocol.MCPAuthenticate{ServerName: server}, &r); err != nil {
			return fmt.Sprintf("Could not authenticate %s: %s", server, claudeSaid(err)), true
		}
		return authNote(server, r), false
	case dialogs.MCPReconnect:
		if _, err := ask(ctx, protocol.MCPReconnect{ServerName: server}); err != nil {
			return fmt.Sprintf("Could not reconnect %s: %s", server, claudeSaid(err)), true
		}
	case dialogs.MCPEnable, dialogs.MCPDisable:
		if _, err := ask(ctx, protocol.MCPToggle{ServerName: server, Enabled: op == dialogs.MCPEnable}); err != nil {
			return fmt.Sprintf("Could not %s %s: %s", op, server, claudeSaid(err)), true
		}
	default:
		return "gclaude does not know the MCP action " + op, true
	}
	return mcpOutcome(ctx, ask, server, op)
}

// mcpOutcome says what state an action left server in, as mcp_status reports it.
func mcpOutcome(ctx context.Context, ask Ask, server, op string) (string, bool) {
	done := map[string]string{dialogs.MCPReconnect: "Reconnected", dialogs.MCPEnable: "Enabled", dialogs.MCPDisable: "Disabled"}[op]
	servers, err := mcpSettled(ctx, ask, mcpSettle)
	if err != nil {
		return fmt.Sprintf("%s %s; its state could not be read: %v", done, server, err), false
	}
	for _, s := range servers {
		if s.Name != server {
			continue
		}
		switch {
		case op == dialogs.MCPDisable:
			return fmt.Sprintf("Disabled %s: claude no longer offers its tools.", server), false
		case s.Status == protocol.MCPConnected:
			n := len(s.Tools)
			return fmt.Sprintf("%s %s: connected, %d %s.", done, server, n, render.Plural(n, "tool")), false
		case s.Error != "":
			return fmt.Sprintf("%s %s, but it is %s: %s", done, server, s.Status, s.Error), true
		}
		return fmt.Sprintf("%s %s: %s.", done, server, s.Status), false
	}
	return fmt.Sprintf("%s %s, but claude no longer lists it.", done, server), true
}

// authNote says how a started sign-in goes on.
func authNote(server string, r protocol.MCPAuthenticateResponse) string {
	if !r.RequiresUserAction || r.AuthURL == "" {
		return server + " is signed in."
	}
	text := "To sign in to " + server + ", open this address in your browser: " + r.AuthURL
	if r.CallbackExpected && r.CallbackPort != 0 {
		text += fmt.Sprintf(" · claude waits for the browser to come back to localhost:%d, then reconnects the server.", r.CallbackPort)
	} else if r.CallbackExpected {
		text += " · claude reconnects the server once the sign-in completes."
	}
	return text
}

// claudeSaid is an error in claude's own words when it refused.
func claudeSaid(err error) string {
	return strings.TrimPrefix(err.Error(), "claude: ")
}
