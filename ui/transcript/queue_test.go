package transcript

import (
	"slices"
	"testing"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

// Queued prompts stay below what the turn they wait behind still shows, and
// join the flow in the order they are released.
func TestQueuedPromptsStayBelowTheRunningTurn(t *testing.T) {
	interruptMarker := func() *protocol.User {
		return &protocol.User{Message: protocol.UserBody{Role: "user", Content: []byte(`"` + protocol.InterruptMarker + `"`)}}
	}
	aborted := &protocol.Result{Subtype: "error_during_execution", IsError: true, TerminalReason: protocol.TerminalAbortedStreaming, DurationMS: 900}
	status := 500
	retry := &protocol.APIRetry{Attempt: 1, MaxRetries: 3, RetryDelayMS: 1000, ErrorStatus: &status}

	type step func(m *testModel, ids map[string]ID)
	prompt := func(text string, queued bool) step {
		return func(m *testModel, ids map[string]ID) {
			ids[text] = m.AddUserPrompt(text)
			if queued {
				m.SetQueued(ids[text], true)
			}
		}
	}
	apply := func(msgs ...protocol.Message) step {
		return func(m *testModel, _ map[string]ID) {
			for _, msg := range msgs {
				m.Apply(msg)
			}
		}
	}
	release := func(text string) step {
		return func(m *testModel, ids map[string]ID) { m.SetQueued(ids[text], false) }
	}
	tests := []struct {
		name  string
		steps []step
		want  []string
	}{
		{"interrupted turn: marker and footer above the queued prompt",
			[]step{prompt("first", false), prompt("second", true), apply(interruptMarker(), aborted)},
			[]string{"user:first", "interrupted", "footer", "user:second"}},
		{"released prompt is followed by its own answer",
			[]step{prompt("first", false), prompt("second", true), apply(answerLine("m1", "one")), release("second"), apply(answerLine("m2", "two"))},
			[]string{"user:first", "text:one", "user:second", "text:two"}},
		{"two queued prompts keep their order",
			[]step{prompt("first", false), prompt("A", true), prompt("B", true), apply(answerLine("m1", "one"))},
			[]string{"user:first", "text:one", "user:A", "user:B"}},
		{"the later one released first goes ahead of the one still queued",
			[]step{prompt("first", false), prompt("A", true), prompt("B", true), release("B"), apply(answerLine("m2", "two"))},
			[]string{"user:first", "user:B", "text:two", "user:A"}},
		{"retries in a row share one notice above a queued prompt",
			[]step{prompt("first", false), prompt("second", true), apply(retry, retry)},
			[]string{"user:first", "retry", "user:second"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, _ := newTest(60, 20, themes.Mono)
			ids := map[string]ID{}
			for _, s := range tt.steps {
				s(m, ids)
			}
			if got := summary(m); !slices.Equal(got, tt.want) {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
			checkView(t, m)
		})
	}
}

// The selection stays on its item when items are put above a queued prompt.
func TestCursorStaysOnItemAcrossQueueInserts(t *testing.T) {
	m, _ := newTest(60, 20, themes.Mono)
	m.AddUserPrompt("first")
	id := m.AddUserPrompt("second")
	m.SetQueued(id, true)
	checkView(t, m)
	m.SetFocused(true)
	if m.Cursor() != id {
		t.Fatalf("cursor = %d, want the queued prompt %d", m.Cursor(), id)
	}
	m.Apply(answerLine("m1", "one"))
	if m.Cursor() != id {
		t.Fatalf("after an insert above it: cursor = %d, want %d", m.Cursor(), id)
	}
}
