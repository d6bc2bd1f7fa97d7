package statusline

import (
	"encoding/json"
	"testing"
)

func TestInputFields(t *testing.T) {
	f := Facts{
		SessionID: "abc", TranscriptPath: "/h/.claude/projects/-p/abc.jsonl", CWD: "/p/sub", ProjectDir: "/p",
		Model: "claude-opus-5-5", ModelName: "Opus 5.5", Version: "2.1.332", PermissionMode: "plan",
		CostUSD: 0.25, ContextTokens: 50_000, ContextWindow: 200_000,
	}
	var got map[string]any
	if err := json.Unmarshal(Input(f, 1234), &got); err != nil {
		t.Fatal(err)
	}
	get := func(path ...string) any {
		var v any = got
		for _, p := range path {
			m, ok := v.(map[string]any)
			if !ok {
				return nil
			}
			v = m[p]
		}
		return v
	}
	for _, c := range []struct {
		path []string
		want any
	}{
		{[]string{"session_id"}, "abc"},
		{[]string{"transcript_path"}, "/h/.claude/projects/-p/abc.jsonl"},
		{[]string{"cwd"}, "/p/sub"},
		{[]string{"permission_mode"}, "plan"},
		{[]string{"model", "id"}, "claude-opus-5-5"},
		{[]string{"model", "display_name"}, "Opus 5.5"},
		{[]string{"workspace", "current_dir"}, "/p/sub"},
		{[]string{"workspace", "project_dir"}, "/p"},
		{[]string{"version"}, "2.1.332"},
		{[]string{"output_style", "name"}, "default"},
		{[]string{"cost", "total_cost_usd"}, 0.25},
		{[]string{"cost", "total_duration_ms"}, 1234.0},
		{[]string{"context_window", "total_input_tokens"}, 50000.0},
		{[]string{"context_window", "context_window_size"}, 200000.0},
		{[]string{"context_window", "used_percentage"}, 25.0},
		{[]string{"context_window", "remaining_percentage"}, 75.0},
		{[]string{"exceeds_200k_tokens"}, false},
	} {
		if v := get(c.path...); v != c.want {
			t.Errorf("%v = %#v, want %#v", c.path, v, c.want)
		}
	}
}

func TestInputBeforeAnyTurn(t *testing.T) {
	var got map[string]any
	if err := json.Unmarshal(Input(Facts{Model: "claude-x"}, 0), &got); err != nil {
		t.Fatal(err)
	}
	m := got["model"].(map[string]any)
	if m["display_name"] != "claude-x" {
		t.Errorf("display name without a model list: %v, want the id", m["display_name"])
	}
	cw := got["context_window"].(map[string]any)
	if cw["used_percentage"] != nil {
		t.Errorf("used_percentage before any call: %v, want null", cw["used_percentage"])
	}
}
