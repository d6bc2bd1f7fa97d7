package transcript

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

// compactSummaryText is the synthetic summary message of CLI 2.1.328 after /compact
// (research expC), with the summary itself in the middle.
const compactSummaryText = "This session is being continued from a previous conversation that ran out of context. The summary below covers the earlier portion of the conversation.\n\n<system-reminder>\n<tools-used-before-summary>Edit, Write</tools-used-before-summary>\n</system-reminder>\nThe user asked for notes.md; it was written with three headings.\n\nIf you need specific details from before compaction (like exact code snippets, error messages, or content you generated), read the full transcript at: /home/dev/.claude/projects/p/s.jsonl\nContinue the conversation from where it left off without asking the user any further questions."

func userLine(text string, synthetic, replay bool) *protocol.User {
	content, _ := json.Marshal(text)
	return &protocol.User{Message: protocol.UserBody{Role: "user", Content: content}, IsSynthetic: synthetic, IsReplay: replay}
}

// /compact: the summary the CLI sends after compact_boundary is a collapsed
// "Conversation compacted" item, never a prompt; expanded, it shows the summary
// without the CLI's wrapping.
func TestCompactSummaryIsNotAPrompt(t *testing.T) {
	m, _ := newTest(100, 20, themes.Mono)
	b := &protocol.CompactBoundary{}
	b.CompactMetadata.Trigger = "manual"
	m.Apply(b)
	m.Apply(userLine(compactSummaryText, true, false))
	m.Apply(userLine("<local-command-stdout>Compacted </local-command-stdout>", false, true))
	if got, want := summary(m), []string{"compact:Conversation compacted (manual"}; !slices.Equal(got, want) {
		t.Fatalf("items = %q, want %q", got, want)
	}
	view := plainView(m)
	if strings.Contains(view, "❯") || strings.Contains(view, "This session is being continued") || strings.Contains(view, "system-reminder") {
		t.Errorf("the summary shows as a prompt:\n%s", view)
	}
	if !strings.Contains(view, "Conversation compacted (manual) (enter to view the summary)") {
		t.Errorf("no collapsed compaction line:\n%s", view)
	}
	m.toggle(0)
	view = plainView(m)
	if !strings.Contains(view, "The user asked for notes.md") {
		t.Errorf("expanded, the summary is not shown:\n%s", view)
	}
	for _, wrap := range []string{"This session is being continued", "tools-used-before-summary", "If you need specific details", "Continue the conversation"} {
		if strings.Contains(view, wrap) {
			t.Errorf("expanded summary shows the CLI's wrapping %q:\n%s", wrap, view)
		}
	}
}

// A synthetic message with no compaction before it is the CLI's, not the user's:
// it is not shown as a prompt.
func TestSyntheticUserMessageIsNotAPrompt(t *testing.T) {
	m, _ := newTest(80, 10, themes.Mono)
	m.Apply(userLine("something the CLI told the model", true, false))
	if got := summary(m); len(got) != 0 {
		t.Fatalf("items = %q, want none", got)
	}
}
