package resumed

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/sessionfiles"
	"github.com/gclaude/gclaude/ui/transcript"
)

// sessionFixtures holds session files the real CLI wrote (see sessionfiles/fixtures_test.go).
var sessionFixtures = filepath.Join("..", "..", "..", "testdata", "sessions")

func loadFixture(t *testing.T, name string) *sessionfiles.History {
	t.Helper()
	h, err := sessionfiles.Load(filepath.Join(sessionFixtures, name+".jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestHistoryFromFixtures puts each fixture's history in a transcript and checks what
// it shows, and that nothing is left running.
func TestHistoryFromFixtures(t *testing.T) {
	tests := []struct {
		name string
		want []string
	}{
		{"tools", []string{
			"## You\n\nhello SCENARIO:text", "Hello from the fake API.",
			"> _Thinking:_ Let me think about this carefully.", "Here is my answer after thinking.",
			"**Bash(touch ", "**Read(", "**Edit(", "_(denied)_\n\n```\nno thanks",
			"**Agent(List work files)**", "The subagent listed the files.",
		}},
		{"compact", []string{
			"first SCENARIO:text", "> Conversation compacted", "## You\n\n/compact", "> Compacted",
			"## You\n\n/usage", "> Estimated cost:", "word0", "> Interrupted", "> API Error: 400 Bad request (fake)",
		}},
		{"branched", nil},
		{"forked", []string{"**Agent(List work files)**"}},
		{"damaged", nil},
	}
	list, err := sessionfiles.List(sessionFixtures)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, s := range list {
		counts[s.ID] = s.MessageCount
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := loadFixture(t, tt.name)
			tr := transcript.NewConversation()
			Apply(tr, Steps(h))
			md := tr.Markdown()
			for _, w := range tt.want {
				if !strings.Contains(md, w) {
					t.Errorf("history lacks %q:\n%s", w, md)
				}
			}
			if got := strings.Count(md, "## You"); got < 1 {
				t.Errorf("no prompt shown:\n%s", md)
			}
			if tr.Live() {
				t.Error("something in a loaded history is still animating")
			}
			if got := MessageCount(h); got != counts[tt.name] {
				t.Errorf("%d messages, the picker says %d", got, counts[tt.name])
			}
		})
	}
}

// TestHistorySubagent checks that a subagent's transcript is kept with its Agent call,
// not in the main flow.
func TestHistorySubagent(t *testing.T) {
	h := loadFixture(t, "tools")
	tr := transcript.NewConversation()
	Apply(tr, Steps(h))
	if len(h.Subagents) != 1 {
		t.Fatalf("%d subagents in the fixture", len(h.Subagents))
	}
	for callID, sub := range h.Subagents {
		st := tr.SubTranscript(callID)
		if st == nil {
			t.Fatalf("no transcript for the subagent of %s", callID)
		}
		if st.Len() == 0 || len(sub.Entries) == 0 {
			t.Fatalf("subagent transcript has %d items for %d entries", st.Len(), len(sub.Entries))
		}
	}
	if strings.Contains(tr.Markdown(), "Subagent done: files listed.\n\n## ") {
		t.Error("the subagent's own answer leaked into the main flow")
	}
}

// TestHistoryUnfinishedCall shows a call the file has no result for as interrupted.
func TestHistoryUnfinishedCall(t *testing.T) {
	h := &sessionfiles.History{SessionID: "x", Entries: []sessionfiles.Entry{
		{Kind: sessionfiles.KindPrompt, Text: "run it"},
		{Kind: sessionfiles.KindToolCall, MessageID: "m1", Tool: &sessionfiles.ToolCall{ID: "toolu_1", Name: "Bash", Input: []byte(`{"command":"sleep 100"}`)}},
		{Kind: sessionfiles.KindPrompt, Text: "look", Images: 2},
		{Kind: sessionfiles.KindAPIError, MessageID: "m2"},
	}}
	tr := transcript.NewConversation()
	Apply(tr, Steps(h))
	md := tr.Markdown()
	for _, w := range []string{"**Bash(sleep 100)** _(interrupted)_", "look\n[2 images]", "> API error"} {
		if !strings.Contains(md, w) {
			t.Errorf("lacks %q:\n%s", w, md)
		}
	}
	if tr.Live() {
		t.Error("the unfinished call still spins")
	}
}

// TestHistoryDeniedCalls shows a call a decision refused as denied, as it was shown
// live, and one the user interrupted as interrupted; a real failure stays failed.
func TestHistoryDeniedCalls(t *testing.T) {
	text := func(s string) json.RawMessage { b, _ := json.Marshal(s); return b }
	reject := "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed."
	tests := []struct {
		name   string
		result sessionfiles.ToolResult
		want   string
	}{
		{"denied", sessionfiles.ToolResult{IsError: true, Content: text("no thanks"), Structured: text("Error: no thanks"), Denial: "permission-rule", Decision: "reject"}, "_(denied)_"},
		{"interrupted at the request", sessionfiles.ToolResult{IsError: true, Content: text(reject), Structured: text("User rejected tool use"), Denial: "user-rejected"}, "_(interrupted)_"},
		{"older file, refused", sessionfiles.ToolResult{IsError: true, Content: text(reject), Structured: text("User rejected tool use")}, "_(denied)_"},
		{"failed", sessionfiles.ToolResult{IsError: true, Content: text("Exit code 1"), Structured: text("Error: Exit code 1")}, "_(failed)_"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := &sessionfiles.History{SessionID: "x", Entries: []sessionfiles.Entry{
				{Kind: sessionfiles.KindPrompt, Text: "run it"},
				{Kind: sessionfiles.KindToolCall, MessageID: "m1", Tool: &sessionfiles.ToolCall{ID: "toolu_1", Name: "Bash", Input: []byte(`{"command":"touch x"}`), Result: &tt.result}},
			}}
			tr := transcript.NewConversation()
			Apply(tr, Steps(h))
			if md := tr.Markdown(); !strings.Contains(md, "**Bash(touch x)** "+tt.want) {
				t.Errorf("want %s:\n%s", tt.want, md)
			}
		})
	}
}

// A resumed history shows a compaction as the live session does: one "Conversation
// compacted" item holding the summary, not a prompt with the CLI's wrapping.
func TestHistoryCompactSummary(t *testing.T) {
	tr := transcript.NewConversation()
	Apply(tr, Steps(loadFixture(t, "compact")))
	md := tr.Markdown()
	if !strings.Contains(md, "> Conversation compacted\n>\n> Hello from the fake API.") {
		t.Errorf("the compaction does not hold its summary:\n%s", md)
	}
	if strings.Contains(md, "This session is being continued") || strings.Contains(md, "system-reminder") {
		t.Errorf("the summary shows with the CLI's wrapping:\n%s", md)
	}
}
