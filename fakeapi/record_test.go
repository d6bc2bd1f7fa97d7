package fakeapi

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

const waitTimeout = 30 * time.Second

func TestRecording(t *testing.T) {
	s := newServer(t, Config{SideReply: "Side."})
	body := convo(true, userPrompt("Record me. SCENARIO:text"))
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", s.URL()+"/v1/messages?beta=true", bytes.NewReader(raw))
	req.Header.Set("X-Claude-Code-Session-Id", "sess-1")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()

	// A side request (no tools) naming a scenario must not play it.
	_, sideBody := post(t, s, "/v1/messages", map[string]any{
		"model": "claude-opus-5-5", "max_tokens": 1, "messages": []any{userPrompt("SCENARIO:bash_touch")},
	})
	if !strings.Contains(string(sideBody), `"text":"Side."`) {
		t.Errorf("side reply %s", sideBody)
	}
	_, countBody := post(t, s, "/v1/messages/count_tokens?beta=true", map[string]any{"model": "m", "messages": []any{userPrompt("x")}})
	var count struct {
		InputTokens int `json:"input_tokens"`
	}
	if err := json.Unmarshal(countBody, &count); err != nil || count.InputTokens <= 0 {
		t.Errorf("count_tokens reply %s", countBody)
	}

	reqs := s.Requests()
	if len(reqs) != 3 {
		t.Fatalf("%d requests recorded, want 3", len(reqs))
	}
	r := reqs[0]
	checks := []struct {
		name      string
		got, want any
	}{
		{"Seq", r.Seq, 1},
		{"Method", r.Method, "POST"},
		{"Path", r.Path, "/v1/messages"},
		{"Query", r.Query, "beta=true"},
		{"session header", r.Header.Get("X-Claude-Code-Session-Id"), "sess-1"},
		{"Raw", string(r.Raw), string(raw)},
		{"Body model", r.Body["model"], "claude-opus-5-5"},
		{"Kind", r.Kind, KindConversation},
		{"Model", r.Model, "claude-opus-5-5"},
		{"Stream", r.Stream, true},
		{"MaxTokens", r.MaxTokens, 128000},
		{"Prompt", r.Prompt, "Record me. SCENARIO:text"},
		{"Scenario", r.Scenario, ScenarioText},
		{"Status", r.Status, 200},
		{"Reply", r.Reply, "stream text end_turn"},
		{"HasTool", r.HasTool("Bash"), true},
		{"messages", len(r.Messages), 2},
		{"side Kind", reqs[1].Kind, KindSide},
		{"side Scenario", reqs[1].Scenario, ""},
		{"count Kind", reqs[2].Kind, KindCountTokens},
		{"count Seq", reqs[2].Seq, 3},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
}

func TestQueryHelpers(t *testing.T) {
	s := newServer(t, Config{})
	if _, ok := s.LastMainRequest(); ok {
		t.Error("LastMainRequest on an empty server")
	}
	post(t, s, "/v1/messages", convo(false, userPrompt("Main. SCENARIO:text"), assistantTool("t1"), toolResult("t1", "secret-output-42")))
	sub := convo(false, userPrompt("SCENARIO:sub_ls List"))
	sub["system"] = "x-anthropic-billing-header: cc_version=2.1.328; cc_is_subagent=true;"
	post(t, s, "/v1/messages", sub)
	post(t, s, "/v1/messages", map[string]any{"model": "m", "max_tokens": 1, "messages": []any{userPrompt("side")}})

	main, ok := s.LastMainRequest()
	if !ok || main.Prompt != "Main. SCENARIO:text" || main.Subagent {
		t.Errorf("LastMainRequest = %+v", main)
	}
	if res := main.ToolResults(); len(res) != 1 || res[0].ResultText() != "secret-output-42" {
		t.Errorf("ToolResults = %+v", res)
	}
	if conv := s.ConversationRequests(); len(conv) != 2 || !conv[1].Subagent {
		t.Errorf("ConversationRequests = %d, second subagent=%v", len(conv), len(conv) > 1 && conv[1].Subagent)
	}
	for text, want := range map[string]bool{"secret-output-42": true, "List": true, "nowhere to be seen": false} {
		if got := s.AnyRequestContains(text); got != want {
			t.Errorf("AnyRequestContains(%q) = %v", text, got)
		}
	}
	s.Reset()
	if len(s.Requests()) != 0 {
		t.Error("Reset kept requests")
	}
}

func TestWaitRequest(t *testing.T) {
	s := newServer(t, Config{})
	post(t, s, "/v1/messages", convo(false, userPrompt("first")))

	ctx, cancel := context.WithTimeout(context.Background(), waitTimeout)
	defer cancel()
	got := make(chan Request, 1)
	errc := make(chan error, 1)
	go func() {
		r, err := s.WaitRequest(ctx, func(r Request) bool { return r.Prompt == "second" })
		got <- r
		errc <- err
	}()
	post(t, s, "/v1/messages", convo(false, userPrompt("second")))
	if r, err := <-got, <-errc; err != nil || r.Seq != 2 {
		t.Fatalf("WaitRequest = seq %d, %v", r.Seq, err)
	}

	// An already recorded request is found at once.
	if r, err := s.WaitRequest(ctx, func(r Request) bool { return r.Prompt == "first" }); err != nil || r.Seq != 1 {
		t.Fatalf("WaitRequest(first) = %d, %v", r.Seq, err)
	}

	short, cancelShort := context.WithCancel(context.Background())
	cancelShort()
	if _, err := s.WaitRequest(short, func(Request) bool { return false }); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled wait: %v", err)
	}

	go func() {
		_, err := s.WaitRequest(ctx, func(Request) bool { return false })
		errc <- err
	}()
	s.Close()
	if err := <-errc; !errors.Is(err, ErrClosed) {
		t.Errorf("wait across Close: %v", err)
	}
}

