package render

import (
	"strings"
	"testing"
)

// A background Agent call's result only says the task was launched. Once the
// caller reports the task (running, or how it ended), the call shows that status
// and no stale "running in background" line.
func TestAgentBackgroundShowsTheTaskNotItsLaunch(t *testing.T) {
	const output = "/tmp/claude-0/tasks/a7fe11ee53d95788d.output"
	launched := done("Async agent launched successfully.", `{"isAsync":true,"status":"async_launched","agentId":"a7fe","description":"Background lister","outputFile":"`+output+`"}`)
	call := func(status string) ToolCall {
		return ToolCall{Name: "Agent", State: ToolDone, Input: in(`{"description":"Background lister","prompt":"List","run_in_background":true}`),
			TaskStatus: status, TaskLink: output, Result: launched}
	}
	tests := []struct {
		name    string
		call    ToolCall
		want    []string
		notWant []string
	}{
		{"completed", call("✓ completed · 0.2s · 1 tool · 19 tokens"),
			[]string{"✓ completed · 0.2s · 1 tool · 19 tokens"}, []string{"background", "a7fe11ee53d95788d.output"}},
		{"failed", call("✗ failed · 3s · 2 tools · out of turns"),
			[]string{"✗ failed · 3s · 2 tools · out of turns"}, []string{"background"}},
		{"still running", call("● running · background · 4s · Bash"),
			[]string{"● running · background · 4s · Bash"}, []string{"Running in background", "Launched in background"}},
		{"no word from the caller", call(""),
			[]string{"Launched in background"}, []string{"Running in background", "a7fe11ee53d95788d.output"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// The header's detail says "background" for how the call was made; the
			// body is what must not claim it still runs.
			_, body, _ := strings.Cut(plainTool(tt.call, 100), "\n")
			for _, w := range tt.want {
				if !strings.Contains(body, w) {
					t.Errorf("missing %q in:\n%s", w, body)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(body, w) {
					t.Errorf("%q should not show:\n%s", w, body)
				}
			}
		})
	}
}

// The task's output file is a long temporary path: only an expanded call names
// it, once. Collapsed, the call keeps its status, summary and report.
func TestAgentOutputFileOnlyExpanded(t *testing.T) {
	const output = "/tmp/claude-0/-tmp-proj/5d1c/tasks/a651e0c2b0e3a0c4d.output"
	foreground := ToolCall{Name: "Agent", State: ToolDone, Input: in(`{"description":"Survey","prompt":"Survey the project","subagent_type":"general-purpose"}`),
		TaskStatus: "Survey done: 3 files.", TaskLink: output,
		Result: done("Survey done: 3 files.", `{"status":"completed","content":[{"type":"text","text":"The project has **3 files**."}],"totalDurationMs":1200,"totalTokens":19,"totalToolUseCount":2}`)}
	background := ToolCall{Name: "Agent", State: ToolDone, Input: in(`{"description":"Lister","prompt":"List","run_in_background":true}`),
		Result: done("Async agent launched successfully.", `{"isAsync":true,"status":"async_launched","agentId":"a651","outputFile":"`+output+`"}`)}
	tests := []struct {
		name     string
		call     ToolCall
		expanded bool
		want     []string
	}{
		{"foreground", foreground, false, []string{"Survey done: 3 files.", "Completed · 2 tool uses · 19 tokens · 1.2s"}},
		{"foreground expanded", foreground, true, []string{"Survey done: 3 files.", "Completed · 2 tool uses", "The project has 3 files."}},
		{"background launch", background, false, []string{"Launched in background"}},
		{"background launch expanded", background, true, []string{"Launched in background"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := tt.call
			c.Expanded = tt.expanded
			_, body, _ := strings.Cut(plainTool(c, 100), "\n")
			for _, w := range tt.want {
				if !strings.Contains(body, w) {
					t.Errorf("missing %q in:\n%s", w, body)
				}
			}
			want := 0
			if tt.expanded {
				want = 1
			}
			if n := strings.Count(body, "a651e0c2b0e3a0c4d.output"); n != want {
				t.Errorf("the output file shows %d times, want %d:\n%s", n, want, body)
			}
		})
	}
}
