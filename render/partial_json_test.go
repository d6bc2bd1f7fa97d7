package render

import (
	"encoding/json"
	"testing"

	"github.com/gclaude/gclaude/protocol"
)

func TestClosePartialJSON(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{`{"command": "ls -l`, `{"command": "ls -l"}`, true},
		{`{"command": "ls", "descr`, `{"command": "ls", "descr":null}`, true},
		{`{"command": "ls", "description":`, `{"command": "ls", "description":null}`, true},
		{`{"command": "ls",`, `{"command": "ls"}`, true},
		{`{"a": [1, 2`, `{"a": [1]}`, true},
		{`{"a": [1, 2,`, `{"a": [1, 2]}`, true},
		{`{"a": {"b": "c\`, `{"a": {"b": "c"}}`, true},
		{`{"a": "\u00e`, `{"a": ""}`, true},
		{`{"a": tru`, `{"a":null}`, true},
		{`{"a": true, "b": 3`, `{"a": true, "b":null}`, true},
		{`{"todos": [{"content": "x", "status": "pend`, `{"todos": [{"content": "x", "status": "pend"}]}`, true},
		{`{`, `{}`, true},
		{``, ``, false},
		{`}`, ``, false},
		{`{"a": ]`, ``, false},
	}
	for _, tt := range tests {
		got, ok := closePartialJSON(tt.in)
		if ok != tt.ok || got != tt.want {
			t.Errorf("closePartialJSON(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
		if ok && !json.Valid([]byte(got)) {
			t.Errorf("closePartialJSON(%q) = %q is not valid JSON", tt.in, got)
		}
	}
}

// Every prefix of a real tool input must decode without panicking, and the
// key argument must appear as soon as its string has started.
func TestDecodeInputPrefixes(t *testing.T) {
	full := `{"command": "git status --short", "description": "Show \"short\" status", "timeout": 1200}`
	for i := range len(full) + 1 {
		var in protocol.BashInput
		decodeInput([]byte(full[:i]), &in)
		if i > len(`{"command": "git`) && in.Command == "" {
			t.Fatalf("prefix %q lost the command", full[:i])
		}
	}
}

func FuzzClosePartialJSON(f *testing.F) {
	f.Add(`{"command": "ls -l", "x": [1, {"y": null}]}`)
	f.Add(`{"a":"\u00e9\n\"q\""}`)
	f.Fuzz(func(t *testing.T, s string) {
		if !json.Valid([]byte(s)) {
			return
		}
		for i := range len(s) {
			if got, ok := closePartialJSON(s[:i]); ok && !json.Valid([]byte(got)) {
				t.Fatalf("prefix %q closed to invalid %q", s[:i], got)
			}
		}
	})
}
