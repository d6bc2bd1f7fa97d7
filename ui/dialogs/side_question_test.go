package dialogs

import (
	"errors"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

const sideAnswer = "Yes: **go test ./ui** runs them.\n\n- unit suites\n- goldens"

func init() {
	answered := func(id int, answer string, err error) func(*testing.T, Env) Dialog {
		return func(_ *testing.T, env Env) Dialog {
			d := NewSideQuestion(7, "do the tests run here?", env)
			d.Update(SideAnswered{ID: id, Answer: answer, Err: err})
			return d
		}
	}
	moreScreens = append(moreScreens,
		screen{name: "btw_waiting", build: answered(8, "", nil)},
		screen{name: "btw_answered", build: answered(7, sideAnswer, nil)},
		screen{name: "btw_failed", build: answered(7, "", errors.New("claude is busy"))},
	)
}

// The overlay shows the question at once, says the answer is coming, and shows the
// answer of its own question only; enter and esc close it.
func TestSideQuestionOverlay(t *testing.T) {
	c := newClock()
	d := NewSideQuestion(3, "what is \x1b[31mred", testEnv(c))
	view := ansi.Strip(d.View(80, 24))
	if !strings.Contains(view, "what is ␛[31mred") || !strings.Contains(view, "Claude is answering…") {
		t.Fatalf("waiting view:\n%s", view)
	}
	d.Update(SideAnswered{ID: 4, Answer: "not mine"})
	if view := ansi.Strip(d.View(80, 24)); strings.Contains(view, "not mine") {
		t.Fatalf("took another question's answer:\n%s", view)
	}
	d.Update(SideAnswered{ID: 3, Answer: "the **answer**"})
	view = ansi.Strip(d.View(80, 24))
	if !strings.Contains(view, "the answer") || strings.Contains(view, "answering") || strings.Contains(view, "**") {
		t.Fatalf("answered view:\n%s", view)
	}
	for _, k := range []string{"enter", "esc"} {
		if a, _ := d.Update(keyMsg(k)); a != (Dismiss{}) {
			t.Errorf("%s: %#v, want Dismiss", k, a)
		}
	}
	if a, _ := d.Update(keyMsg("down")); a != nil {
		t.Errorf("down: %#v", a)
	}
}
