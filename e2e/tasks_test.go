package e2e

import (
	"regexp"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/fakeapi"
)

// Texts of the task pane and the status bar (ui/tasks, ui/status).
var (
	reTasksRunning = regexp.MustCompile(`\d+ tasks? running`)
	reSpinner      = regexp.MustCompile(`[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]`)
)

// taskScenarios are fakeapi's slow task scenarios.
func taskScenarios() fakeapi.Config { return fakeapi.Config{Scenarios: fakeapi.TaskSlowScenarios()} }

// A foreground subagent at work shows live in the side pane of a wide terminal and on
// its Agent call, then its report.
func TestE2ETaskLiveThenSummary(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 160, Height: 40, API: taskScenarios()})
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioTaskSlow + " survey")

	// The subagent listed the files and now thinks for a few seconds.
	a.waitRequest("for the subagent's last step", func(r fakeapi.Request) bool {
		return r.Scenario == fakeapi.ScenarioSubSlow && r.Step == 1
	})
	screen := a.WaitFor("│ Tasks · 1 running", waitTimeout)
	for _, want := range []string{fakeapi.TaskSlowDescription, "● running ·", "1 tool"} {
		if !strings.Contains(screen, want) {
			t.Errorf("while the subagent works the screen lacks %q:\n%s", want, frameScreen(screen))
		}
	}
	a.waitStatus("1 task running")

	a.WaitFor(fakeapi.TextTaskSlowDone, waitTimeout)
	a.WaitFor("│ Tasks · 1 done", waitTimeout)
	screen = a.WaitFor(fakeapi.TextSubSlowDone, waitTimeout)
	if reTasksRunning.MatchString(a.statusBar(screen)) {
		t.Errorf("the status bar still counts a task: %q", a.statusBar(screen))
	}
}

// The built-in task scenario on a narrow terminal: alt+t shows the finished task and
// its report over the transcript; esc gives the prompt back.
func TestE2ETaskOverlay(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{})
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioTask + " list them")
	a.WaitFor("The subagent listed the files.", waitTimeout)
	a.waitLog(logResult, 1)

	a.SendKeys("M-t")
	screen := a.WaitFor("╭─ Tasks · 1 done", waitTimeout)
	for _, want := range []string{"✓ List work files", fakeapi.TextSubagentDone} {
		if !strings.Contains(screen, want) {
			t.Errorf("the overlay lacks %q:\n%s", want, frameScreen(screen))
		}
	}
	// enter opens the task: the subagent's own transcript, with its Bash call.
	a.SendKeys("Enter")
	a.WaitFor("✓ Bash(ls ", waitTimeout)
	a.SendKeys("Escape") // closes the open task
	a.WaitGone("✓ Bash(ls ", waitTimeout)
	a.SendKeys("Escape") // closes the overlay
	a.WaitGone("╭─ Tasks", waitTimeout)
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " still here?")
	a.WaitFor(fakeapi.TextHello, waitTimeout)
}

// A background subagent outlives its turn; when it finishes the CLI starts a turn by
// itself, whose answer and footer show, and nothing is left running.
func TestE2ETaskBackgroundFollowUp(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 120, Height: 40})
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioTaskBackgr + " in the background")
	a.WaitFor("A background agent is listing the files.", waitTimeout)
	a.WaitFor("The background agent finished.", waitTimeout)
	a.waitLog(logResult, 2)
	screen := a.WaitFor(func(s string) bool {
		return !reSpinner.MatchString(a.statusBar(s)) && !reTasksRunning.MatchString(a.statusBar(s))
	}, waitTimeout)
	if n := len(regexp.MustCompile(`\$0\.\d{4} · \d+ in · \d+ out`).FindAllString(screen, -1)); n < 2 {
		t.Errorf("want a footer for each of the two turns, found %d:\n%s", n, frameScreen(screen))
	}
	if !strings.Contains(screen, "✓ completed") || strings.Contains(screen, "Running in background") {
		t.Errorf("the background Agent call should say its task completed, not that it runs:\n%s", frameScreen(screen))
	}
	if strings.Contains(a.statusBar(screen), "esc to interrupt") {
		t.Errorf("a turn still shows as running: %q", a.statusBar(screen))
	}
}

// A subagent's permission request names the subagent; allowed, its write happens.
func TestE2ETaskPermissionNamesSubagent(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 120, Height: 40})
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioTaskWrite + " write it")
	screen := a.WaitFor(reArmed, waitTimeout)
	if !strings.Contains(screen, "asked by subagent “Write a file”") {
		t.Errorf("the dialog does not name the subagent:\n%s", frameScreen(screen))
	}
	a.choose(a.choiceNumber(screen, "Yes"))
	a.waitFile(fakeapi.FileSubWrite)
	a.WaitFor("The subagent wrote the file.", waitTimeout)
}

// A running background subagent is stopped from the pane: s, then y. gclaude sends
// stop_task; the CLI ends the task and the pane and the status bar say so.
func TestE2ETaskStop(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 160, Height: 40, API: taskScenarios()})
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioTaskBgStall + " in the background")
	a.WaitFor(fakeapi.TextTaskBgStarted, waitTimeout)
	a.waitRequest("for the stalling step", func(r fakeapi.Request) bool {
		return r.Scenario == fakeapi.ScenarioSubStall && r.Step == 1
	})
	a.waitStatus("1 task running")

	a.SendKeys("M-t")
	a.WaitFor("s stop", waitTimeout) // the pane has the focus and the running task is selected
	a.SendKeys("s")
	a.WaitFor("Stop this task?", waitTimeout)
	if n := a.countLog(`"stop_task"`); n != 0 {
		t.Fatalf("stop_task sent before the confirmation (%d lines)", n)
	}
	a.SendKeys("y")
	a.waitLog(`"stop_task"`, 1)
	screen := a.WaitFor("│ Tasks · 1 stopped", waitTimeout)
	if !strings.Contains(screen, fakeapi.TaskStallDescription) {
		t.Errorf("the pane lacks the stopped task:\n%s", frameScreen(screen))
	}
	if !strings.Contains(screen, "■ stopped") {
		t.Errorf("the Agent call does not say its task stopped:\n%s", frameScreen(screen))
	}
	// The CLI answers the end of the task with a turn of its own.
	a.WaitFor(fakeapi.TextTaskBgEnded, waitTimeout)
	screen = a.WaitFor(func(s string) bool { return !reTasksRunning.MatchString(a.statusBar(s)) }, waitTimeout)
	if strings.Contains(screen, "Subagent done after a long wait.") {
		t.Errorf("the stopped subagent finished anyway:\n%s", frameScreen(screen))
	}
}
