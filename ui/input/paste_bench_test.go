package input

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/themes"
)

// bigPaste is about size bytes of source-like text, 50-odd bytes a line.
func bigPaste(size int) string {
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "line %06d: the quick brown fox jumps over the dog\n", i)
	}
	return b.String()
}

// BenchmarkPaste1MB is a 1 MB paste into an empty prompt until it is drawn: the echo
// time the user waits for.
func BenchmarkPaste1MB(b *testing.B) {
	text := bigPaste(1 << 20)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		p := NewPrompt(PromptEnv{Styles: themes.New(themes.Dark), Keys: keymap.Default(),
			Getenv: func(string) string { return "" }, Workspace: func() Workspace { return Workspace{} }})
		p.SetSize(80, 10)
		p.Paste(tea.PasteMsg{Content: text})
		_ = p.View()
	}
}
