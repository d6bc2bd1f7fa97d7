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
