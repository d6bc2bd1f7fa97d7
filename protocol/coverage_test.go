package protocol

import (
	"reflect"
	"slices"
	"testing"
)

// keyCoverage records, for each struct type met while walking raw JSON alongside Go
// types, which of its declared keys the JSON ever had. A declared key no capture ever
// holds is either misspelt or simply never seen; never-seen ones are listed in
// uncapturedKeys so that a misspelt tag fails the test.
type keyCoverage map[reflect.Type]map[string]bool

func (c keyCoverage) walk(raw any, typ reflect.Type) {
	for typ.Kind() == reflect.Pointer {
		typ = typ.Elem()
	}
	if opaque(typ) {
		return
	}
	switch typ.Kind() {
	case reflect.Struct:
		obj, ok := raw.(map[string]any)
		if !ok {
			return
		}
		seen := c[typ]
		if seen == nil {
			seen = map[string]bool{}
			c[typ] = seen
		}
		for name, ftype := range jsonFields(typ) {
			if v, ok := obj[name]; ok {
				seen[name] = true
				c.walk(v, ftype)
			}
		}
	case reflect.Slice:
		if arr, ok := raw.([]any); ok {
			for _, v := range arr {
				c.walk(v, typ.Elem())
			}
		}
	case reflect.Map:
		if obj, ok := raw.(map[string]any); ok {
			for _, v := range obj {
				c.walk(v, typ.Elem())
			}
		}
	}
}

// uncapturedKeys are declared keys that no capture holds: from the CLI's own schemas
// (sdk-tools.d.ts and the zod schemas in the binary) but not triggered by any experiment.
var uncapturedKeys = map[string][]string{
	"Account":              {"email", "organization", "subscriptionType"},
	"AgentInput":           {"isolation", "model", "name"},
	"AgentResult":          {"sessionUrl", "taskId"},
	"AskUserQuestionInput": {"annotations", "answers"},
	"BackgroundTask":       {"ambient", "parent_task_id"},
	"BashInput":            {"dangerouslyDisableSandbox", "run_in_background", "timeout"},
	"BashResult": {"backgroundTaskId", "backgroundedByUser", "persistedOutputPath", "persistedOutputSize",
		"returnCodeInterpretation", "timedOutAfterMs"},
	// server_policy_ask_only: CLI 2.1.328 sent it, 2.1.332 does not (control_in_policy_test.go).
	"CanUseTool":         {"default_to_no", "server_policy_ask_only", "suppress_always_allow_rule", "title"},
	"ContentBlock":       {"data", "source"},
	"Delta":              {"citation"},
	"EditResult":         {"gitDiff"},
	"ExitPlanModeResult": {"planWasEdited"},
	"GetUsage":           {"skip_behaviors"}, // gclaude sends it; the capture asked without
	"Initialize":         {"forwardSubagentText"},
	"InitializeResponse": {"current_model"},
	"ModelInfo":          {"disabled"},
	"QuestionAnnotation": {"preview", "unanswered"},
	"QuestionOption":     {"preview"},
	"ReadFile":           {"base64", "cells", "count", "originalSize", "outputDir", "truncatedByTokenCap", "type"},
	"ReadInput":          {"limit", "offset", "pages"},
	"SystemStatus":       {"compact_error", "compact_result"},
	"TaskPatch":          {"description", "error", "is_backgrounded"},
	"TaskProgress":       {"summary"},
	"TaskStarted":        {"ambient", "parent_task_id", "skip_transcript"},
	"User":               {"isSynthetic"}, // a compaction summary; seen in research logs, not in a capture
	"WriteResult":        {"gitDiff"},
}

func TestDeclaredKeysAppearInCaptures(t *testing.T) {
	cov := keyCoverage{}
	blocks := reflect.TypeFor[[]ContentBlock]()
	for _, line := range stdoutLines(t) {
		msg, err := Decode(line.data)
		if err != nil {
			t.Fatal(err)
		}
		raw := rawJSON(t, line.data)
		switch msg.(type) {
		case *Unknown:
			continue
		case controlRequest:
			raw = raw.(map[string]any)["request"]
		case *User:
			// The content is kept raw; walk its blocks too.
			content, _ := jsonPath(t, line.data, "message.content")
			cov.walk(content, blocks)
		}
		cov.walk(raw, reflect.TypeOf(msg))
	}
	for _, f := range captureFiles(t, true) {
		for _, line := range readCapture(t, f) {
			if r, err := DecodeClient(line.data); err == nil {
				if hr, ok := r.(*ClientControlRequest); ok && hr.Request != nil {
					cov.walk(rawJSON(t, hr.Raw), reflect.TypeOf(hr.Request))
				}
			}
		}
	}
	inputs, results := capturedToolPayloads(t)
	for _, p := range append(inputs, results...) {
		v, _ := DecodeToolInput(p.tool, p.raw)
		if p.isResult {
			v, _ = DecodeToolUseResult(p.tool, p.raw)
		}
		if v != nil {
			cov.walk(rawJSON(t, p.raw), reflect.TypeOf(v))
		}
	}
	for _, r := range capturedResponses(t) {
		if decode, ok := responseDecoders[r.subtype]; ok && len(r.body.Response) > 0 {
			if v, err := decode(r.body); err == nil {
				cov.walk(rawJSON(t, r.body.Response), reflect.TypeOf(v))
			}
		}
	}

	for typ, seen := range cov {
		var missing []string
		for name := range jsonFields(typ) {
			if !seen[name] {
				missing = append(missing, name)
			}
		}
		slices.Sort(missing)
		want := uncapturedKeys[typ.Name()]
		if !slices.Equal(missing, want) {
			t.Errorf("%s: keys never seen in a capture = %q, listed as uncaptured %q", typ.Name(), missing, want)
		}
	}
}
