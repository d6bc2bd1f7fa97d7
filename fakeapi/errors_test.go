package fakeapi

import (
	"encoding/json"
	"net/http"
	"testing"
)

type apiError struct {
	Type  string `json:"type"`
	Error struct {
		Type    string `json:"type"`
		Message string `json:"message"`
	} `json:"error"`
}

func decodeError(t *testing.T, body []byte) apiError {
	t.Helper()
	var e apiError
	if err := json.Unmarshal(body, &e); err != nil {
		t.Fatalf("error body %s: %v", body, err)
	}
	if e.Type != "error" || e.Error.Message == "" {
		t.Fatalf("not an Anthropic error body: %s", body)
	}
	return e
}

// TestHTTPFaults plays each error scenario for several attempts of the same step.
func TestHTTPFaults(t *testing.T) {
	tests := []struct {
		scenario   string
		statuses   []int // per attempt
		errType    string
		retryAfter string
	}{
		{ScenarioErr400, []int{400, 400}, "invalid_request_error", ""},
		{ScenarioErr401, []int{401, 401}, "authentication_error", ""},
		{ScenarioErr429, []int{429, 429, 429}, "rate_limit_error", "1"},
		{ScenarioErr429Once, []int{429, 200, 200}, "rate_limit_error", "1"},
		{ScenarioErr500, []int{500, 500, 500}, "api_error", ""},
		{ScenarioErr500Once, []int{500, 200}, "api_error", ""},
		{ScenarioErr529, []int{529, 529}, "overloaded_error", ""},
	}
	for _, tc := range tests {
		t.Run(tc.scenario, func(t *testing.T) {
			s := newServer(t, Config{})
			body := convo(false, userPrompt("Hello. SCENARIO:"+tc.scenario))
			for i, want := range tc.statuses {
				resp, data := post(t, s, "/v1/messages?beta=true", body)
				if resp.StatusCode != want {
					t.Fatalf("attempt %d: status %d, want %d", i+1, resp.StatusCode, want)
				}
				if want == http.StatusOK {
					continue
				}
				if e := decodeError(t, data); e.Error.Type != tc.errType {
					t.Errorf("attempt %d: error type %q, want %q", i+1, e.Error.Type, tc.errType)
				}
				if got := resp.Header.Get("retry-after"); got != tc.retryAfter {
					t.Errorf("attempt %d: retry-after %q, want %q", i+1, got, tc.retryAfter)
				}
			}
			// A new conversation position is a new attempt count.
			next := convo(false, userPrompt("Hello. SCENARIO:"+tc.scenario), assistantText("x"), userPrompt("Again SCENARIO:"+tc.scenario))
			if resp, _ := post(t, s, "/v1/messages", next); resp.StatusCode != tc.statuses[0] {
				t.Errorf("fresh position: status %d, want %d", resp.StatusCode, tc.statuses[0])
			}
		})
	}
}

// TestMidStreamFault checks the SSE error event and the CLI-style non-streaming retry.
func TestMidStreamFault(t *testing.T) {
	s := newServer(t, Config{})
	msgs := userPrompt("Hello. SCENARIO:" + ScenarioErrSSE)

	resp, body := post(t, s, "/v1/messages", convo(true, msgs))
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d", resp.StatusCode)
	}
	events := parseSSE(t, body)
	last := events[len(events)-1]
	if last.Name != "error" || last.Data["error"].(map[string]any)["type"] != "overloaded_error" {
		t.Fatalf("last event %+v, want an overloaded error", last)
	}
	for _, e := range events {
		if e.Name == "message_stop" || e.Name == "message_delta" {
			t.Errorf("a broken stream must not finish the message, got %s", e.Name)
		}
	}

	resp, body = post(t, s, "/v1/messages", convo(false, msgs))
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("fallback status %d: %s", resp.StatusCode, body)
	}
	var msg struct {
		Content []struct{ Text string } `json:"content"`
	}
	if err := json.Unmarshal(body, &msg); err != nil || len(msg.Content) != 1 || msg.Content[0].Text != TextSSERecovered {
		t.Errorf("fallback reply %s", body)
	}

	// errsse_then500: the stream breaks, then every retry gets a 500.
	msgs = userPrompt("Hello. SCENARIO:" + ScenarioErrSSEThen500)
	_, body = post(t, s, "/v1/messages", convo(true, msgs))
	if events := parseSSE(t, body); events[len(events)-1].Name != "error" {
		t.Errorf("first attempt did not end in an SSE error")
	}
	for i := 0; i < 2; i++ {
		if resp, _ := post(t, s, "/v1/messages", convo(false, msgs)); resp.StatusCode != 500 {
			t.Errorf("retry %d: status %d, want 500", i+1, resp.StatusCode)
		}
	}
}

