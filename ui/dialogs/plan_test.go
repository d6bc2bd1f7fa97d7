package dialogs

import (
	"strings"
	"testing"
)

const (
	planID         = "b30ba39b-e32e-463c-9d2b-e736e1cb8243"
	planPath       = "/home/dev/.claude/plans/plan-it-scenario-exitplan-file-prancy-tide.md"
	planInput      = `{"plan":"# Plan from file\n\n1. Step A\n2. Step B\n","planFilePath":"` + planPath + `"}`
	setModeEdit    = `"updatedPermissions":[{"type":"setMode","mode":"acceptEdits","destination":"session"}]`
	setModeDefault = `"updatedPermissions":[{"type":"setMode","mode":"default","destination":"session"}]`
	setModeAuto    = `"updatedPermissions":[{"type":"setMode","mode":"auto","destination":"session"}]`
)

func planResponse(id, body string) string {
	return `{"type":"control_response","response":{"subtype":"success","request_id":"` + id + `","response":` + body + `}}`
}

func TestPlanResponses(t *testing.T) {
	tests := []struct {
		name     string
		request  string
		keys     []string
		feedback string
		want     string
		summary  string
	}{
		{"approve and auto-accept edits", "exp03d_plan", []string{"1"}, "",
			planResponse(planID, `{"behavior":"allow","updatedInput":`+planInput+`,`+setModeEdit+`}`), "Plan approved · auto-accept edits"},
		{"approve each edit", "exp03d_plan", []string{"2"}, "",
			planResponse(planID, `{"behavior":"allow","updatedInput":`+planInput+`,`+setModeDefault+`}`), "Plan approved · approve each edit"},
		{"keep planning with feedback", "exp03d_plan", []string{"3"}, "Please add a testing step to the plan.",
			planResponse(planID, `{"behavior":"deny","message":"Please add a testing step to the plan."}`), "Plan not approved: Please add a testing step to the plan."},
		{"keep planning without words", "exp03d_plan", []string{"3"}, "",
			planResponse(planID, `{"behavior":"deny","message":"`+PlanDenyMessage+`"}`), "Plan not approved · keep planning"},
		{"esc keeps planning", "exp03d_plan", []string{"esc"}, "",
			planResponse(planID, `{"behavior":"deny","message":"`+PlanDenyMessage+`"}`), "Plan not approved · keep planning"},
		{"empty plan approved", "exp03a_plan_empty", []string{"2"}, "",
			planResponse("601545e9-47f5-40b1-8e59-118e6924ed59", `{"behavior":"allow","updatedInput":{},`+setModeDefault+`}`), "Plan approved · approve each edit"},
		{"empty plan approved with auto-accept", "exp03a_plan_empty", []string{"1"}, "",
			planResponse("601545e9-47f5-40b1-8e59-118e6924ed59", `{"behavior":"allow","updatedInput":{},`+setModeEdit+`}`), "Plan approved · auto-accept edits"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newClock()
			d := open(NewPlanReview(loadRequest(t, tt.request), testEnv(c)), c)
			a := press(t, d, tt.keys...)
			if tt.keys[0] == "3" {
				typeText(d, tt.feedback)
				a = press(t, d, "enter")
			}
			if got := encode(t, a); got != tt.want {
				t.Errorf("response\n got %s\nwant %s", got, tt.want)
			}
			r := a.(Respond)
			if r.Summary != tt.summary {
				t.Errorf("summary = %q, want %q", r.Summary, tt.summary)
			}
			if r.PlanEdit != nil {
				t.Errorf("PlanEdit = %+v for an unedited plan", r.PlanEdit)
			}
		})
	}
}

