package ui

import (
	"fmt"
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/status"
)

// spinnerFrames animate the status bar while a turn runs.
var spinnerFrames = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

// View draws the screen from the layout Update computed. It never blocks.
func (m *Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = m.windowTitle()
	v.Cursor = m.cursor()
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
	if m.showHelp {
		parts = append(parts, m.fullHelpView(m.width, m.screen.transcriptRows))
	} else if m.transcript.Len() == 0 {
		parts = append(parts, m.withTasks(m.welcomeView(m.transcriptWidth(), m.screen.transcriptRows), m.screen.transcriptRows))
	} else if m.screen.transcriptRows > 0 {
		parts = append(parts, m.withTasks(m.transcript.View(), m.screen.transcriptRows))
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
	parts = append(parts, status.Render(m.statusState(), m.width, m.styles), m.helpLine())
	return fitScreen(strings.Join(parts, "\n"), m.width, m.height)
}

// cursor places the terminal cursor in the editor when it has the keyboard.
func (m *Model) cursor() *tea.Cursor {
	if m.tooSmall() || m.showHelp || m.screen.editorRows == 0 || m.focus != focusInput || m.quitting {
		return nil
	}
	c := m.prompt.Cursor()
	if c == nil {
		return nil
	}
	c.Position.Y += m.screen.transcriptRows + m.screen.popupRows
	return c
}

func (m *Model) windowTitle() string {
	dir := filepath.Base(m.sess.cwd)
	if dir == "." || dir == "/" || dir == "" {
		return "gclaude"
	}
	return "gclaude · " + render.Sanitize(dir)
}

// statusState gathers what the status bar shows.
func (m *Model) statusState() status.State {
	st := status.State{
		Mode:     m.sess.mode,
		Model:    m.sess.model,
		CWD:      status.ShortenPath(m.sess.cwd, m.opts.Home),
		Title:    m.sess.title,
		Queued:   len(m.turn.queued) + len(m.turn.held),
		CostUSD:  m.sess.costUSD,
		Tokens:   m.sess.tokens,
		HasUsage: m.sess.hasUsage,
	}
	st.TasksRunning = m.tasks.RunningCount()
	st.ContextPct, st.HasContext = m.contextPct()
	switch {
	case m.quitting:
		st.Phase = "closing claude…"
	case m.sess.phase == phaseStarting && !m.turn.running:
		st.Phase = "starting claude…"
	case m.sess.phase == phaseRestarting:
		st.Phase = "starting claude…"
	case m.sess.phase == phaseExited:
		st.Phase, st.PhaseError = "claude is not running · enter restarts it", true
	case m.turn.running:
		elapsed := m.now().Sub(m.turn.started)
		st.Running, st.Elapsed = true, elapsed
		if len(m.dialogs) == 0 {
			st.InterruptHint = "esc to interrupt"
		}
		st.Spinner = spinnerFrames[int(elapsed/tickEvery)%len(spinnerFrames)]
	}
	m.replayStatus(&st)
	return st
}

// helpLine is the bottom line: a one-off hint, or the keys that matter now.
func (m *Model) helpLine() string {
	s := m.styles
	if m.hint != "" {
		return render.Pad(s.Notice.Warning.Render(" "+m.hint), m.width)
	}
	if m.prompt.Searching() {
		return render.Pad(m.prompt.SearchLine(), m.width)
	}
	var keys [][2]string
	switch {
	case m.showHelp:
		keys = m.helpScrollKeys()
	case m.replayHelpShown():
		keys = m.replayHelp()
	case len(m.dialogs) > 0:
		// The dialog shows its own keys; say what ctrl+c does over it.
		if m.turn.running {
			keys = append(keys, [2]string{m.keys.Global.Interrupt.Help().Key, "interrupt the turn"})
		} else if m.topIsPicker() {
			keys = append(keys, [2]string{m.keys.Global.Interrupt.Help().Key, "close"})
		}
		if n := len(m.dialogs); n > 1 {
			keys = append(keys, [2]string{"", fmt.Sprintf("%d dialogs waiting", n)})
		}
	case m.focus == focusTasks:
		keys = m.taskHelpKeys()
	case m.focus == focusTranscript:
		t := m.keys.Transcript
		for _, b := range []key.Binding{t.Up, t.Toggle, t.Search, t.Copy, t.FocusInput} {
			keys = append(keys, [2]string{b.Help().Key, b.Help().Desc})
		}
	default:
		in, g := m.keys.Input, m.keys.Global
		bindings := []key.Binding{in.Send, in.Newline, g.CycleMode, in.FocusTranscript, g.Help}
		if m.turn.running {
			bindings = append([]key.Binding{in.Cancel}, bindings...)
		}
		for _, b := range bindings {
			keys = append(keys, [2]string{b.Help().Key, b.Help().Desc})
		}
	}
	sep := s.Help.Separator.Render(" · ")
	line := " "
	for i, k := range keys {
		item := s.Help.Desc.Render(k[1])
		if k[0] != "" {
			item = s.Help.Key.Render(k[0]) + " " + item
		}
		next := line
		if i > 0 {
			next += sep
		}
		next += item
		if lipgloss.Width(next) > m.width {
			break
		}
		line = next
	}
	return render.Pad(line, m.width)
}

// welcomeView fills an empty transcript.
func (m *Model) welcomeView(width, height int) string {
	s := m.styles
	lines := []string{
		"",
		" " + s.Accent.Render("✻ gclaude") + s.Muted.Render(" · Claude Code in your terminal"),
		"",
		" " + s.Muted.Render("cwd: ") + s.Text.Render(render.Sanitize(status.ShortenPath(m.sess.cwd, m.opts.Home))),
		"",
		" " + s.Subtle.Render("/ for commands · ? for keys · shift+tab switches the permission mode"),
	}
	return fitBlock(lines, width, height)
}

// tooSmallView replaces everything when the terminal is below the supported size.
// The draft is kept in the editor and comes back with the space.
func (m *Model) tooSmallView() string {
	s := m.styles
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
