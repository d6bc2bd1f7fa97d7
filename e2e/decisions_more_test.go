package e2e

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gclaude/gclaude/fakeapi"
	"github.com/gclaude/gclaude/ui/dialogs"
)

// Each test here takes one decision in a real dialog and checks what it did: files on
// disk, what the model was sent (the fake API's requests), the status bar and the
// transcript.

const (
	fileEdited = "edited.txt" // what the edit tests make bash_touch create instead
	// editedMark is echoed by the edited command, so the model's next request shows
	// that the edited command, not the model's, ran.
	editedMark = "edited-command-ran"
)

// "e" edits the command inline; ctrl+s keeps the edit, the dialog says the input was
// edited and asks again; "Yes" runs the edited command.
func TestE2EPermissionEditInline(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 120, Height: 40})
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioBashTouch + " touch it")
	a.WaitFor(reArmed, waitTimeout)
	a.SendKeys("e")
	a.WaitFor("Editing the command.", waitTimeout)
	// The cursor starts at the end of a one-line command: replace the file name.
	bs := make([]string, len(fakeapi.FileTouched))
	for i := range bs {
		bs[i] = "BSpace"
	}
	a.SendKeys(bs...)
	a.Type(fileEdited + " && echo " + editedMark)
	a.WaitFor(editedMark, waitTimeout)
	a.SendKeys("C-s")

	screen := a.WaitFor("✎ input edited by you", waitTimeout)
	for _, want := range []string{"You edited this input; below is what will run.", "/" + fileEdited + " && echo " + editedMark} {
		if !strings.Contains(screen, want) {
			t.Errorf("the dialog after the edit lacks %q:\n%s", want, frameScreen(screen))
		}
	}
	if regexp.MustCompile(`❯ \d\. `).MatchString(screen) {
		t.Errorf("an edit must clear the selection:\n%s", frameScreen(screen))
	}
	a.chooseLabel("Yes")

	a.waitToolResult("with the edited command's output", resultContains(editedMark))
	a.waitFile(fileEdited)
	a.WaitFor(fakeapi.TextToolDone+editedMark, waitTimeout)
	a.WaitFor("Allowed once · with your edits", waitTimeout)
	a.noFile(fakeapi.FileTouched, "the model's command ran instead of the edited one")
	a.wantEditedCall()
}

// ctrl+g edits the command in $VISUAL; the dialog takes the file back, re-arms, and
// "Yes" runs what the editor left.
func TestE2EPermissionEditInExternalEditor(t *testing.T) {
	t.Parallel()
	editor := sedEditor(t, `s/touched\.txt/`+fileEdited+` \&\& echo `+editedMark+`/`)
	a := startAppEnv(t, appOptions{Width: 120, Height: 40}, "VISUAL="+editor, "EDITOR="+editor)
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioBashTouch + " touch it")
	a.WaitFor(reArmed, waitTimeout)
	a.SendKeys("C-g")

	screen := a.WaitFor("✎ input edited by you", waitTimeout)
	if !strings.Contains(screen, "/"+fileEdited+" && echo "+editedMark) {
		t.Errorf("the dialog should show the command the editor left:\n%s", frameScreen(screen))
	}
	a.chooseLabel("Yes")

	a.waitToolResult("with the edited command's output", resultContains(editedMark))
	a.waitFile(fileEdited)
	a.WaitFor("Allowed once · with your edits", waitTimeout)
	a.noFile(fakeapi.FileTouched, "the model's command ran instead of the edited one")
	a.wantEditedCall()
}

// wantEditedCall checks that the transcript shows the Bash call with the command that
// ran (the user's edit), not the one the model asked for.
func (a *app) wantEditedCall() {
	a.t.Helper()
	screen := a.WaitFor(reBashDone, waitTimeout)
	for _, l := range strings.Split(screen, "\n") {
		if strings.Contains(l, "✓ Bash(touch ") {
			if !strings.Contains(l, "/"+fileEdited+" && echo ") || strings.Contains(l, "/"+fakeapi.FileTouched) {
				a.t.Errorf("the Bash call should show the edited command: %q", l)
			}
			return
		}
	}
	a.t.Errorf("no finished Bash call on screen:\n%s", frameScreen(screen))
}

