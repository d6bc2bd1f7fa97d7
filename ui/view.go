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
	"github.com/gclaude/gclaude/ui/help"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/status"
	"github.com/gclaude/gclaude/ui/tasks"
)

// spinnerFrames animate the status bar while a turn runs.
var spinnerFrames = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

// View draws the screen from the layout Update computed. It never blocks. Bubble Tea
// calls it after every Update; session output is drawn at most once a frame, less
// often while drawing is slow (frame.go).
func (m *Model) View() tea.View {
	full := m.fullScreenNow()
	m.inl.viewFull = full
	now := time.Now()
	if v, ok := m.frame.cachedView(now); ok {
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
	v.ReportFocus = m.notify.channel != NotifyOff
	v.Cursor = m.cursor()
	m.frame.store(v, now, time.Since(now))
	return v
}

// render is the screen's content, exactly height lines of at most width cells.
func (m *Model) render() string {
	switch {
	case m.width <= 0 || m.height <= 0:
		return "starting claude…"
	case m.tooSmall():
		return m.tooSmallView()
	}
	parts := make([]string, 0, 6)
	if m.help.IsOpen() {
		parts = append(parts, m.fullHelpView(m.width, m.screen.transcriptRows))
	} else if m.transcript.Len() == 0 {
		parts = append(parts, m.taskPane.Frame(m.welcomeView(m.taskPane.LeftWidth(m.width), m.screen.transcriptRows), m.width, m.screen.transcriptRows))
	} else if m.screen.transcriptRows > 0 {
		parts = append(parts, m.taskPane.Frame(m.transcript.View(), m.width, m.screen.transcriptRows))
	}
	parts = m.appendBottom(parts)
	return fitScreen(strings.Join(parts, "\n"), m.width, m.height)
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
		c.Position.Y += m.inl.liveRows + m.screen.popupRows
	}
	return c
}

// windowTitle names the folder and, in front where a tab shows it, how many decisions
// wait for the user. Only gclaude's own words and the sanitised folder name go in it.
func (m *Model) windowTitle() string {
	title := "gclaude"
	if dir := folderName(m.sess.CWD); dir != "" {
		title += " · " + render.Sanitize(dir)
	}
	if n := m.decisionsWaiting(); n > 0 {
		title = fmt.Sprintf("[%d waiting] %s", n, title)
	}
	return title
}

// folderName is the last element of a path, "" for none or the root.
func folderName(path string) string {
	dir := filepath.Base(path)
	if dir == "." || dir == "/" || dir == "" {
		return ""
	}
	return dir
}

