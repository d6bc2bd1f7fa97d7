package e2e

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/fakeapi"
)

// reResumeLine is what gclaude prints on its way out after a conversation.
var reResumeLine = regexp.MustCompile(`Resume this conversation with: gclaude --resume ([0-9a-f-]{36})`)

// Leaving prints the command that comes back to the conversation, with the id of
// the session file the CLI wrote; leaving before anything was said prints nothing.
func TestE2ELeavingPrintsResumeCommand(t *testing.T) {
	t.Parallel()
	t.Run("after a turn", func(t *testing.T) {
		t.Parallel()
		a := startApp(t, appOptions{Width: 120, Height: 24}) // the line fits unwrapped
		a.waitReady()
		a.prompt("SCENARIO:" + fakeapi.ScenarioText + " hello")
		a.WaitFor("Hello from the fake API.", waitTimeout)
		a.waitLog(logResult, 1)
		a.SendKeys("C-d")
		if code := a.ExitStatus(waitTimeout); code != 0 {
			t.Fatalf("gclaude exited with %d", code)
		}
		screen := a.captureHistory()
		m := reResumeLine.FindStringSubmatch(screen)
		if m == nil {
			t.Fatalf("no resume line after quitting:\n%s", frameScreen(screen))
		}
		files, _ := filepath.Glob(filepath.Join(a.rig.Home, ".claude", "projects", "*", m[1]+".jsonl"))
		if len(files) != 1 {
			t.Errorf("no session file for %s under %s", m[1], a.rig.Home)
		}
	})
	t.Run("nothing said", func(t *testing.T) {
		t.Parallel()
		a := startApp(t, appOptions{})
		a.waitReady()
		a.SendKeys("C-d")
		if code := a.ExitStatus(waitTimeout); code != 0 {
			t.Fatalf("gclaude exited with %d", code)
		}
		if screen := a.captureHistory(); strings.Contains(screen, "--resume") {
			t.Errorf("a resume line although nothing was said:\n%s", frameScreen(screen))
		}
	})
}

// captureHistory is the screen with the lines scrolled off its top.
func (a *app) captureHistory() string {
	a.t.Helper()
	out, err := a.tmux("capture-pane", "-p", "-S", "-200", "-t", sessionName)
	if err != nil {
		a.t.Fatalf("capture-pane: %v", err)
	}
	return out
}
