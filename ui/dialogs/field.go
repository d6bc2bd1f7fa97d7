package dialogs

import (
	"errors"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/gclaude/gclaude/themes"
)

// fieldMaxRows is how tall a one-thought text field (feedback, a note, "Other…") grows
// before it scrolls.
const fieldMaxRows = 4

// newField is a wrapping text field whose enter key is left to the dialog: a newline
// is shift+enter, alt+enter or ctrl+j.
func newField(placeholder string, st *themes.Styles) textarea.Model {
	ta := newTextarea(st)
	ta.Placeholder = placeholder
	ta.Prompt = st.Icons.SelectCursor + " "
	ta.DynamicHeight = true
	ta.MinHeight = 1
	ta.MaxHeight = fieldMaxRows
	ta.MaxContentHeight = 200
	ta.SetHeight(1)
	return ta
}

// errLossyEdit says why a text is not edited inline.
var errLossyEdit = errors.New("the inline editor would change this text (tabs, carriage returns, control characters or over 10,000 lines)")

// newEditor is the inline editor for a tool's input: line numbers, no size limit.
// The textarea rewrites tabs, carriage returns and control characters and keeps at
// most 10,000 lines, so a text it would not give back unchanged is refused: an edit
// must never alter lines the user did not touch.
func newEditor(value string, st *themes.Styles) (textarea.Model, error) {
	ta := newTextarea(st)
	ta.ShowLineNumbers = true
	ta.MaxHeight = 0
	ta.Prompt = ""
	ta.SetValue(value)
	if ta.Value() != value {
		return ta, errLossyEdit
	}
	// A one-line command is usually extended at its end; a file is read from the top.
	if strings.Contains(value, "\n") {
		ta.MoveToBegin()
	} else {
		ta.MoveToEnd()
	}
	return ta, nil
}

func newTextarea(st *themes.Styles) textarea.Model {
	ta := textarea.New()
	ta.ShowLineNumbers = false
	ta.CharLimit = 0
	ta.MaxWidth = 0
	ta.KeyMap.InsertNewline = key.NewBinding(key.WithKeys("shift+enter", "alt+enter", "ctrl+j"))
	ta.KeyMap.SelectAll.SetEnabled(false) // ctrl+g opens $EDITOR in dialogs
	styleTextarea(&ta, st)
	return ta
}

// styleTextarea applies st to a field or inline editor. Views call it before drawing,
// so a theme switch reaches a dialog's fields too.
func styleTextarea(ta *textarea.Model, st *themes.Styles) {
	none := lipgloss.NewStyle()
	state := textarea.StyleState{
		Base:             none,
		Text:             st.Text,
		LineNumber:       st.Subtle,
		CursorLineNumber: st.Muted,
		CursorLine:       st.Text,
		EndOfBuffer:      st.Subtle,
		Placeholder:      st.Subtle,
		Prompt:           st.Dialog.ChoiceCursor,
		Selection:        st.Selection,
	}
	blurred := state
	blurred.Text, blurred.CursorLine = st.Muted, st.Muted
	ta.SetStyles(textarea.Styles{
		Focused: state,
		Blurred: blurred,
		Cursor:  textarea.CursorStyle{Color: st.Palette.Primary, Blink: false},
	})
}

// fieldLines renders a field at width as lines, in the current theme.
func fieldLines(ta *textarea.Model, width int, st *themes.Styles) []string {
	styleTextarea(ta, st)
	ta.SetWidth(max(width, 2))
	return strings.Split(ta.View(), "\n")
}

// isTyping reports whether a key is text for a focused field rather than a command
// for the dialog (letters, digits and space: "j" and "1" are text there).
func isTyping(msg tea.KeyPressMsg) bool {
	return msg.Text != "" && msg.Mod&^tea.ModShift == 0
}
