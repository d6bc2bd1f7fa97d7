package ui

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/frame"
	"github.com/gclaude/gclaude/ui/help"
	"github.com/gclaude/gclaude/ui/inline"
	"github.com/gclaude/gclaude/ui/notify"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/status"
	"github.com/gclaude/gclaude/ui/tasks"
)

// spinnerFrames animate the status bar while a turn runs.
var spinnerFrames = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

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
	case eventsMsg, inline.PrintedMsg, inline.RenderedMsg: // inline mode's printing is output too
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

// statusLine draws the status bar, reusing the last drawing when its inputs are equal.
func (m *Model) statusLine() string { return m.statusMemo.Render(m.statusState(), m.width, m.styles()) }

// render is the screen's content, exactly height lines of at most width cells.
func (m *Model) render() string {
	switch {
	case m.width <= 0 || m.height <= 0:
		return "starting claude…"
	case m.tooSmall():
		return frame.TooSmall(m.styles(), m.width, m.height, m.prompt.Value() != "")
	}
	parts := make([]string, 0, 6)
	if m.help.IsOpen() {
		parts = append(parts, m.fullHelpView(m.width, m.screen.transcriptRows))
	} else if w := m.width - m.sidebarCols(); m.transcript.Len() == 0 {
		welcome := frame.Welcome(m.styles(), status.ShortenPath(m.sess.CWD, m.opts.Home), m.taskPane.LeftWidth(w), m.screen.transcriptRows)
		parts = append(parts, m.withSidebar(m.taskPane.Frame(welcome, w, m.screen.transcriptRows), m.screen.transcriptRows))
	} else if m.screen.transcriptRows > 0 {
		parts = append(parts, m.withSidebar(m.taskPane.Frame(m.transcript.View(), w, m.screen.transcriptRows), m.screen.transcriptRows))
	}
	parts = m.appendBottom(parts)
	return frame.Fit(strings.Join(parts, "\n"), m.width, m.height)
}

// cursor places the terminal cursor in the editor when it has the keyboard.
func (m *Model) cursor() *tea.Cursor {
	if m.tooSmall() || m.help.IsOpen() || m.screen.editorRows == 0 || m.focus != focusInput || m.quitting {
		return nil
	}
	c := m.prompt.Cursor()
	if c == nil {
		return nil
	}
	if m.fullScreenNow() {
		c.Position.Y += m.screen.transcriptRows + m.screen.popupRows
	} else {
		c.Position.Y += m.printer.LiveRows() + m.screen.popupRows
	}
	return c
}

// windowTitle names the folder and how many decisions wait (ui/notify). Only
// gclaude's own words and the sanitised folder name go in it.
func (m *Model) windowTitle() string { return notify.Title(m.projectName(), m.waitingAll()) }

// projectName is the session's name, sanitised, for titles and notifications: its
// folder's, or in a workspace the name the session list shows.
func (m *Model) projectName() string {
	if m.multi() {
		return m.tabName(m.tab)
	}
	dir := filepath.Base(m.sess.CWD)
	if dir == "." || dir == "/" || dir == "" {
		return ""
	}
	return render.Sanitize(dir)
}

// turnEnded notifies about the end of a turn that ran long enough to be left alone.
func (m *Model) turnEnded(started time.Time) tea.Cmd {
	return m.notify.TurnEnded(started, m.now(), m.projectName())
}

// shownFolder is the session's folder as the bar shows it: ~/… on this machine,
// host:/… on another.
func (m *Model) shownFolder() string {
	dir := m.sess.CWD
	if dir == "" {
		dir = m.place.dir
	}
	if h := m.place.host; h != "" {
		return render.Sanitize(hostName(h) + ":" + dir)
	}
	return status.ShortenPath(dir, m.opts.Home)
}

