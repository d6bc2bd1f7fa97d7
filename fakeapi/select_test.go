package fakeapi

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/internal/capturefiles"
)

func TestScenarioAndStepSelection(t *testing.T) {
	reminderOnly := map[string]any{"role": "user", "content": []map[string]any{
		{"type": "text", "text": "<system-reminder>\n<task-notification>done</task-notification>\n</system-reminder>"},
	}}
	resultPlusPrompt := map[string]any{"role": "user", "content": []map[string]any{
		{"type": "tool_result", "tool_use_id": "t1", "content": "ok"},
		{"type": "text", "text": "And now? SCENARIO:thinking"},
	}}
	// CLI 2.1.332 adds "Tool loaded." after a ToolSearch's tool_reference result.
	toolLoadedResult := map[string]any{"role": "user", "content": []map[string]any{
		{"type": "tool_result", "tool_use_id": "t1", "content": []map[string]any{{"type": "tool_reference", "tool_name": "TaskCreate"}}},
		{"type": "text", "text": "Tool loaded."},
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
		{"Tool loaded. beside a tool result is not a prompt", []map[string]any{
			userPrompt("Do it. SCENARIO:bash_touch"), assistantTool("t1"), toolLoadedResult,
		}, ScenarioBashTouch, 1, "text end_turn"},
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

// TestCapturedRequests feeds the request bodies the real CLI sent while the corpus was
// recorded (testdata/captures/*.api.ndjson, `make captures`) to a fresh fake and checks
// that it plays the same scenario and step as the recording's own fake did: selection
// depends on the request alone, and the trimmed bodies keep what it reads.
func TestCapturedRequests(t *testing.T) {
	dir := capturefiles.Dir(t)
	s := newServer(t, Config{})
	conversations := 0
	for _, file := range capturefiles.WithSuffix(t, dir, ".api.ndjson") {
		for _, line := range capturefiles.Lines(capturefiles.ReadIn(t, dir, file)) {
			var e struct {
				Capture  string         `json:"capture"`
				Seq      int            `json:"seq"`
				Kind     Kind           `json:"kind"`
				Scenario string         `json:"scenario"`
				Step     int            `json:"step"`
				Body     map[string]any `json:"body"`
			}
			if err := json.Unmarshal(line, &e); err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			e.Body["stream"] = false // no delays: only the selection matters here
			post(t, s, "/v1/messages?beta=true", e.Body)
			reqs := s.Requests()
			got := reqs[len(reqs)-1]
			id := e.Capture + "#" + itoa(e.Seq)
			if got.Kind != e.Kind {
				t.Errorf("%s: kind %s, recorded %s", id, got.Kind, e.Kind)
				continue
			}
			if got.Kind != KindConversation {
				continue
			}
			conversations++
			if got.Scenario != e.Scenario || got.Step != e.Step {
				t.Errorf("%s: played %s/%d, recorded %s/%d (prompt %q)", id, got.Scenario, got.Step, e.Scenario, e.Step, got.Prompt)
			}
			if sub := strings.HasPrefix(e.Scenario, "sub_"); got.Subagent != sub {
				t.Errorf("%s: Subagent = %v, want %v", id, got.Subagent, sub)
			}
		}
	}
	if conversations < 50 {
		t.Fatalf("only %d conversation requests in the recordings", conversations)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }
