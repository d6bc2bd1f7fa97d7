package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/gclaude/gclaude/fakeapi"
	"github.com/gclaude/gclaude/internal/clirig"
)

var mcpBuild struct {
	once sync.Once
	path string
	err  error
}

// mcpServerBinary builds the tiny stdio MCP server of testdata/mcpserver once per run.
func mcpServerBinary(t *testing.T) string {
	t.Helper()
	mcpBuild.once.Do(func() {
		root, err := clirig.ModuleRoot()
		if err != nil {
			mcpBuild.err = err
			return
		}
		out := filepath.Join(binDir, "mcpserver")
		cmd := exec.Command("go", "build", "-o", out, "./e2e/testdata/mcpserver")
		cmd.Dir = root
		if b, err := cmd.CombinedOutput(); err != nil {
			mcpBuild.err = err
			t.Logf("%s", b)
			return
		}
		mcpBuild.path = out
	})
	if mcpBuild.err != nil {
		t.Fatalf("building the MCP server: %v", mcpBuild.err)
	}
	return mcpBuild.path
}

// mcpConfig is a --mcp-config value for servers, name → arguments of the MCP server.
func mcpConfig(t *testing.T, servers map[string][]string) string {
	t.Helper()
	bin := mcpServerBinary(t)
	cfg := map[string]map[string]any{}
	for name, args := range servers {
		cfg[name] = map[string]any{"command": bin, "args": args}
	}
	b, err := json.Marshal(map[string]any{"mcpServers": cfg})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// /mcp opens a panel of the servers claude runs (the CLI itself only says "Use /mcp in
// the terminal"): a failed one shows its error and reconnects once it can start, and
// disabling a server takes its tools away from the model until it is enabled again.
func TestE2EMCPPanel(t *testing.T) {
	t.Parallel()
	ready := filepath.Join(t.TempDir(), "ready")
	cfg := mcpConfig(t, map[string][]string{
		"words": {"-name", "words", "echo_words", "shout"},
		"flaky": {"-need", ready, "later"},
	})
	a := startApp(t, appOptions{Width: 100, Height: 40, Args: []string{"--mcp-config", cfg}})
	a.waitReady()
	a.prompt("/mcp")
	a.WaitFor("✔ connected · 2 tools · stdio", waitTimeout)
	screen := a.WaitFor("✘ failed · stdio · Connection closed", waitTimeout)
	if strings.Contains(screen, "in the terminal") {
		t.Fatalf("/mcp went to claude:\n%s", frameScreen(screen))
	}

	// The failed server: its error, then a reconnect once it can start.
	a.SendKeys(itoa(a.choiceNumber(screen, "flaky")), "Enter")
	a.WaitFor(regexp.MustCompile(`Error +Connection closed`), waitTimeout)
	if err := os.WriteFile(ready, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	a.WaitFor("1. Reconnect", waitTimeout)
	a.SendKeys("Enter")
	a.WaitFor("Reconnected flaky: connected, 1 tool.", waitTimeout)
	a.WaitFor(regexp.MustCompile(`Tools \(1\) +later`), waitTimeout)

	// Back to the list, and words disabled from its own panel.
	a.SendKeys("Escape")
	screen = a.WaitFor("MCP servers", waitTimeout)
	a.SendKeys(itoa(a.choiceNumber(screen, "words")), "Enter")
	screen = a.WaitFor("MCP server words", waitTimeout)
	a.SendKeys(itoa(a.choiceNumber(screen, "Disable")), "Enter")
	a.WaitFor("Disabled words: claude no longer offers its tools.", waitTimeout)
	a.WaitFor("○ disabled", waitTimeout)
	a.SendKeys("Escape")
	a.WaitFor("MCP servers", waitTimeout)
	a.SendKeys("Escape")
	a.WaitGone("MCP servers", waitTimeout)

	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " first")
	r := a.waitRequest("for the first prompt", mainRequest(" first"))
	if r.Contains("mcp__words__echo_words") || !r.Contains("mcp__flaky__later") {
		t.Errorf("with words disabled and flaky reconnected, the model was offered: words %v, flaky %v",
			r.Contains("mcp__words__echo_words"), r.Contains("mcp__flaky__later"))
	}
	a.WaitFor(fakeapi.TextHello, waitTimeout)

	// The typed form acts at once and says so in the transcript.
	a.prompt("/mcp enable words")
	a.WaitFor("Enabled words: connected, 2 tools.", waitTimeout)
	// CLI 2.1.328 offers a re-enabled server's tools from the second turn after it on
	// (measured: the next turn's request still lacks them).
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " second")
	a.waitLog(logResult, 2)
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " third")
	r = a.waitRequest("for the third prompt", mainRequest(" third"))
	if !r.Contains("mcp__words__echo_words") {
		t.Errorf("words enabled again, but the model was not offered its tools: %s", r.Raw)
	}
}

// mainRequest matches the main conversation's model call that carries text.
func mainRequest(text string) func(fakeapi.Request) bool {
	return func(r fakeapi.Request) bool {
		return r.Kind == fakeapi.KindConversation && !r.Subagent && r.Contains(text)
	}
}

func itoa(n int) string { return string(rune('0' + n)) }
