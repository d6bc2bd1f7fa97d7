package e2e

import (
	"regexp"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/fakeapi"
)

// A long Bash runs in the foreground, its elapsed time and last lines showing; ctrl+b moves it to the background (the turn ends
// without waiting for it), /tasks lists it and stops it.
func TestE2EBashCtrlBAndTasks(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 120, Height: 36,
		API: fakeapi.Config{Scenarios: fakeapi.BashLongScenarios()}})
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioBashLong + " count")
	screen := a.WaitFor(reArmed, waitTimeout)
	a.choose(a.choiceNumber(screen, "Yes"))
	a.WaitFor("Bash(", waitTimeout)
	// The CLI makes a running command a task (which ctrl+b can move) after a moment.
	a.waitLog("event message system/task_started", 1)
	// While it runs, its last lines show under the call (read with get_task_output).
	screen = a.WaitFor(regexp.MustCompile(`tick [3-9]`), waitTimeout)
	if !regexp.MustCompile(`● running · [0-9.]+s`).MatchString(screen) {
		t.Errorf("the running command shows no elapsed time:\n%s", frameScreen(screen))
	}

	a.SendKeys("C-b")
	a.WaitFor(fakeapi.TextBashLongAfter, waitTimeout)
	a.waitLog(logResult, 1)

	a.prompt("/tasks")
	screen = a.WaitFor("Tasks · 1 running", waitTimeout)
	if !strings.Contains(screen, fakeapi.BashLongDescription) {
		t.Errorf("/tasks does not list the background command:\n%s", frameScreen(screen))
	}
	a.SendKeys("s")
	a.WaitFor("Stop this task?", waitTimeout)
	a.SendKeys("y")
	a.WaitFor("Stopped", waitTimeout)
}
