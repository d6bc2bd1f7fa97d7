package sessionfiles

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/fakeapi"
)

// want describes an expected Entry: its kind, and a prefix of its text (for a
// command, of "text → output"; for a tool call, the tool's name). result is a tool
// call's outcome: "ok", "error" or "none".
type want struct {
	kind   Kind
	text   string
	result string
}

func checkEntries(t *testing.T, got []Entry, wants []want) {
	t.Helper()
	for i := 0; i < max(len(got), len(wants)); i++ {
		switch {
		case i >= len(got):
			t.Errorf("entry %d missing: want %v %q", i, wants[i].kind, wants[i].text)
		case i >= len(wants):
			t.Errorf("entry %d unexpected: %v %q", i, got[i].Kind, got[i].Text)
		default:
			if g := describe(got[i]); g.kind != wants[i].kind || !strings.HasPrefix(g.text, wants[i].text) || g.result != wants[i].result {
				t.Errorf("entry %d = %v %q %s, want %v %q… %s", i, g.kind, g.text, g.result, wants[i].kind, wants[i].text, wants[i].result)
			}
		}
	}
}

func describe(e Entry) want {
	w := want{kind: e.Kind, text: e.Text}
	switch e.Kind {
	case KindCommand:
		w.text = e.Text + " → " + e.Output
	case KindToolCall:
		w.text, w.result = e.Tool.Name, "none"
		if r := e.Tool.Result; r != nil {
			w.result = "ok"
			if r.IsError {
				w.result = "error"
			}
		}
	}
	return w
}

// countMessages counts a history's messages the way Summary.MessageCount does.
func countMessages(h *History) int {
	n := 0
	lastMsg := ""
	for _, e := range h.Entries {
		switch {
		case e.Kind == KindPrompt || e.Kind == KindCommand:
			n++
		case e.MessageID != "" && e.MessageID != lastMsg:
			n++
		}
		if e.MessageID != "" {
			lastMsg = e.MessageID
		}
	}
	return n
}

// The tools session: one prompt per scenario, then a rename.
var (
	toolsPrompts = []string{
		"hello SCENARIO:" + fakeapi.ScenarioText,
		"think\nabout it SCENARIO:" + fakeapi.ScenarioThinking,
		"touch SCENARIO:" + fakeapi.ScenarioBashTouch,
		"edit SCENARIO:" + fakeapi.ScenarioEdit,
		"both SCENARIO:" + fakeapi.ScenarioTwoTools,
		"refuse SCENARIO:" + fakeapi.ScenarioBashTouch, // answered with deny
		"agent SCENARIO:" + fakeapi.ScenarioTask,
	}
	toolsDenied   = 5 // index of the prompt whose tool call is denied
	toolsTitle    = "My title"
	toolsMessages = 20 // 7 prompts and 13 API messages
	toolsEntries  = []want{
		{kind: KindPrompt, text: toolsPrompts[0]},
		{kind: KindText, text: fakeapi.TextHello},
		{kind: KindPrompt, text: toolsPrompts[1]},
		{kind: KindThinking, text: fakeapi.TextThinking},
		{kind: KindText, text: fakeapi.TextAfterThought},
		{kind: KindPrompt, text: toolsPrompts[2]},
		{kind: KindToolCall, text: "Bash", result: "ok"},
		{kind: KindText, text: fakeapi.TextToolDone},
		{kind: KindPrompt, text: toolsPrompts[3]},
		{kind: KindToolCall, text: "Read", result: "ok"},
		{kind: KindToolCall, text: "Edit", result: "ok"},
		{kind: KindText, text: fakeapi.TextToolDone + "The file "},
		{kind: KindPrompt, text: toolsPrompts[4]},
		{kind: KindToolCall, text: "Bash", result: "ok"}, // parallel calls: this result is off the parent chain
		{kind: KindToolCall, text: "Write", result: "ok"},
		{kind: KindText, text: fakeapi.TextToolDone},
		{kind: KindPrompt, text: toolsPrompts[5]},
		{kind: KindToolCall, text: "Bash", result: "error"},
		{kind: KindText, text: fakeapi.TextToolDone + "no thanks"},
		{kind: KindPrompt, text: toolsPrompts[6]},
		{kind: KindToolCall, text: "Agent", result: "ok"},
		{kind: KindText, text: "The subagent listed the files."},
	}
)

