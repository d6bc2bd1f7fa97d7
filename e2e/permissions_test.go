package e2e

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/fakeapi"
	"github.com/gclaude/gclaude/ui/dialogs"
)

// reBashDone is a finished Bash call in the transcript.
var reBashDone = regexp.MustCompile(`✓ Bash\(touch `)

// Yes runs the tool: the file appears and the call shows as done.
func TestE2EPermissionYes(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{})
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioBashTouch + " touch it")
	screen := a.WaitFor(reArmed, waitTimeout)
	if !strings.Contains(screen, "$ touch ") || !strings.Contains(screen, fakeapi.FileTouched) {
		t.Errorf("the dialog should show the command:\n%s", frameScreen(screen))
	}
	a.choose(a.choiceNumber(screen, "Yes"))

	a.waitFile(fakeapi.FileTouched)
	a.WaitFor(reBashDone, waitTimeout)
	a.WaitFor(fakeapi.TextToolDone, waitTimeout)
	a.WaitFor("Allowed once", waitTimeout)
}

// "No, and tell Claude…" with words: nothing runs, and the model reads that the call
// was rejected and did not run, then the words verbatim.
func TestE2EPermissionDenyWithFeedback(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{})
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioBashTouch + " touch it")
	screen := a.WaitFor(reArmed, waitTimeout)
	n := a.choiceNumber(screen, "No, and tell Claude")
	a.SendKeys(fmt.Sprint(n))
	a.WaitFor(regexp.MustCompile(fmt.Sprintf(`❯ %d\. No, and tell Claude`, n)), waitTimeout)
	const feedback = "write notes instead of touching files"
	a.Type(feedback)
	a.WaitFor(feedback, waitTimeout)
	a.SendKeys("Enter")

	res := a.waitToolResult("with the feedback", resultContains(feedback))
	if got := res.ResultText(); got != dialogs.FeedbackPreamble+feedback || !res.IsError {
		t.Errorf("tool_result = %q (error %v), want the rejection then the words verbatim", got, res.IsError)
	}
	a.WaitFor(fakeapi.TextToolDone, waitTimeout)
	a.WaitFor("Rejected: "+feedback, waitTimeout)
	if _, err := os.Stat(a.rig.Path(fakeapi.FileTouched)); err == nil {
		t.Errorf("%s exists: the denied command ran", fakeapi.FileTouched)
	}
}

// "Yes, and always allow …" keeps a rule in .claude/settings.local.json: the same
// command runs next time without asking.
func TestE2EPermissionAlwaysAllow(t *testing.T) {
	t.Parallel()
	// 80×24: the choices wrap in full rather than being cut to a line each.
	a := startApp(t, appOptions{})
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioBashTouch + " touch it")
	screen := a.WaitFor(reArmed, waitTimeout)
	if !strings.Contains(screen, ".claude/settings.local.json") || !strings.Contains(screen, "Run this command?") {
		t.Errorf("the always-allow choice should say where the rule goes, under the question:\n%s", frameScreen(screen))
	}
	a.choose(a.choiceNumber(screen, "Yes, and always allow"))
	a.waitLog(logResult, 1)
	a.waitFile(fakeapi.FileTouched)
	b, err := os.ReadFile(a.rig.Path(".claude/settings.local.json"))
	if err != nil || !strings.Contains(string(b), `Bash(touch `) {
		t.Errorf(".claude/settings.local.json = %s, %v; want the Bash rule", b, err)
	}

	if err := os.Remove(a.rig.Path(fakeapi.FileTouched)); err != nil {
		t.Fatal(err)
	}
	a.prompt("SCENARIO:" + fakeapi.ScenarioBashTouch + " touch it again")
	a.waitLog(logResult, 2)
	a.waitFile(fakeapi.FileTouched)
	if n := a.countLog(logPermission); n != 1 {
		t.Errorf("claude asked %d times, want once (the rule should allow the second call)", n)
	}
}

// In acceptEdits (shift+tab from default) a new file is written without a prompt.
func TestE2EAcceptEditsWritesWithoutAsking(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{})
	a.waitReady()
	a.SendKeys("BTab")
	a.waitStatus("accept edits")
	a.prompt("SCENARIO:" + fakeapi.ScenarioWriteNew + " write it")
	a.waitLog(logResult, 1)
	a.waitFile(fakeapi.FileNew)
	a.WaitFor(fakeapi.TextToolDone, waitTimeout)
	if n := a.countLog(logPermission); n != 0 {
		t.Errorf("claude asked %d times in acceptEdits, want never", n)
	}
}

// ctrl+c over a permission dialog interrupts the turn; the CLI withdraws the request
// and the dialog closes; the draft typed before is still in the editor.
func TestE2ECtrlCWithdrawsPermission(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{API: fakeapi.Config{Scenarios: e2eScenarios()}})
	a.waitReady()
	a.prompt("SCENARIO:" + scenarioLateTouch + " touch it")
	// The tool call comes late: type the next prompt meanwhile.
	const draft = "my next question"
	a.Type(draft)
	if screen := a.WaitFor("❯ "+draft, waitTimeout); reArmed.MatchString(screen) || strings.Contains(screen, textArming) {
		t.Fatalf("the dialog came before the draft was typed:\n%s", frameScreen(screen))
	}
	screen := a.WaitFor(reArmed, waitTimeout)
	if !strings.Contains(a.line(screen, -1), "ctrl+c interrupt the turn") {
		t.Errorf("the help line over the dialog should say what ctrl+c does: %q", a.line(screen, -1))
	}
	a.SendKeys("C-c")

	a.WaitFor(textWithdraw, waitTimeout)
	a.WaitGone(reArmed, waitTimeout)
	a.waitLog(logResult, 1)
	screen = a.WaitFor("❯ "+draft, waitTimeout)
	if a.countLog("event cancelled ") != 1 {
		t.Errorf("debug log: want the CLI's control_cancel_request once")
	}
	if _, err := os.Stat(a.rig.Path(fakeapi.FileTouched)); err == nil {
		t.Errorf("%s exists: the interrupted command ran", fakeapi.FileTouched)
	}
	if !strings.Contains(screen, "■ Interrupted") || !strings.Contains(screen, "■ Bash(touch ") {
		t.Errorf("the turn and its Bash call should show as interrupted:\n%s", frameScreen(screen))
	}
}
