package e2e

import (
	"strings"
	"testing"

	"github.com/gclaude/gclaude/fakeapi"
)

// /compact: the CLI's summary message is one collapsed "Conversation compacted" item,
// never a ❯ prompt with the CLI's wrapping; the same after `gclaude -c`.
func TestE2ECompactSummaryCollapsed(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 120, Height: 40})
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " hi")
	a.WaitFor(fakeapi.TextHello, waitTimeout)
	a.waitLog(logResult, 1)
	a.prompt("/compact")
	a.waitLog(logResult, 2)
	screen := a.WaitFor("Conversation compacted", waitTimeout)
	checkCompacted := func(screen string) {
		t.Helper()
		if !strings.Contains(screen, "(enter to view the summary)") {
			t.Errorf("the compaction does not offer its summary:\n%s", frameScreen(screen))
		}
		for _, bad := range []string{"This session is being continued", "system-reminder", "❯ This session"} {
			if strings.Contains(screen, bad) {
				t.Errorf("the compaction summary shows as a prompt (%q):\n%s", bad, frameScreen(screen))
			}
		}
	}
	checkCompacted(screen)
	// Expanded (tab into the transcript, x expands every item), the summary shows
	// without the CLI's wrapping.
	a.SendKeys("Tab")
	a.SendKeys("x")
	a.WaitFor("Conversation compacted (manual)", waitTimeout)
	screen = a.WaitGone("(enter to view the summary)", waitTimeout)
	if strings.Contains(screen, "If you need specific details") || strings.Contains(screen, "This session is being continued") {
		t.Errorf("the expanded summary shows the CLI's wrapping:\n%s", frameScreen(screen))
	}
	a.SendKeys("Escape")
	a.WaitGone("esc back to input", waitTimeout)
	a.quit()

	b := a.relaunch("-c")
	b.WaitFor("resumed", waitTimeout)
	checkCompacted(b.WaitFor("Conversation compacted", waitTimeout))
	b.WaitGone(textStarting, waitTimeout)
	b.quit()
}

// A background agent that finishes makes the CLI start a turn by itself; the
// transcript says which task finished, and how, before that turn's answer.
func TestE2EBackgroundTaskFinishedAnnounced(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 160, Height: 40})
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioTaskBackgr + " in the background")
	a.WaitFor("The background agent finished.", waitTimeout)
	a.waitLog(logResult, 2)
	screen := a.WaitFor("Background task “Background lister” completed: "+fakeapi.TextSubagentDone, waitTimeout)
	note := strings.Index(screen, "Background task “Background lister” completed")
	if follow := strings.Index(screen, "The background agent finished."); note > follow {
		t.Errorf("the announcement comes after the follow-up turn:\n%s", frameScreen(screen))
	}
}

// A stream that breaks mid-answer is retried by the CLI; the partial text of the
// failed attempt is not in the conversation, so it does not stay above the answer
// as if it were.
func TestE2EFailedStreamTextDiscarded(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 120, Height: 40})
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioErrSSE + " go")
	a.WaitFor(fakeapi.TextSSERecovered, waitTimeout)
	a.waitLog(logResult, 1)
	if screen := a.Capture(); strings.Contains(screen, "Partial answer before the stream broke.") {
		t.Errorf("the failed attempt's text stays as part of the answer:\n%s", frameScreen(screen))
	}
}

// Auto mode is reachable: shift+tab walks to it (CLI 2.1.328 accepts it with an API
// key), /mode lists it, and the CLI confirms the switch.
func TestE2EAutoModeInCycleAndPicker(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 120, Height: 30})
	a.waitReady()
	a.prompt("/mode")
	screen := a.WaitFor("Permission mode", waitTimeout)
	if !strings.Contains(screen, "Auto") {
		t.Errorf("/mode does not list auto:\n%s", frameScreen(screen))
	}
	a.SendKeys("Escape")
	a.WaitGone("Permission mode", waitTimeout)
	a.SendKeys("BTab")
	a.waitStatus("accept edits")
	a.SendKeys("BTab")
	a.waitStatus("plan mode")
	a.SendKeys("BTab")
	a.waitStatus("auto")
	a.WaitFor("Permission mode: auto", waitTimeout) // the CLI's confirmation
	a.SendKeys("BTab")
	a.waitStatus("default")
}

// Plan review offers "Yes, and use auto mode" when the CLI accepts auto mode; each
// approval names the mode that follows, and choosing auto leaves plan mode for auto.
func TestE2EPlanApprovalUsesAutoMode(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 120, Height: 40, Args: planArgs})
	a.waitReady()
	a.waitStatus("plan mode")
	a.prompt("SCENARIO:" + fakeapi.ScenarioExitPlanFile + " plan it")
	screen := a.WaitFor(reArmed, waitTimeout)
	for _, want := range []string{"Yes, and use auto mode", "Yes, and auto-accept edits — switches to accept edits mode", "Yes, and approve each edit — switches to default mode"} {
		if !strings.Contains(screen, want) {
			t.Errorf("plan review lacks %q:\n%s", want, frameScreen(screen))
		}
	}
	a.chooseLabel("Yes, and use auto mode")
	a.waitStatus("auto")
	a.WaitFor("Plan approved · auto mode", waitTimeout)
	a.WaitFor(fakeapi.TextToolDone, waitTimeout)
}

// A slash command typed after a `!` command is still a command: /compact compacts, and
// the shell's output goes with the next real prompt, not with "/compact" as text.
func TestE2ECommandAfterShellOutputIsACommand(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 120, Height: 40})
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " hi")
	a.WaitFor(fakeapi.TextHello, waitTimeout)
	a.waitLog(logResult, 1)
	a.prompt("!echo shellout")
	a.WaitFor("shellout", waitTimeout)
	a.prompt("/compact")
	a.waitLog(logResult, 2)
	a.WaitFor("Conversation compacted", waitTimeout)
	if a.rig.API.AnyRequestContains("<bash-input>") {
		t.Errorf("the shell output went with /compact")
	}
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " again")
	a.waitLog(logResult, 3)
	last, ok := a.rig.API.LastMainRequest()
	if !ok || !last.Contains("<bash-stdout>shellout</bash-stdout>") {
		t.Errorf("the shell output did not go with the next prompt")
	}
}
