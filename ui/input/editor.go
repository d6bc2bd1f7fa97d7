// Package input is the prompt at the bottom of the screen. Prompt (prompt.go) is the
// component the root talks to: it owns the multi-line editor, the slash-command popup,
// @-mentions, the prompt history (up/down, ctrl+r), image chips and $EDITOR, and
// answers keys with Actions. Its I/O (listing files, reading images, the history file,
// the editor) runs in tea.Cmds that report back with the prompt's own messages.
package input

import (
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/themes"
)

// promptWidth is the width of the "❯ " prompt in front of the first line.
const promptWidth = 2

// Editor is the prompt editor: a bordered textarea that grows with its content up to a
// maximum height, and draws a real terminal cursor (so there is no blink timer and the
// screen is stable between keys).
type Editor struct {
	ta        textarea.Model
	styles    *themes.Styles
	width     int
	maxHeight int
	sized     bool      // SetSize has run: width and maxHeight are the textarea's
	empty     emptyView // the last drawing of an empty draft (editor_empty_view.go)
}

// NewEditor returns an empty, focused editor.
func NewEditor(styles *themes.Styles, keys keymap.KeyMap) Editor {
	ta := textarea.New()
	ta.ShowLineNumbers = false
	ta.CharLimit = 0
	ta.MaxWidth = 0
	ta.DynamicHeight = true
	ta.MinHeight = 1
	ta.MaxHeight = 1
	// The content limit is separate from the visible height: a long draft scrolls.
	ta.MaxContentHeight = 10000
	ta.Placeholder = "Ask claude… (/ for commands, ? for help)"
	ta.KeyMap = editorKeys(keys)
	ta.SetVirtualCursor(false)
	e := Editor{ta: ta, styles: styles, maxHeight: 1}
	e.SetStyles(styles)
	e.ta.Focus()
	return e
}

// editorKeys adapts the textarea's bindings to ours: newline is shift+enter/alt+enter/
// ctrl+j (enter sends), and keys the root owns globally are taken away from the textarea.
func editorKeys(keys keymap.KeyMap) textarea.KeyMap {
	km := textarea.DefaultKeyMap()
	km.InsertNewline = keys.Input.Newline
	km.SelectAll.Unbind()                  // ctrl+g: external editor
	km.TransposeCharacterBackward.Unbind() // ctrl+t: task checklist
	km.PageUp.Unbind()                     // pgup/pgdown scroll the transcript
	km.PageDown.Unbind()
	return km
}

// SetStyles applies a theme.
func (e *Editor) SetStyles(s *themes.Styles) {
	e.styles = s
	state := textarea.StyleState{
		Base:        lipgloss.NewStyle(),
		Text:        s.Text,
		CursorLine:  s.Text,
		Placeholder: s.Input.Placeholder,
		Prompt:      s.Input.Prompt,
		EndOfBuffer: s.Subtle,
		Selection:   s.Selection,
	}
	st := textarea.Styles{Focused: state, Blurred: state}
	st.Cursor.Color = s.Palette.Primary
	st.Cursor.Shape = tea.CursorBar
	e.ta.SetStyles(st)
	prompt := s.Input.Prompt.Render(s.Icons.UserPrompt + " ")
	e.ta.SetPromptFunc(promptWidth, func(info textarea.PromptInfo) string {
		if info.LineNumber == 0 {
			return prompt
		}
		return "  "
	})
	e.ta.SetWidth(e.innerWidth())
}

// SetSize gives the editor its outer width (border included) and the most rows the
// textarea may grow to (border excluded).
// The root lays out every frame; re-fitting an unchanged size re-measures every
// visual line of the draft, so it is skipped (the textarea re-fits its height itself
// whenever its content changes).
func (e *Editor) SetSize(width, maxHeight int) {
	maxHeight = max(1, maxHeight)
	if e.sized && width == e.width && maxHeight == e.maxHeight {
		return
	}
	e.sized, e.width, e.maxHeight = true, width, maxHeight
	e.ta.MaxHeight = e.maxHeight
	e.ta.SetWidth(e.innerWidth()) // also re-fits the dynamic height to the new limits
}

func (e *Editor) innerWidth() int { return max(promptWidth+1, e.width-2) }

// Height is the number of rows the editor occupies, border included.
func (e *Editor) Height() int { return e.ta.Height() + 2 }

// Value is the draft.
func (e *Editor) Value() string { return e.ta.Value() }

// SetValue replaces the draft and puts the cursor at its end.
func (e *Editor) SetValue(s string) {
	e.ta.SetValue(s)
	// The textarea scrolls within the content it last drew: draw the new content
	// once, so that moving to the end brings the cursor's line into view.
	_ = e.ta.View()
	e.ta.MoveToEnd()
}

// Reset clears the draft.
func (e *Editor) Reset() { e.ta.Reset() }

// InsertString inserts text at the cursor.
func (e *Editor) InsertString(s string) { e.ta.InsertString(s) }

// Focus gives the editor the keyboard.
func (e *Editor) Focus() { e.ta.Focus() }

// Blur takes the keyboard away; the draft stays.
func (e *Editor) Blur() { e.ta.Blur() }

// Focused reports whether the editor has the keyboard.
func (e *Editor) Focused() bool { return e.ta.Focused() }

// OnFirstLine reports whether the cursor is on the first visual line, where up walks
// back in history instead of moving the cursor.
func (e *Editor) OnFirstLine() bool {
	return e.ta.Line() == 0 && e.ta.LineInfo().RowOffset == 0
}

// OnLastLine reports whether the cursor is on the last visual line.
func (e *Editor) OnLastLine() bool {
	if e.ta.Line() != e.ta.LineCount()-1 {
		return false
	}
	li := e.ta.LineInfo()
	return li.RowOffset >= li.Height-1
}

// Update passes a key or paste to the textarea.
func (e *Editor) Update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	e.ta, cmd = e.ta.Update(msg)
	return cmd
}

// View renders the bordered editor, exactly Height() rows.
func (e *Editor) View() string {
	if v, ok := e.cachedEmptyView(); ok {
		return v
	}
	border := e.styles.Input.Border
	if e.ta.Focused() {
		border = e.styles.Input.BorderFocused
	}
	v := border.Width(e.width).Render(e.ta.View())
	e.keepEmptyView(v)
	return v
}

// Cursor is the terminal cursor relative to the editor's top-left corner, or nil when the
// editor does not have focus.
func (e *Editor) Cursor() *tea.Cursor {
	c := e.ta.Cursor()
	if c == nil {
		return nil
	}
	c.Position.X++ // left border
	c.Position.Y++ // top border
	return c
}
