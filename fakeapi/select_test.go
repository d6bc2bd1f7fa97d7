package fakeapi

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func TestScenarioAndStepSelection(t *testing.T) {
	reminderOnly := map[string]any{"role": "user", "content": []map[string]any{
		{"type": "text", "text": "<system-reminder>\n<task-notification>done</task-notification>\n</system-reminder>"},
	}}
	resultPlusPrompt := map[string]any{"role": "user", "content": []map[string]any{
		{"type": "tool_result", "tool_use_id": "t1", "content": "ok"},
		{"type": "text", "text": "And now? SCENARIO:thinking"},
	}}
	stringPrompt := map[string]any{"role": "user", "content": "Plain. SCENARIO:markdown"}
	noContent := map[string]any{"role": "user"}

	tests := []struct {
		name         string
		msgs         []map[string]any
		wantScenario string
		wantStep     int
		wantReply    string // substring of the recorded reply summary
	}{
		{"first prompt", []map[string]any{userPrompt("Do it. SCENARIO:bash_touch")}, ScenarioBashTouch, 0, "tool_use(Bash)"},
		{"after one tool round", []map[string]any{
			userPrompt("Do it. SCENARIO:bash_touch"), assistantTool("t1"), toolResult("t1", "ok"),
		}, ScenarioBashTouch, 1, "text end_turn"},
		{"new prompt restarts", []map[string]any{
			userPrompt("Do it. SCENARIO:bash_touch"), assistantTool("t1"), toolResult("t1", "ok"), assistantText("done"),
			userPrompt("Again. SCENARIO:bash_touch"),
		}, ScenarioBashTouch, 0, "tool_use(Bash)"},
		{"new prompt picks its own scenario", []map[string]any{
			userPrompt("Hi. SCENARIO:text"), assistantText("hello"), stringPrompt,
		}, ScenarioMarkdown, 0, "text end_turn"},
		{"prompt merged into a tool result message", []map[string]any{
			userPrompt("Do it. SCENARIO:bash_touch"), assistantTool("t1"), resultPlusPrompt,
		}, ScenarioThinking, 0, "thinking,text"},
		{"reminder-only message is not a prompt", []map[string]any{
			userPrompt("Go. SCENARIO:task_bg"), assistantTool("t1"), toolResult("t1", "launched"),
			assistantText("started"), reminderOnly,
		}, ScenarioTaskBackgr, 2, "text end_turn"},
		{"no marker plays the default", []map[string]any{userPrompt("hello there")}, ScenarioText, 0, "text end_turn"},
		{"no prompt at all", []map[string]any{noContent}, ScenarioText, 0, "text end_turn"},
		{"unknown scenario", []map[string]any{userPrompt("SCENARIO:nope")}, "nope", 0, "text end_turn"},
		{"past the last step", []map[string]any{
			userPrompt("SCENARIO:text"), assistantText("a"), toolResult("x", "y"),
		}, ScenarioText, 1, "text end_turn"},
	}
	s := newServer(t, Config{})
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			post(t, s, "/v1/messages?beta=true", convo(false, tc.msgs...))
			reqs := s.Requests()
			got := reqs[len(reqs)-1]
			if got.Kind != KindConversation || got.Scenario != tc.wantScenario || got.Step != tc.wantStep {
				t.Errorf("played %s %q step %d, want conversation %q step %d", got.Kind, got.Scenario, got.Step, tc.wantScenario, tc.wantStep)
			}
			if !strings.Contains(got.Reply, tc.wantReply) {
				t.Errorf("reply %q, want it to contain %q", got.Reply, tc.wantReply)
			}
		})
	}
}

func TestOutOfScriptReplies(t *testing.T) {
	s := newServer(t, Config{})
	_, body := post(t, s, "/v1/messages", convo(false, userPrompt("SCENARIO:nope")))
	if !strings.Contains(string(body), `unknown scenario \"nope\"`) {
		t.Errorf("unknown scenario reply: %s", body)
	}
	_, body = post(t, s, "/v1/messages", convo(false, userPrompt("SCENARIO:text"), assistantText("a"), toolResult("x", "y")))
	if !strings.Contains(string(body), `scenario \"text\" has no step 1`) {
		t.Errorf("past-the-end reply: %s", body)
	}
}