// checkTools checks the history of the tools session as the CLI wrote it.
func checkTools(t *testing.T, h *History) {
	t.Helper()
	if h.Title != toolsTitle {
		t.Errorf("title %q, want %q", h.Title, toolsTitle)
	}
	if h.Model == "" || len(h.Warnings) != 0 {
		t.Errorf("model %q, warnings %q; want a model and no warnings", h.Model, h.Warnings)
	}
	checkEntries(t, h.Entries, toolsEntries)
	if len(h.Entries) != len(toolsEntries) {
		return
	}
	if n := countMessages(h); n != toolsMessages {
		t.Errorf("%d messages, want %d", n, toolsMessages)
	}

	structured := func(i int) map[string]any {
		var m map[string]any
		if r := h.Entries[i].Tool.Result; r != nil {
			_ = json.Unmarshal(r.Structured, &m)
		}
		return m
	}
	if m := structured(6); m == nil || m["stdout"] == nil {
		t.Errorf("Bash result's structured output = %v, want stdout/stderr", m)
	}
	if m := structured(10); m == nil || m["structuredPatch"] == nil {
		t.Errorf("Edit result's structured output = %v, want a structuredPatch", m)
	}
	if m := structured(14); m == nil || m["type"] != "create" {
		t.Errorf("Write result's structured output = %v, want type create", m)
	}
	if r := h.Entries[17].Tool.Result; r == nil || r.Text() != "no thanks" || string(r.Structured) != `"Error: no thanks"` {
		t.Errorf("denied call's result = %+v", r)
	}
	var bashIn struct{ Command string }
	if err := json.Unmarshal(h.Entries[6].Tool.Input, &bashIn); err != nil || !strings.HasPrefix(bashIn.Command, "touch ") {
		t.Errorf("Bash input = %s (%v)", h.Entries[6].Tool.Input, err)
	}
	if e := h.Entries[3]; e.MessageID == "" || e.MessageID != h.Entries[4].MessageID || e.Time.IsZero() {
		t.Errorf("thinking and text of one reply: message ids %q/%q, time %v", e.MessageID, h.Entries[4].MessageID, e.Time)
	}

	agent := h.Entries[20].Tool
	sub := h.Subagents[agent.ID]
	if len(h.Subagents) != 1 || sub == nil {
		t.Fatalf("subagents %v, want one for the Agent call %s", h.Subagents, agent.ID)
	}
	if sub.Type != "general-purpose" || sub.Description != "List work files" || sub.AgentID == "" {
		t.Errorf("subagent = %+v", sub)
	}
	checkEntries(t, sub.Entries, []want{
		{kind: KindPrompt, text: "SCENARIO:" + fakeapi.ScenarioSubLs},
		{kind: KindToolCall, text: "Bash", result: "ok"},
		{kind: KindText, text: fakeapi.TextSubagentDone},
	})
}

// The compact session: a turn, /compact, another turn, a local command, an
// interrupted turn and a failing API call.
var (
	compactPrompts = []string{
		"first SCENARIO:" + fakeapi.ScenarioText,
		"/compact",
		"after SCENARIO:" + fakeapi.ScenarioText,
		"/cost",
		"slow SCENARIO:" + fakeapi.ScenarioSlow, // interrupted
		"fail SCENARIO:" + fakeapi.ScenarioErr400,
	}
	compactEntries = []want{
		{kind: KindPrompt, text: compactPrompts[0]},
		{kind: KindText, text: fakeapi.TextHello},
		{kind: KindCompact, text: "This session is being continued from a previous conversation"},
		{kind: KindCommand, text: "/compact → Compacted"},
		{kind: KindPrompt, text: compactPrompts[2]},
		{kind: KindText, text: fakeapi.TextHello},
		{kind: KindCommand, text: "/usage → Estimated cost:"}, // the CLI records /cost as its new name
		{kind: KindPrompt, text: compactPrompts[4]},
		{kind: KindText, text: "word0"},
		{kind: KindInterrupt, text: "[Request interrupted by user]"},
		{kind: KindPrompt, text: compactPrompts[5]},
		{kind: KindAPIError, text: "API Error: 400"},
	}
)

func checkCompact(t *testing.T, h *History) {
	t.Helper()
	if h.Title != compactPrompts[0] || len(h.Warnings) != 0 {
		t.Errorf("title %q, warnings %q; want the first prompt and none", h.Title, h.Warnings)
	}
	checkEntries(t, h.Entries, compactEntries)
}

// The branched session: two turns, then a resume at the first reply and a third
// turn; the second turn is an abandoned branch.
var (
	branchPrompts = []string{
		"one SCENARIO:" + fakeapi.ScenarioText,
		"two SCENARIO:" + fakeapi.ScenarioThinking,
		"three SCENARIO:" + fakeapi.ScenarioText,
	}
	branchEntries = []want{
		{kind: KindPrompt, text: branchPrompts[0]},
		{kind: KindText, text: fakeapi.TextHello},
		{kind: KindPrompt, text: branchPrompts[2]},
		{kind: KindText, text: fakeapi.TextHello},
	}
)
