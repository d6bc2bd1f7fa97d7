package dialogs

import (
	"fmt"
	"strings"
	"testing"
)

// A read-only dialog (gclaude replay) answers nothing, so it does not arm: it takes
// keys at once and says it shows a recording, not "arming…".
func TestReadOnlyDialogsDoNotArm(t *testing.T) {
	withProjectFixtures(t)
	builds := map[string]func(t *testing.T, env Env) Dialog{
		"permission": func(t *testing.T, env Env) Dialog {
			return NewPermission(loadRequest(t, "exp02a_bash"), RequestInfo{}, env)
		},
		"plan":      func(t *testing.T, env Env) Dialog { return NewPlanReview(loadRequest(t, "exp03d_plan"), env) },
		"questions": func(t *testing.T, env Env) Dialog { return NewQuestions(loadRequest(t, "exp04a_questions"), env) },
	}
	for name, build := range builds {
		t.Run(name, func(t *testing.T) {
			env := testEnv(newClock()) // the clock never moves
			env.ReadOnly = true
			d := build(t, env)
			if cmd := d.Init(); cmd != nil {
				t.Error("Init started an arming tick")
			}
			view := stripped(d.View(80, 24))
			if strings.Contains(view, "arming") {
				t.Errorf("a read-only dialog says it is arming:\n%s", view)
			}
			if !strings.Contains(view, "recording — read only") {
				t.Errorf("no read-only marker:\n%s", view)
			}
			if a, _ := d.Update(keyMsg("esc")); a != (Dismiss{}) {
				t.Errorf("esc at once = %#v, want Dismiss", a)
			}
		})
	}
}

// The first screen of a recorded permission dialog.
func TestGoldenReadOnly(t *testing.T) {
	withProjectFixtures(t)
	env := testEnv(newClock())
	env.ReadOnly = true
	d := NewPermission(loadRequest(t, "exp02a_bash"), RequestInfo{}, env)
	d.Init()
	for _, size := range [][2]int{{60, 15}, {80, 24}} {
		view := d.View(size[0], size[1])
		checkFits(t, view, size[0], size[1])
		requireGolden(t, fmt.Sprintf("bash_readonly_%dx%d", size[0], size[1]), view)
	}
}
