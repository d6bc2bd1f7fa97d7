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
	front := m.tabs.front
	return inline.Env{Transcript: front.Transcript(), Styles: m.styles(), Project: m.tabs.title(front), Width: m.width,
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
	return m.help.IsOpen() || !m.tabs.front.PromptFocused() || m.width > 0 && m.tooSmall()
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
	front := m.tabs.front
	parts := front.ViewBottom(m.printer.Live(front.Transcript(), front.TopRows()-1))
	return strings.Join(append(parts, m.statusLine(), m.helpLine()), "\n")
}
