package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/fakeapi"
)

// A typo of a command is refused with the closest name, and the model never sees it.
func TestE2EUnknownCommandRefused(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{})
	a.waitReady()
	a.Type("/stauts")
	a.WaitFor("/stauts", waitTimeout)
	a.SendKeys("Enter")
	a.WaitFor("Did you mean /status?", waitTimeout)
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " hello")
	a.WaitFor(fakeapi.TextHello, waitTimeout)
	if a.rig.API.AnyRequestContains("stauts") {
		t.Error("/stauts reached the model")
	}
}

// /status answers locally with the real CLI's version, the folder, the account and the
// MCP and settings rows.
func TestE2EStatus(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 100, Height: 40})
	a.waitReady()
	a.prompt("/status")
	screen := a.WaitFor("Settings", waitTimeout)
	for _, want := range []string{"claude           2.1.328", "Folder", "API key from ANTHROPIC_API_KEY", "MCP servers      none", "Permission mode  default"} {
		if !strings.Contains(screen, want) {
			t.Errorf("/status lacks %q:\n%s", want, frameScreen(screen))
		}
	}
	if strings.Contains(screen, "isn't available") || len(a.rig.API.ConversationRequests()) != 0 {
		t.Errorf("/status went to claude:\n%s", frameScreen(screen))
	}
}

// /add-dir: a Read in a folder outside the project then runs without asking, and the
// folder is listed by /status.
func TestE2EAddDir(t *testing.T) {
	t.Parallel()
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "o.txt"), []byte("outside-secret-words\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	readOut := fakeapi.Scenario{Name: "read_outside", Steps: []fakeapi.Step{
		fakeapi.Reply(fakeapi.ToolUse("Read", map[string]any{"file_path": filepath.Join(outside, "o.txt")})),
		fakeapi.Reply(fakeapi.Text(fakeapi.TextToolDone + "{{tool_result}}")),
	}}
	a := startApp(t, appOptions{Width: 100, Height: 40, API: fakeapi.Config{Scenarios: []fakeapi.Scenario{readOut}}})
	a.waitReady()
	a.prompt("/add-dir " + outside)
	a.WaitFor("tools may use it from the next call on", waitTimeout)
	a.prompt("SCENARIO:read_outside read it")
	a.WaitFor(regexp.MustCompile(`Tool round finished\. Result: .*outside-secret-words`), waitTimeout)
	if n := a.countLog(logPermission); n != 0 {
		t.Errorf("%d permission requests for a read in an added folder", n)
	}
	a.prompt("/status")
	a.WaitFor(regexp.MustCompile(`Added folders +`+regexp.QuoteMeta(outside)), waitTimeout)
}