// "No, and stop" refuses the call and ends the turn as interrupted; the next prompt
// still works.
func TestE2EPermissionDenyAndStop(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 120, Height: 40})
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioBashTouch + " touch it")
	a.chooseLabel("No, and stop")

	a.waitLog(logResult, 1)
	screen := a.WaitFor("■ Interrupted", waitTimeout)
	a.WaitFor("Rejected · Claude stopped", waitTimeout)
	if !strings.Contains(screen, "⊘ Bash(touch ") {
		t.Errorf("the Bash call should show as denied:\n%s", frameScreen(screen))
	}
	if strings.Contains(screen, fakeapi.TextToolDone) {
		t.Errorf("the model was asked to go on after \"No, and stop\":\n%s", frameScreen(screen))
	}
	a.noFile(fakeapi.FileTouched, "the refused command ran")

	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " still there?")
	a.WaitFor(fakeapi.TextHello, waitTimeout)
	a.waitLog(logResult, 2)
	// The model sees that the user stopped the previous turn.
	r, _ := a.rig.API.LastMainRequest()
	if !r.Contains("[Request interrupted by user for tool use]") {
		t.Errorf("the next request should carry the interrupt marker of the stopped turn")
	}
}

// slowTouch streams a few words slowly before asking to run bash_touch's command, so
// there is time to type a draft before the dialog appears.
var slowTouch = fakeapi.Scenario{Name: "slow_touch", Steps: []fakeapi.Step{
	{
		Blocks: []fakeapi.Block{
			{Type: fakeapi.BlockText, Deltas: []string{"Let ", "me ", "create ", "the ", "file ", "first, ", "then ", "look."}},
			fakeapi.ToolUse("Bash", map[string]any{"command": "touch {{cwd}}/" + fakeapi.FileTouched, "description": "Create empty file " + fakeapi.FileTouched}),
		},
		Stream: fakeapi.StreamOptions{DeltaDelay: 400 * time.Millisecond},
	},
	fakeapi.Reply(fakeapi.Text(fakeapi.TextToolDone)),
}}

// esc in a permission dialog rejects the call and stops the turn, as in Claude Code:
// nothing runs, the turn ends interrupted, the transcript says the call was rejected,
// and the prompt has the focus with the draft typed while Claude was working.
func TestE2EPermissionEscRejectsAndStops(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 120, Height: 40, API: fakeapi.Config{Scenarios: []fakeapi.Scenario{slowTouch}}})
	a.waitReady()
	a.prompt("SCENARIO:slow_touch touch it")
	a.Type("my half-written draft")
	a.WaitFor("❯ my half-written draft", waitTimeout)
	a.WaitFor(reArmed, waitTimeout)
	a.SendKeys("Escape")

	a.waitLog(logResult, 1)
	screen := a.WaitFor("Rejected · Claude stopped: tell it what to do instead", waitTimeout)
	if !strings.Contains(screen, "⊘ Bash(touch ") {
		t.Errorf("the Bash call should show as rejected:\n%s", frameScreen(screen))
	}
	if strings.Contains(screen, fakeapi.TextToolDone) {
		t.Errorf("the model went on after esc:\n%s", frameScreen(screen))
	}
	a.noFile(fakeapi.FileTouched, "the rejected command ran")
	a.WaitFor("■ Interrupted", waitTimeout)

	a.Type(" and more")
	a.WaitFor("❯ my half-written draft and more", waitTimeout)
}

// Typing through the moment a permission dialog appears approves nothing: keys keep
// being swallowed while they keep coming, and the dialog arms only once they stop.
// Then one number key answers.
func TestE2EPermissionQuietPeriod(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 120, Height: 40})
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioBashTouch + " touch it")
	// Watch for the dialog in the background, so that looking never slows the typing
	// down: the keys must come far more often than every dialogs.ArmDelay.
	shown := make(chan struct{})
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		for {
			select {
			case <-stop:
				return
			case <-time.After(50 * time.Millisecond):
			}
			if out, err := a.tmux("capture-pane", "-p", "-t", sessionName); err == nil && strings.Contains(out, "Run this command?") {
				close(shown)
				return
			}
		}
	}()
	// Keep typing "1" every 40 ms until the dialog has been on screen for 2 s, far
	// longer than dialogs.ArmDelay.
	deadline := time.Now().Add(waitTimeout)
	var shownAt, lastKey time.Time
	var longestGap time.Duration
	for shownAt.IsZero() || time.Since(shownAt) < 2*time.Second {
		if time.Now().After(deadline) {
			skipIfSlowKeys(t, longestGap)
			t.Fatalf("no permission dialog:\n%s", frameScreen(a.Capture()))
		}
		a.SendKeys("1")
		if now := time.Now(); !lastKey.IsZero() {
			longestGap = max(longestGap, now.Sub(lastKey))
			lastKey = now
		} else {
			lastKey = now
		}
		time.Sleep(40 * time.Millisecond)
		if shownAt.IsZero() {
			select {
			case <-shown:
				shownAt = time.Now()
			default:
			}
		}
	}
	skipIfSlowKeys(t, longestGap)
	screen := a.WaitFor(reArmed, waitTimeout)
	if !strings.Contains(screen, "Run this command?") || a.countLog(logResult) != 0 {
		t.Fatalf("keys typed while the dialog appeared answered it (slowest gap between keys %v):\n%s", longestGap, frameScreen(screen))
	}
	a.noFile(fakeapi.FileTouched, "keys typed through the dialog approved it")
	a.SendKeys("1")
	a.waitFile(fakeapi.FileTouched)
	a.WaitFor("Allowed once", waitTimeout)
}

// "Yes, and switch to accept edits mode" writes the file and switches to acceptEdits:
// the next write is not asked about.
func TestE2EPermissionAllowEditsForSession(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 120, Height: 40, Files: map[string]string{fakeapi.FileExisting: "line1\nline2\nline3\n"}})
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioWriteNew + " write it")
	screen := a.WaitFor(reArmed, waitTimeout)
	if strings.Contains(screen, "allow edits for this session") {
		t.Errorf("the choice that changes the mode does not say so:\n%s", frameScreen(screen))
	}
	a.chooseLabel("Yes, and switch to accept edits mode")

	a.waitFile(fakeapi.FileNew)
	a.waitStatus("accept edits")
	a.WaitFor("Allowed · switched to accept edits mode", waitTimeout)
	a.waitLog(logResult, 1)

	a.prompt("SCENARIO:" + fakeapi.ScenarioWriteExisting + " change it")
	a.waitLog(logResult, 2)
	a.WaitFor(fakeapi.TextToolDone, waitTimeout)
	if n := a.countLog(logPermission); n != 1 {
		t.Errorf("claude asked %d times, want once (the second write runs in acceptEdits)", n)
	}
	if b, err := a.readFile(fakeapi.FileExisting); err != nil || !strings.Contains(b, "CHANGED") {
		t.Errorf("%s = %q, %v; want the second write's content", fakeapi.FileExisting, b, err)
	}
}

// planArgs start gclaude in plan mode.
var planArgs = []string{"--permission-mode", "plan"}

// Plan review, "No, keep planning" with words: the model gets them verbatim as an
// error tool_result and the session stays in plan mode.
func TestE2EPlanKeepPlanningWithFeedback(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 120, Height: 40, Args: planArgs})
	a.waitReady()
	a.waitStatus("plan mode")
	a.prompt("SCENARIO:" + fakeapi.ScenarioExitPlanFile + " plan it")
	a.WaitFor("Plan review", waitTimeout)
	a.selectLabel("No, keep planning")
	const feedback = "Add a step that runs the tests, then ask again."
	a.Type(feedback)
	a.WaitFor(feedback, waitTimeout)
	a.SendKeys("Enter")

	res := a.waitToolResult("with the plan feedback", resultContains(feedback))
	if !res.IsError || res.ResultText() != feedback {
		t.Errorf("tool_result = %q (is_error %v), want exactly the feedback as an error", res.ResultText(), res.IsError)
	}
	a.WaitFor("Plan not approved: "+feedback, waitTimeout)
	a.waitLog(logResult, 1)
	if bar := a.waitStatus("plan mode"); !strings.Contains(bar, "plan mode") {
		t.Errorf("status bar after keep planning: %q", bar)
	}
	if n := a.countLog(`"permissionMode":"default"`); n != 0 {
		t.Errorf("the mode changed after keep planning (%d log lines report default)", n)
	}
}

// Plan review, "Yes, and approve each edit": plan mode ends in default mode.
func TestE2EPlanApproveEachEdit(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 120, Height: 40, Args: planArgs})
	a.waitReady()
	a.waitStatus("plan mode")
	a.prompt("SCENARIO:" + fakeapi.ScenarioExitPlanFile + " plan it")
	a.WaitFor("Plan review", waitTimeout)
	a.chooseLabel("Yes, and approve each edit")

	a.waitStatus(reDefaultMode)
	a.WaitFor("Plan approved · approve each edit", waitTimeout)
	a.waitToolResult("with the approval", resultContains("User has approved your plan"))
	a.waitLog(logResult, 1)
	if bar := a.statusBar(a.Capture()); !reDefaultMode.MatchString(bar) {
		t.Errorf("status bar after the turn: %q", bar)
	}
}

// reDefaultMode is the status bar in default mode: the mode is its first word.
var reDefaultMode = regexp.MustCompile(`^\s*default\s`)

// Plan review of an ExitPlanMode without a plan file: the dialog says so, and
// approving still works.
func TestE2EPlanReviewWithoutPlanFile(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 120, Height: 40, Args: planArgs})
	a.waitReady()
	a.waitStatus("plan mode")
	a.prompt("SCENARIO:" + fakeapi.ScenarioExitPlan + " plan it")
	a.WaitFor("Plan review", waitTimeout)
	screen := a.WaitFor("No plan file was written", waitTimeout)
	if strings.Contains(screen, "plan file:") {
		t.Errorf("the dialog names a plan file that does not exist:\n%s", frameScreen(screen))
	}
	a.chooseLabel("Yes, and approve each edit")

	a.waitToolResult("with the approval", resultContains("User has approved exiting plan mode"))
	a.waitStatus(reDefaultMode)
	a.WaitFor(fakeapi.TextToolDone, waitTimeout)
}

// ctrl+g edits the plan in $VISUAL; approving sends the edited plan, which the model
// is told the user edited.
func TestE2EPlanEditedInExternalEditor(t *testing.T) {
	t.Parallel()
	const edited = "Step B, then run the tests"
	editor := sedEditor(t, `s/Step B/`+edited+`/`)
	a := startAppEnv(t, appOptions{Width: 120, Height: 40, Args: planArgs}, "VISUAL="+editor, "EDITOR="+editor)
	a.waitReady()
	a.waitStatus("plan mode")
	a.prompt("SCENARIO:" + fakeapi.ScenarioExitPlanFile + " plan it")
	a.WaitFor("Plan review", waitTimeout)
	a.WaitFor(reArmed, waitTimeout)
	a.SendKeys("C-g")

	screen := a.WaitFor("✎ plan edited by you", waitTimeout)
	if !strings.Contains(screen, edited) {
		t.Errorf("the review should show the edited plan:\n%s", frameScreen(screen))
	}
	a.chooseLabel("Yes, and approve each edit")

	res := a.waitToolResult("with the edited plan", resultContains(edited))
	if !strings.Contains(res.ResultText(), "Approved Plan (edited by user)") {
		t.Errorf("the model should be told the user edited the plan:\n%s", res.ResultText())
	}
	a.WaitFor("Plan approved · approve each edit · plan edited by you", waitTimeout)
	a.waitStatus(reDefaultMode)
}

// Questions: an "Other…" answer in the user's words with a note reaches the model;
// esc on the next questions skips them all.
func TestE2EQuestionsOtherNoteAndSkip(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 100, Height: 30})
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioAskSingle + " ask me")
	a.WaitFor("Which color do you prefer?", waitTimeout)
	a.WaitFor(regexp.MustCompile(`↑↓ move · space choose`), waitTimeout) // armed
	a.SendKeys("3")                                                      // Other…
	a.WaitFor(regexp.MustCompile(`❯ 3\. \( \) Other…`), waitTimeout)
	const other, note = "Green, like grass", "any shade will do"
	a.Type(other)
	a.WaitFor(regexp.MustCompile(`3\. \(•\) Other…`), waitTimeout)
	a.SendKeys("C-n")
	a.WaitFor("enter keep note", waitTimeout)
	a.Type(note)
	a.WaitFor(note, waitTimeout)
	a.SendKeys("Enter") // keep the note
	a.WaitGone("enter keep note", waitTimeout)
	a.SendKeys("Enter") // next: the review
	review := a.WaitFor("Review your answers", waitTimeout)
	if !strings.Contains(review, "→ "+other) || !strings.Contains(review, "note: "+note) {
		t.Errorf("the review should show the answer and the note:\n%s", frameScreen(review))
	}
	a.SendKeys("Enter")

	res := a.waitToolResult("with the answer and the note", resultContains(other))
	want := `"Which color do you prefer?"="` + other + `" notes: ` + note
	if !strings.Contains(res.ResultText(), want) {
		t.Errorf("tool_result = %q, want it to contain %q", res.ResultText(), want)
	}
	a.waitLog(logResult, 1)

	a.prompt("SCENARIO:" + fakeapi.ScenarioAsk + " ask again")
	a.WaitFor("Claude has 2 questions", waitTimeout)
	a.WaitFor(regexp.MustCompile(`↑↓ move · space choose`), waitTimeout)
	a.SendKeys("Escape")
	res = a.waitToolResult("with the skip", resultContains(dialogs.SkipMessage))
	if !res.IsError {
		t.Errorf("skipping should reach the model as an error tool_result: %+v", res)
	}
	a.WaitFor("Questions skipped", waitTimeout)
	a.waitLog(logResult, 2)
}

// /mode opens the mode picker; choosing Plan puts the session in plan mode: the bar,
// the next turn's system/init and the model's instructions say so.
func TestE2EModePickerPlan(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 100, Height: 30})
	a.waitReady()
	a.prompt("/mode")
	screen := a.WaitFor("Permission mode", waitTimeout)
	m := regexp.MustCompile(`(\d)\. Plan`).FindStringSubmatch(screen)
	if m == nil {
		t.Fatalf("no Plan in the mode picker:\n%s", frameScreen(screen))
	}
	a.SendKeys(m[1])
	a.WaitFor("❯ "+m[1]+". Plan", waitTimeout)
	a.SendKeys("Enter")
	a.WaitGone("Read and plan only", waitTimeout) // the picker's line for Plan
	a.waitStatus("plan mode")
	a.WaitFor("Permission mode: plan", waitTimeout)

	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " hi")
	a.WaitFor(fakeapi.TextHello, waitTimeout)
	a.waitLogMatch(regexp.MustCompile(`event message system/init .*"permissionMode":"plan"`))
	r, ok := a.rig.API.LastMainRequest()
	if !ok || !r.Contains("Plan mode is active") {
		t.Errorf("the turn's request should carry plan mode's instructions")
	}
	a.waitLog(logResult, 1)
	a.waitStatus("plan mode")
}