// statusState gathers what the status bar shows.
func (m *Model) statusState() status.State {
	st := status.State{
		Mode:     m.sess.Mode,
		Model:    m.sess.Model,
		CWD:      m.shownFolder(),
		Title:    m.sess.Title,
		Queued:   m.turn.Prompts.Pending(),
		CostUSD:  m.sess.Usage.CostUSD,
		Tokens:   m.sess.Usage.Tokens,
		HasUsage: m.sess.Usage.Known,
	}
	st.TasksRunning = m.tasks.RunningCount()
	st.Waiting = m.waitingElsewhere()
	st.ContextPct, st.HasContext = m.sess.Usage.ContextPct()
	switch {
	case m.quitting:
		st.Phase = "closing claude…"
	case m.gate.asking:
		st.Phase = "claude waits for your answer" // trust_gate.go
	case m.sess.Phase == session.PhaseStarting && !m.turn.Running:
		st.Phase = "starting claude…"
	case m.sess.Phase == session.PhaseRestarting:
		st.Phase = "starting claude…"
	case m.sess.Phase == session.PhaseExited && m.retry.active:
		st.Phase, st.PhaseError = m.retryPhase(), true
	case m.sess.Phase == session.PhaseExited:
		st.Phase, st.PhaseError = "claude is not running · enter restarts it", true
		if m.focus != focusInput {
			// enter expands an item in the transcript and opens a task in the pane.
			st.Phase = "claude is not running · enter in the prompt restarts it"
		}
	case m.turn.Running:
		elapsed := m.now().Sub(m.turn.Started)
		st.Running, st.Elapsed = true, elapsed
		// esc interrupts only from the prompt: in the transcript or the task pane
		// it leaves them. ctrl+c interrupts from anywhere.
		switch {
		case m.dialogs.Len() > 0:
		case m.focus == focusInput:
			st.InterruptHint = m.keys.Input.Cancel.Help().Key + " to interrupt"
		default:
			st.InterruptHint = m.keys.Global.Interrupt.Help().Key + " to interrupt"
		}
		st.Spinner = spinnerFrames[int(elapsed/tickEvery)%len(spinnerFrames)]
	}
	m.mode.Status(m.host(), &st)
	return st
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
	if m.prompt.Searching() {
		return render.Pad(m.prompt.SearchLine(), m.width)
	}
	var keys [][2]string
	modeKeys, modeHelp := m.mode.Help(m.host())
	switch {
	case m.help.IsOpen():
		keys = m.helpScrollKeys()
	case m.inbox.open:
		keys = m.inboxHelp()
	case modeHelp:
		keys = modeKeys
	case m.dialogs.Len() > 0:
		// The dialog shows its own keys; say what ctrl+c does over it.
		if m.turn.Running {
			keys = append(keys, [2]string{m.keys.Global.Interrupt.Help().Key, "interrupt the turn"})
		} else if m.topIsPicker() {
			keys = append(keys, [2]string{m.keys.Global.Interrupt.Help().Key, "close"})
		}
		if n := m.dialogs.Len(); n > 1 {
			keys = append(keys, [2]string{"", fmt.Sprintf("%d dialogs waiting", n)})
		}
	case m.focus == focusTasks:
		keys = tasks.HelpKeys(m.keys)
	case m.focus == focusTranscript:
		t := m.keys.Transcript
		for _, b := range []key.Binding{t.Up, t.Toggle, t.FocusInput, t.Search, t.Copy} {
			keys = append(keys, [2]string{b.Help().Key, b.Help().Desc})
		}
	default:
		if mode := m.prompt.VimIndicator(); mode != "" { // where Claude Code shows it
			keys = append(keys, [2]string{"", mode})
		}
		in, g := m.keys.Input, m.keys.Global
		// tab before shift+tab: items name no keys (enter sends here), so the way
		// into the transcript must show at 80 columns.
		bindings := []key.Binding{in.Send, in.Newline, in.FocusTranscript, g.CycleMode, g.Help}
		if m.turn.Running {
			bindings = append([]key.Binding{in.Cancel}, bindings...)
		}
		for _, b := range bindings {
			keys = append(keys, [2]string{b.Help().Key, b.Help().Desc})
		}
	}
	return m.helpMemo.KeyLine(keys, m.width, s)
}

const (
	barRows           = 2  // status bar + help line
	minTranscriptRows = 3  // what a dialog or the popup must leave of the transcript
	maxCompletionRows = 8  // slash-command popup
	maxEditorRows     = 10 // the prompt editor grows up to this many text rows
)

// screen is the layout of the last frame: the rows each part takes, top to bottom.
type screen struct {
	transcriptRows int
	popupRows      int
	editorRows     int // 0 while a dialog replaces the editor
	dialog         string
	dialogRows     int
	lineRows       int // the custom status line's, under the editor
	checkRows      int // the pinned task checklist's, above the editor
}

