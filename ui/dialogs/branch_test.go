package dialogs

import "testing"

func init() {
	moreScreens = append(moreScreens, screen{name: "branch_picker", build: func(_ *testing.T, env Env) Dialog {
		return NewBranchPicker([]RewindPrompt{{UUID: "u2", Text: "now add tests", Desc: "the last prompt"},
			{UUID: "u1", Text: "write a parser", Desc: "1 prompt before the last"}}, "", env)
	}})
}

// Enter on the first row branches as the conversation is now; on a prompt, before it.
func TestBranchPicker(t *testing.T) {
	d := NewBranchPicker([]RewindPrompt{{UUID: "u2", Text: "now add tests"}}, "tests", testEnv(newClock()))
	if a, _ := d.Update(keyMsg("enter")); a != (BranchFrom{Name: "tests"}) {
		t.Errorf("enter on the first row: %#v", a)
	}
	d.Update(keyMsg("down"))
	if a, _ := d.Update(keyMsg("enter")); a != (BranchFrom{UUID: "u2", Name: "tests"}) {
		t.Errorf("enter on a prompt: %#v", a)
	}
}
