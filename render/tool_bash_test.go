package render

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

// A background Bash call's result only says the command was launched. As for a
// background Agent, once the caller reports the task (running, or how it ended)
// the call shows that status, and never a stale "Running in background".
func TestBashBackgroundShowsTheTaskNotItsLaunch(t *testing.T) {
	const output = "/tmp/claude-0/-tmp-project/68dc/tasks/b07da4mn7.output"
	receipt := done(bashBackgroundReceipt, `{"backgroundTaskId":"b07da4mn7","interrupted":false,"isImage":false,"noOutputExpected":false,"stderr":"","stdout":""}`)
	call := func(status string, expanded bool) ToolCall {
		return ToolCall{Name: "Bash", State: ToolDone, Input: in(`{"command":"sleep 2; echo hi","description":"Wait","run_in_background":true}`),
			TaskStatus: status, TaskLink: output, Result: receipt, Expanded: expanded}
	}
	tests := []struct {
		name    string
		call    ToolCall
		want    []string
		notWant []string
	}{
		{"completed", call("✓ completed · 2.1s", false),
			[]string{"✓ completed · 2.1s"}, []string{"Running in background", "Launched", "(no output)", "b07da4mn7.output"}},
		{"failed", call("✗ failed · 3s · exit code 1", false),
			[]string{"✗ failed · 3s · exit code 1"}, []string{"Running in background", "Launched"}},
		{"still running", call("● running · background · 4s", false),
			[]string{"● running · background · 4s"}, []string{"Running in background", "Launched"}},
		{"no word from the caller", call("", false),
			[]string{"Launched in background (b07da4mn7)"}, []string{"Running in background", "(no output)"}},
		{"expanded names the output file", call("✓ completed · 2.1s", true),
			[]string{"✓ completed · 2.1s", "b07da4mn7.output"}, []string{"Running in background"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// The header's detail says "background" for how the call was made.
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

// A long foreground command also gets task messages (exp08i); its call shows its
// output, not the task's summary.
func TestBashForegroundIgnoresTaskStatus(t *testing.T) {
	c := ToolCall{Name: "Bash", State: ToolDone, Input: in(`{"command":"sleep 20; echo done","description":"Wait twenty seconds"}`),
		TaskStatus: "Wait twenty seconds", Result: done("done", `{"stdout":"done","stderr":"","interrupted":false,"isImage":false,"noOutputExpected":false}`)}
	_, body, _ := strings.Cut(plainTool(c, 100), "\n")
	if strings.Contains(body, "Wait twenty seconds") || !strings.Contains(body, "done") {
		t.Errorf("body:\n%s", body)
	}
}

// A long command the CLI made a task shows its status and last lines while it runs.
func TestBashRunningShowsTaskStatus(t *testing.T) {
	st := themes.New(themes.Dark)
	c := ToolCall{ID: "t", Name: protocol.ToolBash, State: ToolRunning,
		Input: []byte(`{"command":"make","description":"Build"}`), TaskStatus: "● running · 3s\ntick 1\ntick 2"}
	got := ansi.Strip(Tool(c, 80, st))
	for _, want := range []string{"● running · 3s", "tick 1", "tick 2"} {
		if !strings.Contains(got, want) {
			t.Errorf("running Bash lacks %q:\n%s", want, got)
		}
	}
	c.TaskStatus = ""
	if got := ansi.Strip(Tool(c, 80, st)); strings.Contains(got, "⎿") {
		t.Errorf("a running Bash without a task shows a body:\n%s", got)
	}
}
