package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/fakeapi"
)

// /vim against the real CLI: vim mode comes on in INSERT mode (shown under the
// prompt), NORMAL-mode commands edit the draft, enter sends what they made, and the
// choice is saved where Claude Code keeps it.
func TestE2EVimMode(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 100, Height: 30})
	a.waitReady()
	a.prompt("/vim")
	a.WaitFor("Editor mode set to vim", waitTimeout)
	a.WaitFor("-- INSERT --", waitTimeout)

	text := "junk SCENARIO:" + fakeapi.ScenarioText + " hello"
	a.Type(text)
	a.WaitFor(lastChars(text, 20), waitTimeout)
	a.SendKeys("Escape")
	a.WaitGone("-- INSERT --", waitTimeout) // NORMAL mode shows nothing, as in Claude Code
	a.Type("0dw")
	a.WaitGone("junk", waitTimeout)
	a.Type("A")
	a.WaitFor("-- INSERT --", waitTimeout)
	a.Type(" from vim")
	a.WaitFor("hello from vim", waitTimeout)
	a.SendKeys("Escape")
	a.WaitGone("-- INSERT --", waitTimeout)
	a.SendKeys("Enter") // enter sends from NORMAL mode
	a.waitLog(logResult, 1)

	want := "SCENARIO:" + fakeapi.ScenarioText + " hello from vim"
	if r, ok := a.rig.API.LastMainRequest(); !ok || strings.TrimSpace(r.Prompt) != want {
		t.Fatalf("the API got %q, want %q", r.Prompt, want)
	}
	settings, err := os.ReadFile(filepath.Join(a.rig.Home, ".claude", "settings.json"))
	if err != nil || !strings.Contains(string(settings), `"editorMode": "vim"`) {
		t.Errorf("user settings (%v):\n%s", err, settings)
	}
	a.quit()
}
