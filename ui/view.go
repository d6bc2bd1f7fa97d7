package ui

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/frame"
	"github.com/gclaude/gclaude/ui/help"
	"github.com/gclaude/gclaude/ui/inline"
	"github.com/gclaude/gclaude/ui/notify"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/tab"
)

// View draws the screen from the layout Update computed. It never blocks. Bubble Tea
// calls it after every Update; session output is drawn at most once a frame, less
// often while drawing is slow (ui/frame).
func (m *Model) View() tea.View {
	full := m.fullScreenNow()
	m.printer.Drawn(full)
	now := time.Now()
	if v, ok := m.frame.Cached(now); ok {
		return v
	}
	var v tea.View
	if full {
		v = tea.NewView(m.render())
		v.AltScreen = true
		v.MouseMode = tea.MouseModeCellMotion
	} else {
		v = tea.NewView(m.renderInline())
	}
	v.WindowTitle = m.windowTitle()
	v.ReportFocus = m.notify.ReportsFocus()
	v.Cursor = m.cursor()
	m.frame.Store(v, now, time.Since(now))
	return v
}

// frameDueMsg asks for a redraw of stale session output (ui/frame).
type frameDueMsg struct{}

// noteFrame records what msg did to the frame after Update handled it, and adds the
// timer that will redraw stale output to cmd.
func (m *Model) noteFrame(msg tea.Msg, cmd tea.Cmd) tea.Cmd {
	switch msg.(type) {
	case session.Events, inline.PrintedMsg, inline.RenderedMsg: // inline mode's printing is output too
		if wait, ok := m.frame.Output(time.Now()); ok {
			cmd = tea.Batch(cmd, m.after(wait, func(time.Time) tea.Msg { return frameDueMsg{} }))
		}
	case frameDueMsg:
		m.frame.Due()
	case rssDue, rssMeasured:
		if m.rssRedraws(msg) {
			m.frame.Invalidate()
		}
	default:
		m.frame.Invalidate()
	}
	return cmd
}

// statusLine draws the status bar, reusing the last drawing when its inputs are equal:
// the session's state, and the decisions the others wait on.
func (m *Model) statusLine() string {
	st := m.tabs.front.StatusBar()
	st.Waiting = m.waitingElsewhere()
	return m.statusMemo.Render(st, m.width, m.styles())
}

// render is the screen's content, exactly height lines of at most width cells.
func (m *Model) render() string {
	front := m.tabs.front
	switch {
	case m.width <= 0 || m.height <= 0:
		return "starting claude…"
	case m.tooSmall():
		return frame.TooSmall(m.styles(), m.width, m.height, front.Draft() != "")
	}
	parts := make([]string, 0, 6)
	if m.help.IsOpen() {
		parts = append(parts, m.fullHelpView(m.width, front.TopRows()))
	} else if top, ok := front.ViewTop(); ok {
		parts = append(parts, m.withSidebar(top, front.TopRows()))
	}
	parts = append(front.ViewBottom(parts), m.statusLine(), m.helpLine())
	return frame.Fit(strings.Join(parts, "\n"), m.width, m.height)
}

// cursor places the terminal cursor in the editor when it has the keyboard.
func (m *Model) cursor() *tea.Cursor {
	if m.tooSmall() || m.help.IsOpen() || m.quitting {
		return nil
	}
	front := m.tabs.front
	if m.fullScreenNow() {
		return front.Cursor(front.TopRows())
	}
	return front.Cursor(m.printer.LiveRows())
}

// windowTitle names the session in front and how many decisions wait (ui/notify). Only
// gclaude's own words and the sanitised folder name go in it.
func (m *Model) windowTitle() string {
	return notify.Title(m.tabs.title(m.tabs.front), m.tabs.waiting())
}

// helpLine is the bottom line: a one-off hint, or the keys that matter now.
func (m *Model) helpLine() string {
	s := m.styles()
	if m.opening.pending > 0 {
		return render.Pad(s.Notice.Warning.Render(" "+render.TruncateLeft(m.openingHint(), max(m.width-1, 1))), m.width)
	}
	if m.hint != "" {
		return render.Pad(s.Notice.Warning.Render(" "+m.hint), m.width)
	}
	front := m.tabs.front
	if line, ok := front.SearchLine(); ok {
		return render.Pad(line, m.width)
	}
	var keys [][2]string
	switch {
	case m.help.IsOpen():
		keys = m.help.ScrollKeys(m.keys.HelpScreen, len(m.helpLines(m.width)), front.TopRows())
	case m.inbox.open:
		keys = inboxHelp(m.keys.Workspace, m.tabs.waiting())
	default:
		keys = front.KeyHelp()
	}
	return m.helpMemo.KeyLine(keys, m.width, s)
}

// barRows are the status bar's and the key help's.
const barRows = 2

// tooSmall reports whether the terminal is below the supported size.
func (m *Model) tooSmall() bool { return m.width < frame.MinWidth || m.height < frame.MinHeight }

// layout sizes the whole screen once per Update, so View only draws: the session list
// beside the transcript, the status bar and key help, and the area of the tab in front
// (the inbox's dialog in place of its own). Its Cmd is what the new size asks of that
// tab.
func (m *Model) layout() tea.Cmd {
	a := tab.Area{Width: m.width, Height: m.height}
	switch {
	case m.width <= 0 || m.height <= 0 || m.tooSmall():
	case !m.fullScreenNow():
		a.Rows, a.Inline = max(m.height-inline.Reserve(m.height)-barRows, 1), true
	default:
		a.Rows, a.TopWidth, a.HelpOpen = m.height-barRows, m.width-m.sidebarCols(), m.help.IsOpen()
		if d, ok := m.inboxDialog(); ok {
			a.Cover = d
		}
	}
	return scope(m.tabs.front.ID(), m.tabs.front.Layout(a))
}

// The help screen: whether it is open and where it is scrolled; ui/help draws it.

// helpLines is the help screen at width.
func (m *Model) helpLines(width int) []string {
	c := help.Content{
		Keys:     help.KeySections(m.keys, m.opts.Replay),
		Commands: help.Commands(m.tabs.front.MenuCommands()),
		Tips:     help.PromptTips(m.opts.Inline),
	}
	return help.Lines(c, width, m.styles())
}

// fullHelpView draws the help screen in width×height, from the line it is scrolled to.
func (m *Model) fullHelpView(width, height int) string {
	lines := m.helpLines(width)
	return frame.FitLines(lines[m.help.Top(len(lines), height):], width, height)
}
