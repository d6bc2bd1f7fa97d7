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
func (v *View) copySelected() tea.Cmd {
	if v.cursor < 0 || v.cursor >= len(v.c.items) {
		return nil
	}
	it := v.c.items[v.cursor]
	return copyCmd(it.plain(), itemName(it))
}

// copyTurn copies the turn the cursor is in, from its prompt to its last item
// (the footer's figures left out), as markdown: what /export writes for it.
func (v *View) copyTurn() tea.Cmd {
	if v.cursor < 0 || v.cursor >= len(v.c.items) {
		return nil
	}
	from := v.cursor
	for from > 0 {
		if _, ok := v.c.items[from].(*userItem); ok {
			break
		}
		from--
	}
	to := v.cursor + 1
	for to < len(v.c.items) {
		if _, ok := v.c.items[to].(*userItem); ok {
			break
		}
		to++
	}
	var items []item
	for _, it := range v.c.items[from:to] {
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