// statusState gathers what the status bar shows.
func (m *Model) statusState() status.State {
	st := status.State{
		Mode:     m.sess.Mode,
		Model:    m.sess.Model,
		CWD:      status.ShortenPath(m.sess.CWD, m.opts.Home),
		Title:    m.sess.Title,
		Queued:   m.turn.Prompts.Pending(),
		CostUSD:  m.sess.Usage.CostUSD,
		Tokens:   m.sess.Usage.Tokens,
		HasUsage: m.sess.Usage.Known,
	}
	st.TasksRunning = m.tasks.RunningCount()
	st.ContextPct, st.HasContext = m.sess.Usage.ContextPct()
	switch {
	case m.quitting:
		st.Phase = "closing claude…"
	case m.sess.Phase == session.PhaseStarting && !m.turn.Running:
		st.Phase = "starting claude…"
	case m.sess.Phase == session.PhaseRestarting:
		st.Phase = "starting claude…"
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
		case len(m.dialogs) > 0:
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
	case modeHelp:
		keys = modeKeys
	case len(m.dialogs) > 0:
		// The dialog shows its own keys; say what ctrl+c does over it.
		if m.turn.Running {
			keys = append(keys, [2]string{m.keys.Global.Interrupt.Help().Key, "interrupt the turn"})
		} else if m.topIsPicker() {
			keys = append(keys, [2]string{m.keys.Global.Interrupt.Help().Key, "close"})
		}
		if n := len(m.dialogs); n > 1 {
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
	// Keys in order of importance: one that does not fit is left out, and a shorter
	// one after it may still fit.
	sep := s.Help.Separator.Render(" · ")
	line, n := " ", 0
	for _, k := range keys {
		item := s.Help.Desc.Render(k[1])
		if k[0] != "" {
			item = s.Help.Key.Render(k[0]) + " " + item
		}
		next := line
		if n > 0 {
			next += sep
		}
		next += item
		if lipgloss.Width(next) > m.width {
			continue
		}
		line, n = next, n+1
	}
	return render.Pad(line, m.width)
}

// welcomeView fills an empty transcript.
func (m *Model) welcomeView(width, height int) string {
	s := m.styles()
	lines := []string{
		"",
		" " + s.Accent.Render("✻ gclaude") + s.Muted.Render(" · Claude Code in your terminal"),
		"",
		" " + s.Muted.Render("cwd: ") + s.Text.Render(render.Sanitize(status.ShortenPath(m.sess.CWD, m.opts.Home))),
		"",
		" " + s.Subtle.Render("/ for commands · ? for keys · shift+tab switches the permission mode"),
	}
	return fitBlock(lines, width, height)
}

// tooSmallView replaces everything when the terminal is below the supported size.
// The draft is kept in the editor and comes back with the space.
func (m *Model) tooSmallView() string {
	s := m.styles()
	msg := []string{
		s.Notice.Warning.Bold(true).Render("terminal too small"),
		s.Muted.Render(fmt.Sprintf("gclaude needs %d×%d, this is %d×%d", minWidth, minHeight, m.width, m.height)),
	}
	if m.prompt.Value() != "" {
		msg = append(msg, s.Subtle.Render("your draft is kept"))
	}
	top := max(0, (m.height-len(msg))/2)
	lines := make([]string, 0, m.height)
	for range top {
		lines = append(lines, "")
	}
	for _, l := range msg {
		pad := max(0, (m.width-lipgloss.Width(l))/2)
		lines = append(lines, strings.Repeat(" ", pad)+l)
	}
	return fitScreen(strings.Join(lines, "\n"), m.width, m.height)
}

// fitBlock makes lines exactly width×height.
func fitBlock(lines []string, width, height int) string {
	out := make([]string, height)
	for i := range out {
		if i < len(lines) {
			out[i] = render.Pad(lines[i], width)
		} else {
			out[i] = strings.Repeat(" ", width)
		}
	}
	return strings.Join(out, "\n")
}

// fitScreen makes the whole screen exactly width×height, whatever the parts drew.
func fitScreen(s string, width, height int) string {
	return fitBlock(strings.Split(s, "\n"), width, height)
}

// Sizes below which gclaude shows a "terminal too small" screen instead.
const (
	minWidth  = 60
	minHeight = 15
)

const (
	barRows            = 2  // status bar + help line
	minTranscriptRows  = 3  // what a dialog or the popup must leave of the transcript
	maxCompletionRows  = 8  // slash-command popup
	maxEditorRows      = 10 // the prompt editor grows up to this many text rows
	editorBorderRows   = 2
	editorMinTotalRows = 1 + editorBorderRows
)

// screen is the layout of the last frame: the rows each part takes, top to bottom.
type screen struct {
	transcriptRows int
	popupRows      int
	editorRows     int // 0 while a dialog replaces the editor
	dialog         string
	dialogRows     int
}

// tooSmall reports whether the terminal is below the supported size.
func (m *Model) tooSmall() bool { return m.width < minWidth || m.height < minHeight }

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
	avail := m.height - barRows
	editorMax := min(maxEditorRows, max(1, (avail-minTranscriptRows)/3))
	m.prompt.SetSize(m.width, editorMax)

	var s screen
	if len(m.dialogs) > 0 {
		s.dialog = m.dialogs[0].d.View(m.width, avail-minTranscriptRows)
		s.dialogRows = lipgloss.Height(s.dialog)
		if s.dialog == "" {
			s.dialogRows = 0
		}
	} else if !m.help.IsOpen() { // the help screen takes the editor's rows too
		s.editorRows = m.prompt.Height()
		s.popupRows = m.prompt.PopupHeight(min(maxCompletionRows, avail-s.editorRows-minTranscriptRows))
	}
	s.transcriptRows = max(0, avail-s.dialogRows-s.editorRows-s.popupRows)
	m.screen = s
	m.transcript.SetSize(m.taskPane.LeftWidth(m.width), s.transcriptRows)
}

// The help screen: whether it is open and where it is scrolled; ui/help draws it.

// helpLines is the help screen at width.
func (m *Model) helpLines(width int) []string {
	tips := help.PromptTips()
	tips.Rows = append(tips.Rows, m.displayTip())
	c := help.Content{
		Keys:     help.KeySections(m.keys, m.mode.Recording()),
		Commands: help.Commands(m.prompt.Commands()),
		Tips:     tips,
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
	return fitBlock(lines[m.help.Top(len(lines), height):], width, height)
}

// helpScrollKeys are the help line's keys while the help screen is open.
func (m *Model) helpScrollKeys() [][2]string {
	return m.help.ScrollKeys(m.keys.HelpScreen, len(m.helpLines(m.width)), m.screen.transcriptRows)
}

// appendBottom adds what sits below the transcript, in both modes: the completion popup,
// a dialog or the prompt editor, the status bar and the help line.
func (m *Model) appendBottom(parts []string) []string {
	if m.screen.popupRows > 0 {
		parts = append(parts, m.prompt.PopupView(m.width, m.screen.popupRows))
	}
	if m.screen.dialogRows > 0 {
		parts = append(parts, m.screen.dialog)
	}
	if m.screen.editorRows > 0 {
		parts = append(parts, m.prompt.View())
	}
	parts = append(parts, m.statusLine(), m.helpLine())
	return parts
}