func TestPlanEdited(t *testing.T) {
	c := newClock()
	d := open(NewPlanReview(loadRequest(t, "exp03d_plan"), testEnv(c)), c).(*PlanReview)
	press(t, d, "e")
	d.editor.SetValue("# Plan from file\n\n1. Step A\n2. Step B\n3. Test it\n")
	press(t, d, "ctrl+s")
	if !strings.Contains(stripped(d.View(100, 30)), "3. Test it") {
		t.Error("the edited plan is not shown")
	}
	a := press(t, d, "2")
	want := planResponse(planID, `{"behavior":"allow","updatedInput":{"plan":"# Plan from file\n\n1. Step A\n2. Step B\n3. Test it\n","planFilePath":"`+planPath+`"},`+setModeDefault+`}`)
	if got := encode(t, a); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	pe := a.(Respond).PlanEdit
	if pe == nil || pe.Path != planPath || pe.Text != "# Plan from file\n\n1. Step A\n2. Step B\n3. Test it\n" {
		t.Errorf("PlanEdit = %+v", pe)
	}
}

func TestPlanEditedInEditorOfEmptyPlan(t *testing.T) {
	c := newClock()
	d := open(NewPlanReview(loadRequest(t, "exp03a_plan_empty"), testEnv(c)), c).(*PlanReview)
	if _, cmd := d.Update(keyMsg("ctrl+g")); cmd == nil {
		t.Fatal("ctrl+g returned no command")
	}
	d.Update(editorDoneMsg{id: d.id, text: "# My plan\n"})
	c.advance(ArmDelay)
	a := press(t, d, "1")
	want := planResponse("601545e9-47f5-40b1-8e59-118e6924ed59", `{"behavior":"allow","updatedInput":{"plan":"# My plan\n"},`+setModeEdit+`}`)
	if got := encode(t, a); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	if pe := a.(Respond).PlanEdit; pe == nil || pe.Path != "" || pe.Text != "# My plan\n" {
		t.Errorf("PlanEdit = %+v", pe)
	}
}

func TestPlanEnterWithNothingSelectedDoesNothing(t *testing.T) {
	c := newClock()
	d := open(NewPlanReview(loadRequest(t, "exp03d_plan"), testEnv(c)), c)
	if a := press(t, d, "enter"); a != nil {
		t.Fatalf("enter answered %#v", a)
	}
}

// When the CLI accepts auto mode, plan review offers it first; every approval names
// the mode that follows, and sends it.
func TestPlanOffersAutoModeWhenAvailable(t *testing.T) {
	c := newClock()
	env := testEnv(c)
	env.AutoMode = true
	d := open(NewPlanReview(loadRequest(t, "exp03d_plan"), env), c)
	view := stripped(d.View(100, 30))
	for _, want := range []string{"1. Yes, and use auto mode", "2. Yes, and auto-accept edits — switches to accept edits mode", "3. Yes, and approve each edit — switches to default mode", "4. No, keep planning"} {
		if !strings.Contains(view, want) {
			t.Errorf("plan review lacks %q:\n%s", want, view)
		}
	}
	a := press(t, d, "1")
	if got, want := encode(t, a), planResponse(planID, `{"behavior":"allow","updatedInput":`+planInput+`,`+setModeAuto+`}`); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	if s := a.(Respond).Summary; s != "Plan approved · auto mode" {
		t.Errorf("summary = %q", s)
	}
	if strings.Contains(stripped(open(NewPlanReview(loadRequest(t, "exp03d_plan"), testEnv(c)), c).View(100, 30)), "auto mode") {
		t.Error("auto mode offered although the CLI does not accept it")
	}
}

// TestPlanShowsAngleBrackets: a plan is shown as written, tags and generics
// included (issue 27: they vanished from the rendered plan).
func TestPlanShowsAngleBrackets(t *testing.T) {
	req := loadRequest(t, "exp03d_plan")
	req.Input = []byte(`{"plan":"# Plan\n\n1. Make Cache<K, V> generic\n2. Render <Header title={t} /> in <App>\n\n<!-- keep the old API -->\n"}`)
	c := newClock()
	v := stripped(open(NewPlanReview(req, testEnv(c)), c).View(100, 30))
	for _, want := range []string{"Make Cache<K, V> generic", "Render <Header title={t} /> in <App>", "<!-- keep the old API -->"} {
		if !strings.Contains(v, want) {
			t.Errorf("the plan lacks %q:\n%s", want, v)
		}
	}
}
