package transcript

import (
	"strings"
	"testing"

	"github.com/gclaude/gclaude/themes"
)

// Rewinding drops the prompt and all after it; what came before stays and new items
// follow it.
func TestTruncateFrom(t *testing.T) {
	m, _ := newTest(60, 20, themes.Dark)
	m.AddUserPrompt("first prompt")
	m.AddNotice(NoticeInfo, "first answer")
	second := m.AddUserPrompt("second prompt")
	m.AddNotice(NoticeInfo, "second answer")
	if !m.TruncateFrom(second) {
		t.Fatal("prompt not found")
	}
	md := m.Markdown()
	if !strings.Contains(md, "first answer") || strings.Contains(md, "second") {
		t.Fatalf("after truncating:\n%s", md)
	}
	m.AddUserPrompt("third prompt")
	if v := m.View(); !strings.Contains(v, "third prompt") || strings.Contains(v, "second") {
		t.Fatalf("view:\n%s", v)
	}
	if m.TruncateFrom(second) {
		t.Fatal("a removed prompt was found again")
	}
}