func TestMatcherDefaultAndOverride(t *testing.T) {
	s := newServer(t, Config{
		Default: ScenarioThinking,
		Scenarios: []Scenario{
			{Name: "greet", Match: func(p string) bool { return strings.Contains(p, "greet me") }, Steps: []Step{Reply(Text("hi!"))}},
			{Name: ScenarioText, Steps: []Step{Reply(Text("overridden"))}},
		},
	})
	tests := []struct{ prompt, want string }{
		{"please greet me", "greet"},
		{"anything else", ScenarioThinking},
		{"greet me SCENARIO:text", ScenarioText}, // a marker beats a matcher
	}
	for _, tc := range tests {
		post(t, s, "/v1/messages", convo(false, userPrompt(tc.prompt)))
		r, _ := s.LastMainRequest()
		if r.Scenario != tc.want {
			t.Errorf("%q played %q, want %q", tc.prompt, r.Scenario, tc.want)
		}
	}
	if _, body := post(t, s, "/v1/messages", convo(false, userPrompt("SCENARIO:text"))); !strings.Contains(string(body), "overridden") {
		t.Errorf("Config.Scenarios did not replace the built-in: %s", body)
	}
	s.SetDefault("greet")
	s.AddScenario(Scenario{Name: "greet", Steps: []Step{Reply(Text("replaced at run time"))}})
	if _, body := post(t, s, "/v1/messages", convo(false, userPrompt("no marker"))); !strings.Contains(string(body), "replaced at run time") {
		t.Errorf("SetDefault/AddScenario not applied: %s", body)
	}
}

// TestCapturedRequests feeds the request bodies the real CLI sent during the protocol
// captures and checks that the same scenario and step are chosen as by the capture's
// own fake server.
func TestCapturedRequests(t *testing.T) {
	data, err := os.ReadFile("../testdata/scenarios/captured_requests.json")
	if err != nil {
		t.Fatal(err)
	}
	var entries []struct {
		Capture     string         `json:"capture"`
		Seq         int            `json:"seq"`
		OldScenario string         `json:"old_scenario"`
		OldStep     int            `json:"old_step"`
		Body        map[string]any `json:"body"`
	}
	if err := json.Unmarshal(data, &entries); err != nil {
		t.Fatal(err)
	}
	type played struct {
		scenario string
		step     int
	}
	differs := map[string]played{
		// The capture's fake counted tool rounds; this one counts assistant replies,
		// which differs for the CLI's own follow-up turn after a background agent.
		"exp07d_task_background#5": {ScenarioTaskBackgr, 2},
		// After a turn that ended in an API error the CLI merges the next prompt into
		// the failed one. The capture's fake kept its permanent-error scenarios for
		// the rest of its run; here the newest marker wins.
		"exp08f_http_err400#7":  {ScenarioText, 0},
		"exp08f_http_err400#10": {ScenarioText, 0},
		"exp08f_http_err401#12": {ScenarioText, 0},
		"exp08f_http_err500#12": {ScenarioText, 0},
	}

	s := newServer(t, Config{})
	conversations := 0
	for _, e := range entries {
		e.Body["stream"] = false // no delays: only the selection matters here
		post(t, s, "/v1/messages?beta=true", e.Body)
		reqs := s.Requests()
		got := reqs[len(reqs)-1]
		id := e.Capture + "#" + itoa(e.Seq)
		if len(got.Tools) == 0 {
			if got.Kind != KindSide {
				t.Errorf("%s: no tools but kind %s", id, got.Kind)
			}
			continue
		}
		conversations++
		want, ok := differs[id]
		if !ok {
			want = played{e.OldScenario, e.OldStep}
		}
		if got.Scenario != want.scenario || got.Step != want.step {
			t.Errorf("%s: played %s/%d, want %s/%d (prompt %q)", id, got.Scenario, got.Step, want.scenario, want.step, got.Prompt)
		}
		if sub := strings.HasPrefix(e.OldScenario, "sub_"); got.Subagent != sub {
			t.Errorf("%s: Subagent = %v, want %v", id, got.Subagent, sub)
		}
	}
	if conversations < 50 {
		t.Fatalf("only %d conversation requests in the fixture", conversations)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }
