package clirig

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gclaude/gclaude/fakeapi"
)

// turn is what one scripted turn produced on stdout.
type turn struct {
	lines   []map[string]any
	asked   []string // tool names of can_use_tool requests, in order
	results []map[string]any
}

// runTurn sends prompt and answers every can_use_tool with answer until `results`
// result lines have arrived.
func runTurn(t *testing.T, c *CLI, prompt string, results int, answer func(tool string, input map[string]any) map[string]any) turn {
	t.Helper()
	var tr turn
	c.Prompt(prompt)
	for len(tr.results) < results {
		m := c.Until(func(map[string]any) bool { return true }, nil)
		tr.lines = append(tr.lines, m)
		switch {
		case m["type"] == "result":
			tr.results = append(tr.results, m)
		case IsToolRequest(m):
			tool, _ := Field(m, "request", "tool_name").(string)
			input, _ := Field(m, "request", "input").(map[string]any)
			tr.asked = append(tr.asked, tool)
			c.AnswerTool(m, answer(tool, input))
		}
	}
	return tr
}

func allow(_ string, input map[string]any) map[string]any {
	return map[string]any{"behavior": "allow", "updatedInput": input}
}

// TestBuiltinScenariosAgainstCLI plays the built-in scenarios through the real CLI, so
// a change of the CLI's behaviour shows up here rather than in a UI test.
func TestBuiltinScenariosAgainstCLI(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: runs the real CLI once per scenario")
	}
	tests := []struct {
		scenario string
		args     []string
		files    map[string]string
		results  int
		answer   func(string, map[string]any) map[string]any
		asked    []string
		check    func(t *testing.T, r *Rig, tr turn)
	}{
		{scenario: fakeapi.ScenarioThinking, check: func(t *testing.T, r *Rig, tr turn) {
			wantResult(t, tr, fakeapi.TextAfterThought)
			if !hasLine(tr, func(m map[string]any) bool { return Field(m, "event", "delta", "type") == "thinking_delta" }) {
				t.Error("no thinking_delta stream event")
			}
		}},
		{scenario: fakeapi.ScenarioMarkdown, check: func(t *testing.T, r *Rig, tr turn) {
			if text, _ := tr.results[0]["result"].(string); !strings.Contains(text, "| alpha | file | 120 |") {
				t.Errorf("result lacks the markdown table: %q", text)
			}
		}},
		{scenario: fakeapi.ScenarioWriteNew, asked: []string{"Write"}, check: func(t *testing.T, r *Rig, tr turn) {
			wantFile(t, r, fakeapi.FileNew, "hello\nworld\n")
		}},
		{scenario: fakeapi.ScenarioEdit, files: map[string]string{fakeapi.FileEdit: "alpha\nfoo\nbaz\n"}, asked: []string{"Edit"},
			check: func(t *testing.T, r *Rig, tr turn) { wantFile(t, r, fakeapi.FileEdit, "alpha\nbar\nbaz\n") }},
		{scenario: fakeapi.ScenarioWriteExisting, files: map[string]string{fakeapi.FileExisting: "line1\nline2\nline3\n"}, asked: []string{"Write"},
			check: func(t *testing.T, r *Rig, tr turn) { wantFile(t, r, fakeapi.FileExisting, "line1\nCHANGED\nline3\n") }},
		{scenario: fakeapi.ScenarioTwoTools, asked: []string{"Bash", "Write"}, check: func(t *testing.T, r *Rig, tr turn) {
			wantFile(t, r, fakeapi.FileTwoBash, "")
			wantFile(t, r, fakeapi.FileTwoWrite, "z\n")
		}},
		{scenario: fakeapi.ScenarioExitPlan, args: []string{"--permission-mode", "plan"}, asked: []string{"ExitPlanMode"},
			check: func(t *testing.T, r *Rig, tr turn) { wantResultPrefix(t, tr, fakeapi.TextToolDone+"User has approved") }},
		{scenario: fakeapi.ScenarioExitPlanFile, args: []string{"--permission-mode", "plan"}, asked: []string{"ExitPlanMode"},
			check: func(t *testing.T, r *Rig, tr turn) {
				req := lineWith(tr, func(m map[string]any) bool { return Field(m, "request", "tool_name") == "ExitPlanMode" })
				if plan := Field(req, "request", "input", "plan"); plan != fakeapi.PlanInFile {
					t.Errorf("ExitPlanMode asked with plan %q, want the plan file's text", plan)
				}
			}},
		{scenario: fakeapi.ScenarioAsk, asked: []string{"AskUserQuestion"},
			answer: func(_ string, input map[string]any) map[string]any {
				input["answers"] = map[string]any{"Which color do you prefer?": "Blue", "Which sizes?": "S, L"}
				return map[string]any{"behavior": "allow", "updatedInput": input}
			},
			check: func(t *testing.T, r *Rig, tr turn) {
				wantResultPrefix(t, tr, fakeapi.TextToolDone)
				if got, _ := tr.results[0]["result"].(string); !strings.Contains(got, `"Which color do you prefer?"="Blue", "Which sizes?"="S, L"`) {
					t.Errorf("the model was not told the answers: %q", got)
				}
			}},
		{scenario: fakeapi.ScenarioTask, check: func(t *testing.T, r *Rig, tr turn) {
			wantResult(t, tr, "The subagent listed the files.")
			subs := 0
			for _, req := range r.API.ConversationRequests() {
				if req.Subagent && req.Scenario == fakeapi.ScenarioSubLs {
					subs++
				}
			}
			if subs != 2 {
				t.Errorf("%d subagent calls played sub_ls, want 2", subs)
			}
		}},
		{scenario: fakeapi.ScenarioTaskWrite, asked: []string{"Write"}, check: func(t *testing.T, r *Rig, tr turn) {
			wantFile(t, r, fakeapi.FileSubWrite, "from subagent\n")
		}},
		{scenario: fakeapi.ScenarioTaskBackgr, results: 2, check: func(t *testing.T, r *Rig, tr turn) {
			if got := tr.results[1]["result"]; got != "The background agent finished." {
				t.Errorf("follow-up turn result = %q", got)
			}
		}},
		{scenario: fakeapi.ScenarioErrSSE, check: func(t *testing.T, r *Rig, tr turn) {
			wantResult(t, tr, fakeapi.TextSSERecovered)
		}},
		{scenario: fakeapi.ScenarioErr500, check: func(t *testing.T, r *Rig, tr turn) {
			if tr.results[0]["is_error"] != true || tr.results[0]["api_error_status"] != 500.0 {
				t.Errorf("result = %v", tr.results[0])
			}
		}},
		{scenario: fakeapi.ScenarioErr429, check: func(t *testing.T, r *Rig, tr turn) {
			if tr.results[0]["is_error"] != true || tr.results[0]["api_error_status"] != 429.0 {
				t.Errorf("result = %v", tr.results[0])
			}
			retry := lineWith(tr, func(m map[string]any) bool { return m["subtype"] == "api_retry" })
			if retry == nil || retry["error"] != "rate_limit" {
				t.Errorf("api_retry line = %v, want one for rate_limit", retry)
			}
		}},
		{scenario: fakeapi.ScenarioErr500Once, check: func(t *testing.T, r *Rig, tr turn) {
			wantResult(t, tr, fakeapi.TextHello)
		}},
	}
	for _, tc := range tests {
		t.Run(tc.scenario, func(t *testing.T) {
			r := New(t, Options{Files: tc.files})
			c := r.Start(t, append(HeadlessArgs(), tc.args...)...)
			answer := tc.answer
			if answer == nil {
				answer = allow
			}
			tr := runTurn(t, c, "Go. SCENARIO:"+tc.scenario, max(tc.results, 1), answer)
			if strings.Join(tr.asked, ",") != strings.Join(tc.asked, ",") {
				t.Errorf("permission asked for %v, want %v", tr.asked, tc.asked)
			}
			tc.check(t, r, tr)
			c.CloseAndWait()
			if t.Failed() {
				for _, req := range r.API.Requests() {
					t.Logf("api: %d %s %s/%d sub=%v -> %d %s", req.Seq, req.Path, req.Scenario, req.Step, req.Subagent, req.Status, req.Reply)
				}
			}
		})
	}
}

func wantResult(t *testing.T, tr turn, want string) {
	t.Helper()
	if got := tr.results[0]["result"]; got != want || tr.results[0]["is_error"] != false {
		t.Errorf("result = %q (is_error %v), want %q", got, tr.results[0]["is_error"], want)
	}
}

func wantResultPrefix(t *testing.T, tr turn, prefix string) {
	t.Helper()
	if got, _ := tr.results[0]["result"].(string); !strings.HasPrefix(got, prefix) {
		t.Errorf("result = %q, want prefix %q", got, prefix)
	}
}

func wantFile(t *testing.T, r *Rig, name, content string) {
	t.Helper()
	got, err := os.ReadFile(r.Path(name))
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return
	}
	if string(got) != content {
		t.Errorf("%s = %q, want %q", name, got, content)
	}
}

func hasLine(tr turn, match func(map[string]any) bool) bool { return lineWith(tr, match) != nil }

func lineWith(tr turn, match func(map[string]any) bool) map[string]any {
	for _, m := range tr.lines {
		if match(m) {
			return m
		}
	}
	return nil
}

// TestInterruptSlowStream interrupts a slow stream after its first delta.
func TestInterruptSlowStream(t *testing.T) {
	// Far slower than the built-in slow scenario, so a loaded machine cannot finish the
	// stream before the interrupt arrives.
	crawl := fakeapi.Scenario{Name: "crawl", Steps: []fakeapi.Step{{
		Blocks: []fakeapi.Block{fakeapi.Text(strings.Repeat("word ", 1200))},
		Stream: fakeapi.StreamOptions{ChunkRunes: 5, DeltaDelay: 50 * time.Millisecond},
	}}}
	r := New(t, Options{API: fakeapi.Config{Scenarios: []fakeapi.Scenario{crawl}}})
	c := r.Start(t, HeadlessArgs()...)
	c.Prompt("Talk slowly. SCENARIO:crawl")
	c.Until(func(m map[string]any) bool { return Field(m, "event", "delta", "type") == "text_delta" }, nil)
	c.SendLine(`{"type":"control_request","request_id":"int-1","request":{"subtype":"interrupt"}}`)
	result := c.Until(isType("result"), nil)
	if result["subtype"] != "error_during_execution" || result["terminal_reason"] != "aborted_streaming" {
		t.Errorf("result subtype %v terminal_reason %v, want an interrupted turn", result["subtype"], result["terminal_reason"])
	}
	c.CloseAndWait()
}

// TestSetModelNotFound makes the CLI's probe of an unknown model name fail with 404.
func TestSetModelNotFound(t *testing.T) {
	r := New(t, Options{API: fakeapi.Config{NotFoundModels: []string{"bad-model-x"}}})
	c := r.Start(t, HeadlessArgs()...)
	c.SendLine(`{"type":"control_request","request_id":"sm-1","request":{"subtype":"set_model","model":"bad-model-x"}}`)
	resp := c.Until(func(m map[string]any) bool {
		return m["type"] == "control_response" && Field(m, "response", "request_id") == "sm-1"
	}, nil)
	if Field(resp, "response", "subtype") != "error" || Field(resp, "response", "error_code") != "not_found" {
		t.Errorf("set_model response = %v, want error not_found", resp["response"])
	}
	c.CloseAndWait()
	reqs := r.API.Requests()
	if len(reqs) != 1 || reqs[0].Kind != fakeapi.KindSide || reqs[0].Status != 404 || reqs[0].MaxTokens != 1 {
		t.Errorf("want exactly one 404 side probe with max_tokens 1, got %+v", reqs)
	}
}
