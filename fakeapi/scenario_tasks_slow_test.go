package fakeapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestTaskSlowScenarios(t *testing.T) {
	s := newServer(t, Config{Scenarios: TaskSlowScenarios()})
	tests := []struct {
		name         string
		msgs         []map[string]any
		wantScenario string
		wantStep     int
		wantReply    string
	}{
		{"foreground agent", []map[string]any{userPrompt("SCENARIO:" + ScenarioTaskSlow)}, ScenarioTaskSlow, 0, "tool_use(Agent)"},
		{"background agent", []map[string]any{userPrompt("SCENARIO:" + ScenarioTaskBgStall)}, ScenarioTaskBgStall, 0, "tool_use(Agent)"},
		{"background turn ends", []map[string]any{
			userPrompt("SCENARIO:" + ScenarioTaskBgStall), assistantTool("t1"), toolResult("t1", "launched"),
		}, ScenarioTaskBgStall, 1, "text end_turn"},
		{"subagent lists", []map[string]any{userPrompt("SCENARIO:" + ScenarioSubSlow + " List")}, ScenarioSubSlow, 0, "tool_use(Bash)"},
		{"stalling subagent lists", []map[string]any{userPrompt("SCENARIO:" + ScenarioSubStall + " List")}, ScenarioSubStall, 0, "tool_use(Bash)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			post(t, s, "/v1/messages?beta=true", convo(false, tc.msgs...))
			reqs := s.Requests()
			got := reqs[len(reqs)-1]
			if got.Scenario != tc.wantScenario || got.Step != tc.wantStep || !strings.Contains(got.Reply, tc.wantReply) {
				t.Errorf("played %q step %d (%s), want %q step %d (%s)", got.Scenario, got.Step, got.Reply, tc.wantScenario, tc.wantStep, tc.wantReply)
			}
		})
	}
	// Every Agent call names a subagent scenario of the set.
	names := map[string]bool{}
	for _, sc := range TaskSlowScenarios() {
		names[sc.Name] = true
	}
	for _, sc := range TaskSlowScenarios() {
		for _, st := range sc.Steps {
			for _, b := range st.Blocks {
				if b.Name != "Agent" {
					continue
				}
				prompt, _ := b.Input.(map[string]any)["prompt"].(string)
				if sub, _ := scenarioName(prompt); !names[sub] {
					t.Errorf("%s starts a subagent with unknown scenario %q", sc.Name, sub)
				}
			}
		}
	}
}

// TestStallEndsWithTheClient: the stalling subagent's wait ends as soon as the CLI
// gives up the request (a stopped task), not after SubStallDelay.
func TestStallEndsWithTheClient(t *testing.T) {
	s := newServer(t, Config{Scenarios: TaskSlowScenarios()})
	body, err := json.Marshal(convo(true, userPrompt("SCENARIO:"+ScenarioSubStall+" List"), assistantTool("t1"), toolResult("t1", "a\nb")))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.URL()+"/v1/messages", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		done <- err
	}()
	wait, stop := context.WithTimeout(context.Background(), time.Minute)
	defer stop()
	r, err := s.WaitRequest(wait, func(r Request) bool { return r.Scenario == ScenarioSubStall && r.Step == 1 })
	if err != nil {
		t.Fatalf("no request for the stalling step: %v", err)
	}
	if !strings.Contains(r.Reply, "text") {
		t.Errorf("reply %q", r.Reply)
	}
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("request ended with %v, want it cancelled", err)
		}
	case <-wait.Done():
		t.Fatal("the request did not end when the client gave up")
	}
	// Close (cleanup) returns only once the handler is done; goleak checks the rest.
}