// --dangerously-skip-permissions: the bar warns in red for as long as it lasts, and a
// command runs without a dialog.
func TestE2EBypassPermissionsLaunch(t *testing.T) {
	t.Parallel()
	// As root, claude refuses to skip permissions outside a sandbox it knows of.
	a := startAppEnv(t, appOptions{Width: 120, Height: 40, Args: []string{"--dangerously-skip-permissions"}}, "IS_SANDBOX=1")
	a.waitReady()
	a.waitStatus("BYPASS PERMISSIONS")
	a.wantBypassWarning()

	a.prompt("SCENARIO:" + fakeapi.ScenarioBashTouch + " touch it")
	a.waitFile(fakeapi.FileTouched)
	a.waitLog(logResult, 1)
	a.WaitFor(fakeapi.TextToolDone, waitTimeout)
	if n := a.countLog(logPermission); n != 0 {
		t.Errorf("claude asked %d times in bypass mode, want never", n)
	}
	a.wantBypassWarning()
}

// wantBypassWarning checks that the status bar's bypass segment is drawn in reverse
// video in a red.
func (a *app) wantBypassWarning() {
	a.t.Helper()
	styled := a.line(a.CaptureStyled(), -2)
	m := reBypassSegment.FindStringSubmatch(styled)
	if m == nil {
		a.t.Fatalf("no bypass warning in the status bar: %q", styled)
	}
	sgr := sgrParams(m[1])
	if !sgr["7"] {
		a.t.Errorf("the bypass warning should be reverse video: %q", m[1])
	}
	if !redForeground(m[1]) {
		a.t.Errorf("the bypass warning should be red: %q", m[1])
	}
}

// reBypassSegment is the bypass warning with the SGR sequences just before it.
var reBypassSegment = regexp.MustCompile(`((?:\x1b\[[0-9;]*m)+) ⚠ BYPASS PERMISSIONS `)

// A model the API does not know: /model with its id gives an error notice, and the
// bar and the next turn keep the model in use.
func TestE2EModelNotFound(t *testing.T) {
	t.Parallel()
	const unknown = "claude-no-such-model-1"
	a := startApp(t, appOptions{Width: 100, Height: 30, API: fakeapi.Config{NotFoundModels: []string{unknown}}})
	a.waitReady()
	before := a.waitStatus(regexp.MustCompile(`claude-\S+`))
	model := regexp.MustCompile(`claude-\S+`).FindString(before)

	a.prompt("/model")
	a.WaitFor("Switch model", waitTimeout)
	a.Type(unknown)
	a.WaitFor("❯ use model id: "+unknown, waitTimeout)
	a.SendKeys("Enter")
	a.WaitGone("Switch model", waitTimeout)
	a.WaitFor(`model "`+unknown+`" not found`, waitTimeout)
	if bar := a.statusBar(a.Capture()); !strings.Contains(bar, model) || strings.Contains(bar, unknown) {
		t.Errorf("status bar after the failed switch: %q, want %s", bar, model)
	}

	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " hi")
	a.WaitFor(fakeapi.TextHello, waitTimeout)
	r, ok := a.rig.API.LastMainRequest()
	if !ok || r.Model != model {
		t.Errorf("the turn's request used model %q, want %q", r.Model, model)
	}
	a.waitLog(logResult, 1)
	if bar := a.statusBar(a.Capture()); !strings.Contains(bar, model) {
		t.Errorf("status bar after the turn: %q, want %s", bar, model)
	}
}

// skipIfSlowKeys skips a quiet-period test whose keys did not come faster than the
// quiet period: the claim is about such keys, and on a machine so loaded that tmux
// could not deliver them that fast it cannot be checked either way.
func skipIfSlowKeys(t *testing.T, longestGap time.Duration) {
	t.Helper()
	if longestGap >= dialogs.ArmDelay*3/4 {
		t.Skipf("keys came %v apart at the slowest (quiet period %v): machine too loaded to type through the dialog", longestGap, dialogs.ArmDelay)
	}
}
