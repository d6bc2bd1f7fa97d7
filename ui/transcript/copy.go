package transcript

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/render"
)

// CopiedMsg reports what was sent to the clipboard: What names it ("the answer",
// "the Bash call", "this turn"), Chars is its length.
type CopiedMsg struct {
	What  string
	Chars int
}

// copySelected copies the selected item's plain text with OSC 52.
func (m *Model) copySelected() tea.Cmd {
	if m.cursor < 0 || m.cursor >= len(m.items) {
		return nil
	}
	it := m.items[m.cursor]
	return copyCmd(it.plain(), itemName(it))
}

// copyTurn copies the turn the cursor is in, from its prompt to its last item
// (the footer's figures left out), as markdown: what /export writes for it.
func (m *Model) copyTurn() tea.Cmd {
	if m.cursor < 0 || m.cursor >= len(m.items) {
		return nil
	}
	from := m.cursor
	for from > 0 {
		if _, ok := m.items[from].(*userItem); ok {
			break
		}
		from--
	}
	to := m.cursor + 1
	for to < len(m.items) {
		if _, ok := m.items[to].(*userItem); ok {
			break
		}
		to++
	}
	var items []item
	for _, it := range m.items[from:to] {
		if _, footer := it.(*footerItem); !footer {
			items = append(items, it)
		}
	}
	return copyCmd(markdownOf(items), "this turn")
}

func copyCmd(text, what string) tea.Cmd {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	n := len([]rune(text))
	return tea.Batch(tea.SetClipboard(text), func() tea.Msg { return CopiedMsg{What: what, Chars: n} })
}

// itemName is how the "copied" notice names an item.
func itemName(it item) string {
	switch it := it.(type) {
	case *userItem:
		return "the prompt"
	case *textItem:
		return "the answer"
	case *thinkingItem:
		return "the thinking"
	case *toolItem:
		return "the " + render.OneLine(render.Sanitize(it.call.Name)) + " call"
	case *footerItem:
		return "the turn's figures"
	}
	return "the notice"
}
