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
			[]string{"✓ completed · 0.2s · 1 tool · 19 tokens", "a7fe11ee53d95788d.output"}, []string{"background"}},
		{"failed", call("✗ failed · 3s · 2 tools · out of turns"),
			[]string{"✗ failed · 3s · 2 tools · out of turns"}, []string{"background"}},
		{"still running", call("● running · background · 4s · Bash"),
			[]string{"● running · background · 4s · Bash"}, []string{"Running in background", "Launched in background"}},
		{"no word from the caller", call(""),
			[]string{"Launched in background", "a7fe11ee53d95788d.output"}, []string{"Running in background"}},
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
			if n := strings.Count(body, "a7fe11ee53d95788d.output"); n != 1 {
				t.Errorf("the output file shows %d times, want once:\n%s", n, body)
			}
		})
	}
}
