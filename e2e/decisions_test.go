package e2e

import (
	"regexp"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/fakeapi"
)

// Plan mode: the plan review shows the plan; "Yes, and auto-accept edits" leaves plan
// mode for acceptEdits, and the status bar says so.
func TestE2EPlanReviewAutoAccept(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 120, Height: 40, Args: []string{"--permission-mode", "plan"}})
	a.waitReady()
	a.waitStatus("plan mode")
	a.prompt("SCENARIO:" + fakeapi.ScenarioExitPlanFile + " plan it")

	screen := a.WaitFor("Plan review", waitTimeout)
	for _, want := range []string{"Plan from file", "Step A", "Step B", "Yes, and auto-accept edits"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the plan review lacks %q:\n%s", want, frameScreen(screen))
		}
	}
	a.choose(a.choiceNumber(screen, "Yes, and auto-accept edits"))
	a.waitStatus("accept edits")
	a.WaitFor(fakeapi.TextToolDone, waitTimeout)
	a.WaitFor("Plan approved · auto-accept edits", waitTimeout)
}

// AskUserQuestion: a single-select and a multi-select answer, submitted from the
// review page, reach the model.
func TestE2EQuestionsAnswered(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{})
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioAsk + " ask me")

	a.WaitFor("Claude has 2 questions", waitTimeout)
	a.WaitFor(regexp.MustCompile(`↑↓ move · space choose`), waitTimeout) // armed
	a.SendKeys("2")
	a.WaitFor(regexp.MustCompile(`❯ 2\. \(•\) Blue`), waitTimeout)
	a.SendKeys("Enter")
	a.WaitFor("Which sizes?", waitTimeout)
	// In a multi-select question a number moves the cursor and space ticks.
	a.SendKeys("1", "Space")
	a.WaitFor(regexp.MustCompile(`1\. \[x\] S`), waitTimeout)
	a.SendKeys("3", "Space")
	a.WaitFor(regexp.MustCompile(`3\. \[x\] L`), waitTimeout)
	a.SendKeys("Enter")
	review := a.WaitFor("Review your answers", waitTimeout)
	if !strings.Contains(review, "→ Blue") || !strings.Contains(review, "→ S, L") {
		t.Errorf("the review should list both answers:\n%s", frameScreen(review))
	}
	a.SendKeys("Enter")

	const want = `"Which color do you prefer?"="Blue", "Which sizes?"="S, L"`
	a.waitRequest("with the answers", func(r fakeapi.Request) bool {
		return r.Kind == fakeapi.KindConversation && r.Contains(want)
	})
	a.WaitFor(fakeapi.TextToolDone, waitTimeout)
}

// alt+p and /model open the model picker; choosing sonnet switches the next turn's
// model and the status bar.
func TestE2EModelPicker(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{})
	a.waitReady()
	a.SendKeys("M-p")
	a.WaitFor("Switch model", waitTimeout)
	a.SendKeys("Escape")
	a.WaitGone("Switch model", waitTimeout)

	a.prompt("/model")
	a.WaitFor("Switch model", waitTimeout)
	a.Type("sonnet")
	a.WaitFor(regexp.MustCompile(`❯ Sonnet`), waitTimeout)
	a.SendKeys("Enter")
	a.WaitGone("Switch model", waitTimeout)
	a.WaitFor(regexp.MustCompile(`model set to \S*sonnet`), waitTimeout) // the CLI names the model the alias resolves to
	a.waitStatus("sonnet")

	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " hi")
	a.WaitFor(fakeapi.TextHello, waitTimeout)
	r, ok := a.rig.API.LastMainRequest()
	if !ok || !strings.Contains(r.Model, "sonnet") {
		t.Errorf("the turn's request used model %q, want sonnet", r.Model)
	}
	a.waitLog(logResult, 1)
	if bar := a.waitStatus("sonnet"); strings.Contains(bar, "opus") {
		t.Errorf("status bar after the turn: %q", bar)
	}
}