// TestCloseEndsStream starts the slow stream, reads its first delta, closes the server
// and expects the stream to end and Close to return (goleak checks the goroutines).
func TestCloseEndsStream(t *testing.T) {
	// A minute-long stream: Close, not the script, must end it.
	crawl := Scenario{Name: "crawl", Steps: []Step{{
		Blocks: []Block{{Type: BlockText, Deltas: words(1200)}},
		Stream: StreamOptions{DeltaDelay: 50 * time.Millisecond},
	}}}
	s, err := New(Config{Scenarios: []Scenario{crawl}})
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(convo(true, userPrompt("SCENARIO:crawl")))
	resp, err := http.Post(s.URL()+"/v1/messages", "application/json", bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	br := bufio.NewReader(resp.Body)
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			t.Fatalf("stream ended before the first delta: %v", err)
		}
		if strings.Contains(line, "text_delta") {
			break
		}
	}
	closed := make(chan struct{})
	go func() { s.Close(); close(closed) }()
	var rest bytes.Buffer
	_, _ = rest.ReadFrom(br) // returns when the server drops the connection
	<-closed
	if strings.Contains(rest.String(), "message_stop") {
		t.Error("the stream ran to its end instead of being cut by Close")
	}
	s.Close() // idempotent
}

// TestConcurrentRequests runs many requests at once (run with -race).
func TestConcurrentRequests(t *testing.T) {
	s := newServer(t, Config{Stream: StreamOptions{ChunkRunes: 1}})
	const n = 24
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Go(func() {
			stream := i%2 == 0
			raw, _ := json.Marshal(convo(stream, userPrompt(fmt.Sprintf("n%d SCENARIO:%s", i, []string{ScenarioText, ScenarioThinking, ScenarioTwoTools}[i%3]))))
			resp, err := http.Post(s.URL()+"/v1/messages", "application/json", bytes.NewReader(raw))
			if err != nil {
				errs <- err
				return
			}
			defer resp.Body.Close()
			var buf bytes.Buffer
			if _, err := buf.ReadFrom(resp.Body); err != nil || resp.StatusCode != 200 {
				errs <- fmt.Errorf("request %d: %d %v", i, resp.StatusCode, err)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	reqs := s.Requests()
	seen := map[int]bool{}
	ids := map[string]bool{}
	for _, r := range reqs {
		seen[r.Seq] = true
	}
	for _, r := range s.Requests() {
		ids[r.Prompt] = true
	}
	if len(reqs) != n || len(seen) != n || len(ids) != n {
		t.Errorf("recorded %d requests, %d distinct seqs, %d prompts; want %d", len(reqs), len(seen), len(ids), n)
	}
}
