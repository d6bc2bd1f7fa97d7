package commands

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/protocol"
)

// fakeAsk answers by subtype with canned JSON; a missing subtype is an error.
func fakeAsk(answers map[string]string, asked *[]protocol.ClientRequest) Ask {
	return func(_ context.Context, req protocol.ClientRequest) (json.RawMessage, error) {
		if asked != nil {
			*asked = append(*asked, req)
		}
		a, ok := answers[req.Subtype()]
		if !ok {
			return nil, errors.New("no answer for " + req.Subtype())
		}
		return json.RawMessage(a), nil
	}
}

func TestStatus(t *testing.T) {
	ask := fakeAsk(map[string]string{
		"mcp_status":            `{"mcpServers":[{"name":"files","status":"connected"},{"name":"web","status":"failed","error":"spawn\nENOENT"}]}`,
		"get_settings":          `{"effective":{},"sources":[{"source":"userSettings","settings":{}},{"source":"localSettings","settings":{}}]}`,
		"list_permission_rules": `{"state":{"rules":[],"workspaceDirectories":[{"path":"/tmp/x","source":"cliArg"},{"path":"/tmp/mine","source":"flagSettings"}]}}`,
	}, nil)
	got := statusReport(context.Background(), ask, StatusBase{
		GclaudeVersion: "v1.2", ClaudeVersion: "2.1.328", SessionID: "sess-9", CWD: "/home/dev/p",
		AddedDirs: []string{"/tmp/mine"}, Model: "claude-opus-5-5", Mode: "default",
		Account: protocol.Account{APIKeySource: "ANTHROPIC_API_KEY", APIProvider: "firstParty"},
	})
	for _, want := range []string{"v1.2", "2.1.328", "sess-9", "/home/dev/p", "/tmp/mine, /tmp/x (command line)",
		"claude-opus-5-5", "default", "API key from ANTHROPIC_API_KEY", "2: files (connected), web (failed: spawn",
		"user (~/.claude/settings.json), local (.claude/settings.local.json)"} {
		if !strings.Contains(got, want) {
			t.Errorf("status lacks %q:\n%s", want, got)
		}
	}
}

// A question claude fails is said in its row; the others still show.
func TestStatusSurvivesFailedQuestions(t *testing.T) {
	got := statusReport(context.Background(), fakeAsk(nil, nil), StatusBase{Model: "m", Account: protocol.Account{TokenSource: "none"}})
	for _, want := range []string{"MCP servers", "could not ask claude: no answer for mcp_status", "not logged in", "Model"} {
		if !strings.Contains(got, want) {
			t.Errorf("status lacks %q:\n%s", want, got)
		}
	}
}
