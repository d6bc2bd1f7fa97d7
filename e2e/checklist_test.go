package e2e

import (
	"strings"
	"testing"

	"github.com/gclaude/gclaude/fakeapi"
)

// The CLI offers the task tools to the fake's model only when told to (a real model
// gets them by default).
var checklistEnv = []string{"CLAUDE_CODE_ENABLE_TODO_TOOLS=1"}

// The model plans with TaskCreate and TaskUpdate: the list is pinned above the prompt
// with its count and the active item's activeForm, the calls (and the ToolSearch that
// loaded them) are not in the transcript, and ctrl+t hides the list and shows it again.
func TestE2ETaskChecklist(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 100, Height: 30, Env: checklistEnv,
		API: fakeapi.Config{Scenarios: fakeapi.ChecklistScenarios()}})
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioChecklist + " plan it")
	a.WaitFor(fakeapi.TextChecklistAfter, waitTimeout)
	screen := a.WaitFor("0/2 tasks done · "+fakeapi.ChecklistActive+"…", waitTimeout)
	for _, want := range []string{"◼ " + fakeapi.ChecklistStepOne, "◻ " + fakeapi.ChecklistStepTwo} {
		if !strings.Contains(screen, want) {
			t.Errorf("the checklist lacks %q:\n%s", want, frameScreen(screen))
		}
	}
	for _, gone := range []string{"TaskCreate", "TaskUpdate", "ToolSearch", "select:"} {
		if strings.Contains(screen, gone) {
			t.Errorf("the transcript shows the plumbing %q:\n%s", gone, frameScreen(screen))
		}
	}
	// The list sits between the transcript and the editor.
	if list, editor := strings.Index(screen, "tasks done"), strings.Index(screen, "Ask claude"); list < 0 || editor < 0 || list > editor {
		t.Errorf("the checklist is not above the prompt:\n%s", frameScreen(screen))
	}
	a.SendKeys("C-t")
	a.WaitGone("tasks done", waitTimeout)
	a.SendKeys("C-t")
	a.WaitFor("◻ "+fakeapi.ChecklistStepTwo, waitTimeout)
}
