package dialogs

import (
	"fmt"
	"testing"
)

// screen builds a dialog in a given state for the golden and size tests.
type screen struct {
	name  string
	build func(t *testing.T, env Env) Dialog
	keys  []string // pressed after arming
}

// moreScreens are the screens a dialog's own test file adds (in init), so a new dialog
// brings its goldens without touching this file.
var moreScreens []screen

func screens() []screen {
	perm := func(request string, info RequestInfo) func(*testing.T, Env) Dialog {
		return func(t *testing.T, env Env) Dialog { return NewPermission(loadRequest(t, request), info, env) }
	}
	return append([]screen{
		{name: "bash", build: perm("exp02a_bash", RequestInfo{})},
		{name: "bash_selected", build: perm("exp02a_bash", RequestInfo{}), keys: []string{"down", "down"}},
		{name: "bash_feedback", build: perm("exp02a_bash", RequestInfo{}), keys: []string{"5", "u", "s", "e", " ", "y", "a", "r", "n"}},
		{name: "bash_hook", build: perm("exp11a_hook_ask", RequestInfo{})},
		// A script longer than the screen: the preview scrolls, the choices stay whole.
		{name: "bash_long", build: perm("long_bash_script", RequestInfo{})},
		{name: "bash_long_selected", build: perm("long_bash_script", RequestInfo{}), keys: []string{"down", "down"}},
		{name: "write_new", build: perm("exp02f_write_new", RequestInfo{})},
		{name: "write_existing", build: perm("exp05b_write_existing", RequestInfo{})},
		{name: "edit", build: perm("exp05a_edit", RequestInfo{})},
		{name: "edit_editing", build: perm("exp05a_edit", RequestInfo{}), keys: []string{"e"}},
		{name: "write_outside", build: perm("exp02g_write_outside", RequestInfo{})},
		{name: "subagent_write", build: perm("exp07c_subagent_write", RequestInfo{AgentDescription: "Write a file"})},
		{name: "plan", build: func(t *testing.T, env Env) Dialog { return NewPlanReview(loadRequest(t, "exp03d_plan"), env) }},
		{name: "plan_empty", build: func(t *testing.T, env Env) Dialog { return NewPlanReview(loadRequest(t, "exp03a_plan_empty"), env) }},
		{name: "plan_keep_planning", build: func(t *testing.T, env Env) Dialog { return NewPlanReview(loadRequest(t, "exp03d_plan"), env) },
			keys: []string{"3", "a", "d", "d", " ", "t", "e", "s", "t", "s"}},
		{name: "questions_single", build: func(t *testing.T, env Env) Dialog { return NewQuestions(loadRequest(t, "exp04a_questions"), env) },
			keys: []string{"2"}},
		{name: "questions_multi", build: func(t *testing.T, env Env) Dialog { return NewQuestions(loadRequest(t, "exp04a_questions"), env) },
			keys: []string{"2", "enter", "1", "space", "3", "space", "down"}},
		{name: "questions_review", build: func(t *testing.T, env Env) Dialog { return NewQuestions(loadRequest(t, "exp04a_questions"), env) },
			keys: []string{"2", "ctrl+n", "c", "a", "l", "m", "enter", "enter", "1", "space", "3", "space", "enter"}},
		{name: "model_picker", build: func(t *testing.T, env Env) Dialog { return NewModelPicker(captureModels(t), "sonnet", env) }},
		{name: "model_picker_filtered", build: func(t *testing.T, env Env) Dialog { return NewModelPicker(captureModels(t), "sonnet", env) },
			keys: []string{"o", "p"}},
		{name: "mode_picker", build: func(t *testing.T, env Env) Dialog { return NewModePicker(nil, "default", true, env) }},
	}, moreScreens...)
}

// openScreen builds a screen, queues it as 1 of 2 where it can be queued, arms it and
// presses its keys.
func openScreen(t *testing.T, s screen) (Dialog, *clock) {
	t.Helper()
	withProjectFixtures(t)
	c := newClock()
	d := s.build(t, testEnv(c))
	if q, ok := d.(Queued); ok {
		q.SetQueue(1, 2)
	}
	open(d, c)
	for _, k := range s.keys {
		if a, _ := d.Update(keyMsg(k)); a != nil {
			t.Fatalf("%s: key %q answered: %#v", s.name, k, a)
		}
	}
	return d, c
}

func TestGoldenScreens(t *testing.T) {
	for _, s := range screens() {
		for _, size := range [][2]int{{60, 15}, {80, 24}, {120, 40}} {
			name := fmt.Sprintf("%s_%dx%d", s.name, size[0], size[1])
			t.Run(name, func(t *testing.T) {
				d, _ := openScreen(t, s)
				view := d.View(size[0], size[1])
				checkFits(t, view, size[0], size[1])
				requireGolden(t, name, view)
			})
		}
	}
}

// The first screen a user sees of a dialog, still arming.
func TestGoldenArming(t *testing.T) {
	withProjectFixtures(t)
	c := newClock()
	d := NewPermission(loadRequest(t, "exp02a_bash"), RequestInfo{}, testEnv(c))
	d.Init()
	requireGolden(t, "bash_arming_80x24", d.View(80, 24))
}

// Every dialog fits every size from 60×15 up, never wider or taller than given.
func TestScreensFitEverySize(t *testing.T) {
	sizes := [][2]int{{60, 15}, {61, 16}, {72, 20}, {80, 24}, {100, 30}, {120, 40}, {200, 60}, {40, 10}}
	for _, s := range screens() {
		t.Run(s.name, func(t *testing.T) {
			d, _ := openScreen(t, s)
			for _, size := range sizes {
				checkFits(t, d.View(size[0], size[1]), size[0], size[1])
			}
		})
	}
}
