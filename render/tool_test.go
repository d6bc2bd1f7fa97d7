package render

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/themes"
)

func plainTool(c ToolCall, width int) string {
	return ansi.Strip(Tool(c, width, themes.New(themes.Mono)))
}

func TestToolHeader(t *testing.T) {
	bash := in(`{"command":"make test","description":"Run tests"}`)
	tests := []struct {
		name string
		call ToolCall
		want string
	}{
		{"streaming uses spinner", ToolCall{Name: "Bash", State: ToolInputStreaming, Spinner: "⠋", Input: in(`{"command":"make te`)}, "⠋ Bash(make te)"},
		{"waiting", ToolCall{Name: "Bash", State: ToolWaitingPermission, Input: bash}, "◇ Bash(make test) · Run tests"},
		{"running shows elapsed", ToolCall{Name: "Bash", State: ToolRunning, Elapsed: 75 * time.Second, Input: bash}, "● Bash(make test) · Run tests · 1m 15s"},
		{"done hides elapsed", ToolCall{Name: "Bash", State: ToolDone, Elapsed: 75 * time.Second, Input: bash, Result: done("ok", "")}, "✓ Bash(make test) · Run tests"},
		{"error result", ToolCall{Name: "Bash", State: ToolDone, Input: bash, Result: failed("boom", "")}, "✗ Bash(make test) · Run tests"},
		{"denied", ToolCall{Name: "Bash", State: ToolDenied, Input: bash}, "⊘ Bash(make test) · Run tests"},
		{"interrupted", ToolCall{Name: "Bash", State: ToolInterrupted, Input: bash}, "■ Bash(make test) · Run tests"},
		{"mcp", ToolCall{Name: "mcp__my_server__do_thing", State: ToolDone, Input: in(`{"b":1,"a":"x"}`)}, "✓ my_server › do_thing(b: 1, a: \"x\")"},
		{"unknown", ToolCall{Name: "Frobnicate", State: ToolDone, Input: in(`[1,2]`)}, "✓ Frobnicate([1,2])"},
		{"hostile name and arg", ToolCall{Name: "X\x1b[2J", State: ToolDone, Input: in(`{"k":"\u001b]0;t\u0007"}`)}, "✓ X␛[2J(k: \"\\u001b]0;t\\u0007\")"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := strings.Split(plainTool(tt.call, 80), "\n")[0]
			if got != tt.want {
				t.Errorf("header = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestToolHeaderDropsDetailThenShortensArg(t *testing.T) {
	c := ToolCall{Name: "Bash", State: ToolDone, Input: in(`{"command":"echo 0123456789","description":"a long description"}`)}
	if got := strings.Split(plainTool(c, 30), "\n")[0]; got != "✓ Bash(echo 0123456789)" {
		t.Errorf("at 30: %q", got)
	}
	if got := strings.Split(plainTool(c, 16), "\n")[0]; got != "✓ Bash(echo 01…)" {
		t.Errorf("at 16: %q", got)
	}
	r := ToolCall{Name: "Read", State: ToolDone, Input: in(`{"file_path":"/a/very/long/path/to/main.go"}`)}
	if got := strings.Split(plainTool(r, 24), "\n")[0]; got != "✓ Read(…/to/main.go)" && !strings.HasSuffix(got, "main.go)") {
		t.Errorf("paths are shortened from the left: %q", got)
	}
}

func TestBashOutputCollapsesUnlessExpanded(t *testing.T) {
	res := done("", mustJSON(map[string]any{"stdout": strings.Repeat("out\n", 20), "stderr": ""}))
	c := ToolCall{Name: "Bash", State: ToolDone, Input: in(`{"command":"x"}`), Result: res}
	collapsed := plainTool(c, 60)
	if !strings.Contains(collapsed, "… 12 more lines") || strings.Count(collapsed, "out") != 8 {
		t.Errorf("collapsed:\n%s", collapsed)
	}
	c.Expanded = true
	if expanded := plainTool(c, 60); strings.Count(expanded, "out") != 20 || strings.Contains(expanded, "more lines") {
		t.Errorf("expanded:\n%s", expanded)
	}
}

func TestToolErrorsShowTheMessage(t *testing.T) {
	tests := []struct {
		call ToolCall
		want string
	}{
		{ToolCall{Name: "Bash", State: ToolDenied, Result: failed("User said no to this (test)", `"Error: User said no to this (test)"`)}, "Denied: User said no to this (test)"},
		{ToolCall{Name: "Write", State: ToolFailed, Result: failed("no", `"Error: no"`)}, "no"},
		{ToolCall{Name: "Read", State: ToolFailed, Result: failed("File does not exist.", "")}, "File does not exist."},
		{ToolCall{Name: "Bash", State: ToolInterrupted}, "Interrupted"},
		{ToolCall{Name: "Bash", State: ToolFailed}, "Failed"},
	}
	for _, tt := range tests {
		body := strings.SplitN(plainTool(tt.call, 80), "\n", 2)
		if len(body) < 2 || strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(body[1]), "⎿")) != tt.want {
			t.Errorf("%s/%v body = %q, want %q", tt.call.Name, tt.call.State, body, tt.want)
		}
	}
}

func TestToolIgnoresMalformedResults(t *testing.T) {
	for name := range toolRenderers {
		for _, structured := range []string{``, `null`, `"text"`, `[1]`, `{"file": 3, "filenames": "x", "todos": {}}`, `{`} {
			c := ToolCall{Name: name, State: ToolDone, Input: in(`{"x":`), Result: done("content", structured)}
			out := Tool(c, 40, themes.New(themes.Dark))
			assertWidth(t, name, out, 40)
			assertOnlySGR(t, name, out)
		}
	}
}

func TestTodoChecklist(t *testing.T) {
	c := ToolCall{Name: "TodoWrite", State: ToolDone, Input: in(`{"todos":[{"content":"a","status":"completed"},{"content":"b","status":"in_progress"},{"content":"c","status":"pending"}]}`)}
	want := "✓ Update Todos\n  ⎿  ☑ a\n     ◐ b\n     ☐ c"
	if got := plainTool(c, 40); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestAskShowsAnswers(t *testing.T) {
	c := ToolCall{Name: "AskUserQuestion", State: ToolDone, Input: in(askInputJSON),
		Result: done("", `{"answers":{"Which color do you prefer?":"Blue"}}`)}
	got := plainTool(c, 60)
	if !strings.Contains(got, "Color: Which color do you prefer?\n       → Blue") || !strings.Contains(got, "(no answer)") {
		t.Errorf("got\n%s", got)
	}
}

func TestCompactArgsKeepsKeyOrder(t *testing.T) {
	got := compactArgs(json.RawMessage(`{"z": 1, "a": {"n": [1, 2]}, "m": "s"}`))
	if want := `z: 1, a: {"n":[1,2]}, m: "s"`; got != want {
		t.Errorf("compactArgs = %q, want %q", got, want)
	}
}
