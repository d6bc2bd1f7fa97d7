package transcript

import (
	"strings"
	"testing"

	"github.com/gclaude/gclaude/themes"
)

// Answers are the main thread's text blocks, newest first: a subagent's words, thoughts
// and tool calls are not answers.
func TestAnswersNewestFirstMainThreadOnly(t *testing.T) {
	m, c := newTest(80, 30, themes.Mono)
	feed(m, c, loadCapture(t, "exp09a_multiturn_replay"))
	got := m.Answers()
	if len(got) != 4 || got[0] != "Hello from the fake API." || !strings.HasPrefix(got[1], "word0 word1") ||
		!strings.HasPrefix(got[2], "ACK tool_result") || got[3] != "Hello from the fake API." {
		t.Fatalf("answers = %q, want the four turns' answers, newest first", got)
	}

	m, c = newTest(80, 30, themes.Mono)
	feed(m, c, loadCapture(t, "exp07e_task_forward_subagent_text"))
	got = m.Answers()
	if len(got) != 1 || !strings.HasPrefix(got[0], "ACK tool_result") {
		t.Errorf("answers = %q, want the main thread's one (not the subagent's %q)", got, "Subagent done: files listed.")
	}
}