// TestMidStreamFaultOnJSONRequest: a non-streaming request cannot carry an SSE error,
// so it gets the HTTP status instead.
func TestMidStreamFaultOnJSONRequest(t *testing.T) {
	s := newServer(t, Config{Scenarios: []Scenario{{Name: "m", Steps: []Step{{Faults: []Fault{{MidStream: true, Times: Forever}}}}}}})
	resp, body := post(t, s, "/v1/messages", convo(false, userPrompt("SCENARIO:m")))
	if resp.StatusCode != 500 {
		t.Fatalf("status %d, want 500", resp.StatusCode)
	}
	decodeError(t, body)
}

func TestFaultFor(t *testing.T) {
	a, b, c := Fault{Status: 1}, Fault{Status: 2, Times: 2}, Fault{Status: 3, Times: Forever}
	tests := []struct {
		faults []Fault
		want   []int // status per attempt; 0 = no fault
	}{
		{nil, []int{0, 0}},
		{[]Fault{a}, []int{1, 0, 0}},
		{[]Fault{a, b}, []int{1, 2, 2, 0}},
		{[]Fault{a, c}, []int{1, 3, 3, 3}},
	}
	for _, tc := range tests {
		for n, want := range tc.want {
			got := 0
			if f := faultFor(tc.faults, n); f != nil {
				got = f.Status
			}
			if got != want {
				t.Errorf("faults %v attempt %d: %d, want %d", tc.faults, n, got, want)
			}
		}
	}
}

func TestNotFoundModel(t *testing.T) {
	s := newServer(t, Config{NotFoundModels: []string{"bad-model-x"}})
	probe := map[string]any{"model": "bad-model-x", "max_tokens": 1, "messages": []any{map[string]any{"role": "user", "content": "Hi"}}}
	resp, body := post(t, s, "/v1/messages?beta=true", probe)
	if resp.StatusCode != 404 {
		t.Fatalf("status %d, want 404", resp.StatusCode)
	}
	if e := decodeError(t, body); e.Error.Type != "not_found_error" || e.Error.Message != "model: bad-model-x" {
		t.Errorf("error %+v", e.Error)
	}

	probe["model"] = "later-bad"
	if resp, _ := post(t, s, "/v1/messages", probe); resp.StatusCode != 200 {
		t.Fatalf("unknown-but-allowed model: status %d", resp.StatusCode)
	}
	s.SetModelNotFound("later-bad")
	if resp, _ := post(t, s, "/v1/messages", probe); resp.StatusCode != 404 {
		t.Fatalf("after SetModelNotFound: status %d", resp.StatusCode)
	}
}

func TestUnknownRoute(t *testing.T) {
	s := newServer(t, Config{})
	resp, err := http.Get(s.URL() + "/v1/models")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 404 {
		t.Errorf("GET /v1/models: %d, want 404", resp.StatusCode)
	}
	if r := s.Requests(); len(r) != 1 || r[0].Kind != KindOther || r[0].Method != "GET" {
		t.Errorf("recorded %+v", r)
	}
}
