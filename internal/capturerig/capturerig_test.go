package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/fakeapi"
)

func TestNormaliseReplacesTheSandboxPaths(t *testing.T) {
	sb := &sandbox{base: "/tmp/gcap123", home: "/tmp/gcap123/dev", project: "/tmp/gcap123/dev/project", tmp: "/tmp/gcap123/t"}
	in := `{"cwd":"/tmp/gcap123/dev/project","plan":"/tmp/gcap123/dev/.claude/plans/a.md",` +
		`"dir":"/tmp/gcap123/dev/.claude/projects/-tmp-gcap123-dev-project/s.jsonl","sock":"/tmp/gcap123/t/cc-socks/4242/x",` +
		`"url":"http://127.0.0.1:39999/v1"}`
	want := `{"cwd":"/home/dev/project","plan":"/home/dev/.claude/plans/a.md",` +
		`"dir":"/home/dev/.claude/projects/-home-dev-project/s.jsonl","sock":"/tmp/claude-capture/cc-socks/1000/x",` +
		`"url":"http://127.0.0.1:18600/v1"}`
	if got := string(sb.normalise([]byte(in), "http://127.0.0.1:39999")); got != want {
		t.Errorf("normalise:\n got %s\nwant %s", got, want)
	}
}

func TestTypeFirst(t *testing.T) {
	b, err := typeFirst(userLine("hi"))
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"type":"user","message":{"content":"hi","role":"user"},"parent_tool_use_id":null,"session_id":""}`; string(b) != want {
		t.Errorf("got %s, want %s", b, want)
	}
	if b, _ := typeFirst(map[string]any{"type": "keep_alive"}); string(b) != `{"type":"keep_alive"}` {
		t.Errorf("a line with only a type: %s", b)
	}
}

// Trimmed request bodies keep what the fake's selection reads.
func TestRequestLinesKeepWhatSelectionReads(t *testing.T) {
	long := strings.Repeat("filler ", 100)
	body := map[string]any{
		"model": "m", "stream": true, "metadata": map[string]any{"user_id": "x"},
		"system": []any{map[string]any{"type": "text", "text": long + "\ncc_is_subagent=true\n" + long}},
		"tools":  []any{map[string]any{"name": "Bash", "input_schema": map[string]any{"type": "object"}}},
		"messages": []any{map[string]any{"role": "user", "content": []any{
			map[string]any{"type": "text", "text": "<system-reminder>" + long + "</system-reminder>"},
			map[string]any{"type": "text", "text": long + "\nDo it. SCENARIO:bash_touch"},
		}}},
	}
	raw, _ := json.Marshal(body)
	out := requestLines("exp", []fakeapi.Request{
		{Seq: 1, Path: "/v1/messages", Raw: raw, Kind: fakeapi.KindConversation, Scenario: "bash_touch"},
		{Seq: 2, Path: "/v1/messages", Raw: raw, Kind: fakeapi.KindConversation, Scenario: "bash_touch"}, // a retry
		{Seq: 3, Path: "/v1/messages/count_tokens", Raw: raw, Kind: fakeapi.KindCountTokens},
	})
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != 1 {
		t.Fatalf("%d lines, want the one distinct /v1/messages body:\n%s", len(lines), out)
	}
	s := lines[0]
	for _, want := range []string{`\nDo it. SCENARIO:bash_touch"`, `cc_is_subagent=true`, `"tools":[{"name":"Bash"}]`, `"text":"\u003csystem-reminder\u003efiller`} {
		if !strings.Contains(s, want) {
			t.Errorf("trimmed body lacks %s:\n%s", want, s)
		}
	}
	if strings.Contains(s, "metadata") || strings.Contains(s, "input_schema") || len(s) > 2000 {
		t.Errorf("body not trimmed (%d bytes):\n%s", len(s), s)
	}
}
