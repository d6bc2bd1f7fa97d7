package dialogs

import (
	"fmt"

	"charm.land/bubbles/v2/textarea"

	"github.com/gclaude/gclaude/themes"
)

// choice is one numbered answer in a dialog.
type choice struct {
	label  string // plain words, already cleaned
	detail string // shown muted after the label ("— .claude/settings.local.json")
	danger bool   // widens what is allowed beyond this one call
}

// choices is a numbered list in which nothing is selected until the user moves:
// enter never approves something the user did not point at.
type choices struct {
	items  []choice
	cursor int // -1: nothing selected yet
}

func newChoices(items ...choice) choices { return choices{items: items, cursor: -1} }

func (c *choices) up() {
	if c.cursor <= 0 {
		c.cursor = len(c.items) - 1
		return
	}
	c.cursor--
}

func (c *choices) down() {
	if c.cursor < 0 || c.cursor >= len(c.items)-1 {
		c.cursor = 0
		return
	}
	c.cursor++
}

// pick selects the n-th choice (1-based) and reports whether it exists.
func (c *choices) pick(n int) bool {
	if n < 1 || n > len(c.items) {
		return false
	}
	c.cursor = n - 1
	return true
}

// lines renders the list, every choice wrapped in full: the words of a choice are
// what the user agrees to, so they are never cut. dim shows that the dialog is not
// taking keys yet; below, if set, gives lines to show under a choice (its text
// field). focus is the last line of the selected choice, -1 when none is.
func (c choices) lines(width int, dim bool, st *themes.Styles, below func(i int) []string) (out []string, focus int) {
	focus = -1
	for i, it := range c.items {
		sel := i == c.cursor
		cursor := "  "
		if sel {
			cursor = st.Icons.SelectCursor + " "
		}
		num := fmt.Sprintf("%d. ", i+1)
		label, detail := st.Dialog.Choice, st.Dialog.Description
		switch {
		case dim:
			label, detail = st.Subtle, st.Subtle
		case sel:
			label = st.Dialog.ChoiceSelected
		}
		if it.danger && !dim && !sel {
			label = label.Foreground(st.Palette.Warning)
		}
		text := label.Render(it.label)
		if it.detail != "" {
			text += detail.Render(" " + it.detail)
		}
		prefix := st.Dialog.ChoiceCursor.Render(cursor) + label.Render(num)
		out = append(out, hanging(prefix, text, width)...)
		if below != nil {
			out = append(out, below(i)...)
		}
		if sel {
			focus = len(out) - 1
		}
	}
	return out, focus
}

// choiceIndent lines a field up under a choice's label, past "❯ 1. ".
const choiceIndent = "     "

// fieldBelow renders a text field indented under a choice.
func fieldBelow(ta *textarea.Model, width int, st *themes.Styles) []string {
	lines := fieldLines(ta, width-len(choiceIndent), st)
	for i := range lines {
		lines[i] = choiceIndent + lines[i]
	}
	return lines
}

// nothingSelected is the hint for enter before any choice is selected.
func nothingSelected(n int) string {
	return fmt.Sprintf("Nothing is selected yet: press 1-%d to answer, or choose with ↑↓ and then enter.", n)
}
