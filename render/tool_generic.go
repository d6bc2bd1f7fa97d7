package render

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/gclaude/gclaude/themes"
)

// mcpView: "server › tool(key: value, …)" and the result text.
func mcpView(c ToolCall, server, tool string, st *themes.Styles) toolView {
	v := genericView(c, st)
	v.name = server + " › " + tool
	return v
}

// genericView: "Name(key: value, …)" and the result text.
func genericView(c ToolCall, st *themes.Styles) toolView {
	v := toolView{name: c.Name, arg: compactArgs(c.Input)}
	if c.Result == nil {
		return v
	}
	v.body = func(width int) string {
		return textBlock(c.Result.Content, c.Expanded, width, st.Tool.Body, st)
	}
	return v
}

// compactArgs shows a JSON input on one line: an object as
// `key: value, key: value` in its own key order, anything else compacted.
func compactArgs(raw json.RawMessage) string {
	if len(bytes.TrimSpace(raw)) == 0 {
		return ""
	}
	if !json.Valid(raw) {
		fixed, ok := closePartialJSON(string(raw))
		if !ok || !json.Valid([]byte(fixed)) {
			return ""
		}
		raw = json.RawMessage(fixed)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return compactJSON(raw)
	}
	var parts []string
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			break
		}
		var val json.RawMessage
		if dec.Decode(&val) != nil {
			break
		}
		key, _ := k.(string)
		parts = append(parts, key+": "+compactJSON(val))
	}
	return strings.Join(parts, ", ")
}

func compactJSON(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}
