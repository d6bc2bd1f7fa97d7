package main

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/gclaude/gclaude/fakeapi"
)

// apiRequest is one line of <name>.api.ndjson.
type apiRequest struct {
	Capture  string         `json:"capture"`
	Seq      int            `json:"seq"`
	Kind     fakeapi.Kind   `json:"kind"`
	Scenario string         `json:"scenario,omitempty"`
	Step     int            `json:"step"`
	Body     map[string]any `json:"body"`
}

// keptBodyFields are the request fields the fake's selection reads; the rest (metadata,
// thinking and context settings) only make the corpus bigger.
var keptBodyFields = []string{"model", "max_tokens", "stream", "system", "messages", "tools"}

// requestLines are the /v1/messages requests with their bodies trimmed (long texts
// shortened, tools reduced to their names), one JSON object a line; a body equal to an
// earlier one (a retry) is left out.
func requestLines(capture string, reqs []fakeapi.Request) []byte {
	var b bytes.Buffer
	seen := map[string]bool{}
	for _, r := range reqs {
		var full map[string]any // a copy of its own: the server's records are read-only
		if r.Path != "/v1/messages" || json.Unmarshal(r.Raw, &full) != nil {
			continue
		}
		body := map[string]any{}
		for _, k := range keptBodyFields {
			if v, ok := full[k]; ok {
				body[k] = v
			}
		}
		if tools, ok := body["tools"].([]any); ok {
			names := make([]any, 0, len(tools))
			for _, t := range tools {
				if m, ok := t.(map[string]any); ok {
					names = append(names, map[string]any{"name": m["name"]})
				}
			}
			body["tools"] = names
		}
		body = trimStrings(body).(map[string]any)
		key, _ := json.Marshal(body)
		if seen[string(key)] {
			continue
		}
		seen[string(key)] = true
		line, err := json.Marshal(apiRequest{Capture: capture, Seq: r.Seq, Kind: r.Kind, Scenario: r.Scenario, Step: r.Step, Body: body})
		if err != nil {
			continue
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// trimLimit is the length above which a string is shortened.
const trimLimit = 300

// trimStrings shortens every long string in v: its first 200 bytes, then only the lines
// the fake reads (the working directory, the plan file, scenario markers, the
// subagent mark), so selection and placeholders see what they saw.
func trimStrings(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = trimStrings(e)
		}
		return x
	case []any:
		for i, e := range x {
			x[i] = trimStrings(e)
		}
		return x
	case string:
		if len(x) <= trimLimit {
			return x
		}
		head := x[:200]
		for !utf8Start(x, len(head)) {
			head = head[:len(head)-1]
		}
		var kept []string
		for _, l := range strings.Split(x[len(head):], "\n") {
			if keptLine(l) {
				kept = append(kept, l)
			}
		}
		return head + "\n[…trimmed…]\n" + strings.Join(kept, "\n")
	default:
		return v
	}
}

func keptLine(l string) bool {
	for _, s := range []string{"Primary working directory", ".claude/plans/", "SCENARIO:", "cc_is_subagent"} {
		if strings.Contains(l, s) {
			return len(l) < 2000
		}
	}
	return false
}

// utf8Start reports whether s[i] begins a character (or i is the end).
func utf8Start(s string, i int) bool { return i >= len(s) || s[i]&0xC0 != 0x80 }