// tooSmall reports whether the terminal is below the supported size.
func (m *Model) tooSmall() bool { return m.width < frame.MinWidth || m.height < frame.MinHeight }

// layout sizes every part for the current terminal and content. It runs after every
// Update, so View only draws.
func (m *Model) layout() {
	if m.width <= 0 || m.height <= 0 || m.tooSmall() {
		m.screen = screen{}
		return
	}
	if !m.fullScreenNow() {
		m.layoutInline()
		return
	}
	avail := m.height - barRows - m.statusLineRows()
	editorMax := min(maxEditorRows, max(1, (avail-minTranscriptRows)/3))
	m.prompt.SetSize(m.width, editorMax)

	var s screen
	if d, ok := m.inboxDialog(); ok {
		s.dialog = d.View(m.width, avail-minTranscriptRows)
		s.dialogRows = lipgloss.Height(s.dialog)
	} else if m.dialogs.Len() > 0 {
		s.dialog = m.dialogs.At(0).Dialog.View(m.width, avail-minTranscriptRows)
		s.dialogRows = lipgloss.Height(s.dialog)
		if s.dialog == "" {
			s.dialogRows = 0
		}
	} else if !m.help.IsOpen() { // the help screen takes the editor's rows too
		s.editorRows = m.prompt.Height()
		s.checkRows = m.checklistRows(avail - s.editorRows - minTranscriptRows)
		s.popupRows = m.prompt.PopupHeight(min(maxCompletionRows, avail-s.editorRows-s.checkRows-minTranscriptRows))
	}
	s.transcriptRows = max(0, avail-s.dialogRows-s.editorRows-s.popupRows-s.checkRows)
	s.lineRows = m.statusLineRows()
	m.screen = s
	m.transcript.SetSize(m.taskPane.LeftWidth(m.width-m.sidebarCols()), s.transcriptRows)
}

// The help screen: whether it is open and where it is scrolled; ui/help draws it.

// helpLines is the help screen at width.
func (m *Model) helpLines(width int) []string {
	c := help.Content{
		Keys:     help.KeySections(m.keys, m.mode.Recording()),
		Commands: help.Commands(m.prompt.Commands()),
		Tips:     help.PromptTips(m.opts.Inline),
	}
	return help.Lines(c, width, m.styles())
}

// openHelp shows the help screen from its top.
func (m *Model) openHelp() { m.help.Open() }

// helpKey scrolls the help screen; any other key closes it.
func (m *Model) helpKey(msg tea.KeyPressMsg) {
	m.help.Key(msg, m.keys.HelpScreen, len(m.helpLines(m.width)), m.screen.transcriptRows)
}

// scrollHelp moves the help screen by n lines, within its content.
func (m *Model) scrollHelp(n int) {
	m.help.Scroll(n, len(m.helpLines(m.width)), m.screen.transcriptRows)
}

// fullHelpView draws the help screen in width×height, from the line it is scrolled to.
func (m *Model) fullHelpView(width, height int) string {
	lines := m.helpLines(width)
	return frame.FitLines(lines[m.help.Top(len(lines), height):], width, height)
}

// helpScrollKeys are the help line's keys while the help screen is open.
func (m *Model) helpScrollKeys() [][2]string {
	return m.help.ScrollKeys(m.keys.HelpScreen, len(m.helpLines(m.width)), m.screen.transcriptRows)
}

// appendBottom adds what sits below the transcript, in both modes: the completion popup,
// a dialog or the prompt editor, the status bar and the help line.
func (m *Model) appendBottom(parts []string) []string {
	if m.screen.checkRows > 0 {
		parts = append(parts, m.checklist.View(m.width, m.height, m.styles()))
	}
	if m.screen.popupRows > 0 {
		parts = append(parts, m.prompt.PopupView(m.width, m.screen.popupRows))
	}
	if m.screen.dialogRows > 0 {
		parts = append(parts, m.screen.dialog)
	}
	if m.screen.editorRows > 0 {
		parts = append(parts, m.prompt.View())
	}
	if m.screen.lineRows > 0 {
		parts = append(parts, m.statusline.View(m.width))
	}
	parts = append(parts, m.statusLine(), m.helpLine())
	return parts
}
