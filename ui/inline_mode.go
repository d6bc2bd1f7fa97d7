package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/inline"
)

// Inline mode (--tui inline): no alternate screen and no mouse capture. Settled
// transcript items go into the terminal's scrollback through ui/inline's Printer; the
// root lays out and draws the live part. The help screen, the task pane and the
// transcript browser (tab) open full-screen over it and return.

// Modes of --tui.
const (
	TUIFullscreen = "fullscreen"
	TUIInline     = "inline"
)

// inlineEnv is the program as the printer sees it now.
func (m *Model) inlineEnv() inline.Env {
	return inline.Env{Transcript: m.transcript, Styles: m.styles(), Project: m.projectName(), Width: m.width,
		Height: m.height, FullScreen: m.fullScreenNow(), Quitting: m.quitting, After: m.after}
}

// printSettled prints what became final (inline mode only; nothing while a full-screen
// view is open).
func (m *Model) printSettled() tea.Cmd {
	if !m.opts.Inline {
		return nil
	}
	return m.printer.PrintSettled(m.inlineEnv())
}

// fullScreenNow reports whether the frame takes the whole screen: always in
// full-screen mode, and in inline mode while the help screen, the task pane or the
// transcript browser is open.
func (m *Model) fullScreenNow() bool {
	if !m.opts.Inline {
		return true
	}
	if m.quitting {
		return false
	}
	return m.help.IsOpen() || m.focus != focusInput || m.width > 0 && m.tooSmall()
}

// layoutInline sizes the live part: at most height-reserve rows in all.
func (m *Model) layoutInline() {
	avail := max(m.height-inline.Reserve(m.height)-barRows-m.statusLineRows(), 1)
	m.prompt.SetSize(m.width, min(maxEditorRows, max(1, avail/3)))
	var s screen
	if m.dialogs.Len() > 0 {
		s.dialog = m.dialogs.At(0).Dialog.View(m.width, avail-1) // a row stays for the gap above
		s.dialogRows = strings.Count(s.dialog, "\n") + 1
		if s.dialog == "" {
			s.dialogRows = 0
		}
	} else {
		s.editorRows = m.prompt.Height()
		s.checkRows = m.checklistRows(avail - s.editorRows - 1)
		s.popupRows = m.prompt.PopupHeight(min(maxCompletionRows, avail-s.editorRows-s.checkRows-1))
	}
	s.transcriptRows = max(1, avail-s.dialogRows-s.editorRows-s.popupRows-s.checkRows) // with the gap row
	s.lineRows = m.statusLineRows()
	m.screen = s
	m.transcript.SetScrollbackSize(m.width, s.transcriptRows)
}

// renderInline draws the live part: items not printed yet (their last rows), the popup,
// the dialog or the editor, the status bar and the key help. Nothing once gclaude quit:
// the conversation above is what stays on the screen.
func (m *Model) renderInline() string {
	if m.quitting && m.printer.Done() {
		return ""
	}
	if m.width <= 0 || m.height <= 0 {
		return "starting claude…"
	}
	parts := m.appendBottom(m.printer.Live(m.transcript, m.screen.transcriptRows-1))
	return strings.Join(parts, "\n")
}
