package tab

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/frame"
	"github.com/gclaude/gclaude/ui/input"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/status"
	"github.com/gclaude/gclaude/ui/tasks"
)

// The tab's part of the screen: the workspace lays out the whole screen once per
// Update and gives the tab in front its area; the tab lays its parts out in it and
// draws them. A tab behind is neither laid out nor drawn.

// Area is the part of the screen the tab in front gets.
type Area struct {
	Width, Height int // the terminal's
	Rows          int // the rows above the status bar and the key help
	TopWidth      int // the transcript's columns (the session list may take the rest)
	// Cover is the inbox's dialog, shown in place of the tab's own dialog or editor.
	Cover dialogs.Dialog
	// HelpOpen: the help screen takes the transcript's rows and the editor's.
	HelpOpen bool
	// Inline is inline mode's live part: what is above it is printed.
	Inline bool
}

// screen is the tab's layout in its area: the rows each part takes, top to bottom.
type screen struct {
	transcriptRows int
	popupRows      int
	editorRows     int // 0 while a dialog replaces the editor
	dialog         string
	dialogRows     int
	lineRows       int // the custom status line's, under the editor
	checkRows      int // the pinned task checklist's, above the editor
}

const (
	minTranscriptRows = 3  // what a dialog or the popup must leave of the transcript
	maxCompletionRows = 8  // slash-command popup
	maxEditorRows     = 10 // the prompt editor grows up to this many text rows
)

// TickEvery paces spinners and elapsed times: the workspace ticks the tab in front this
// often while it animates.
const TickEvery = 100 * time.Millisecond

// spinnerFrames animate the status bar while a turn runs.
var spinnerFrames = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

// Layout sizes every part for a; its Cmd runs the custom status line again when the
// terminal's width changed.
func (t *Tab) Layout(a Area) tea.Cmd {
	t.area = a
	t.layout()
	return t.observeStatusLine()
}

// layout lays the parts out in the tab's area.
func (t *Tab) layout() {
	switch {
	case t.area.Rows <= 0: // the screen is too small: nothing is drawn
		t.screen = screen{}
	case t.area.Inline:
		t.layoutInline()
	default:
		t.layoutFull()
	}
}

// layoutFull lays out the full-screen view.
func (t *Tab) layoutFull() {
	a := t.area
	avail := a.Rows - t.statusLineRows()
	editorMax := min(maxEditorRows, max(1, (avail-minTranscriptRows)/3))
	t.prompt.SetSize(a.Width, editorMax)

	var s screen
	switch {
	case a.Cover != nil:
		s.dialog = a.Cover.View(a.Width, avail-minTranscriptRows)
		s.dialogRows = lipgloss.Height(s.dialog)
	case t.dialogs.Len() > 0:
		s.dialog = t.dialogs.At(0).Dialog.View(a.Width, avail-minTranscriptRows)
		s.dialogRows = lipgloss.Height(s.dialog)
		if s.dialog == "" {
			s.dialogRows = 0
		}
	case !a.HelpOpen: // the help screen takes the editor's rows too
		s.editorRows = t.prompt.Height()
		s.checkRows = t.checklistRows(avail - s.editorRows - minTranscriptRows)
		s.popupRows = t.prompt.PopupHeight(min(maxCompletionRows, avail-s.editorRows-s.checkRows-minTranscriptRows))
	}
	s.transcriptRows = max(0, avail-s.dialogRows-s.editorRows-s.popupRows-s.checkRows)
	s.lineRows = t.statusLineRows()
	t.screen = s
	t.transcript.SetSize(t.taskPane.LeftWidth(a.TopWidth), s.transcriptRows)
}

// layoutInline sizes inline mode's live part: at most its rows in all.
func (t *Tab) layoutInline() {
	a := t.area
	avail := max(a.Rows-t.statusLineRows(), 1)
	t.prompt.SetSize(a.Width, min(maxEditorRows, max(1, avail/3)))
	var s screen
	if t.dialogs.Len() > 0 {
		s.dialog = t.dialogs.At(0).Dialog.View(a.Width, avail-1) // a row stays for the gap above
		s.dialogRows = strings.Count(s.dialog, "\n") + 1
		if s.dialog == "" {
			s.dialogRows = 0
		}
	} else {
		s.editorRows = t.prompt.Height()
		s.checkRows = t.checklistRows(avail - s.editorRows - 1)
		s.popupRows = t.prompt.PopupHeight(min(maxCompletionRows, avail-s.editorRows-s.checkRows-1))
	}
	s.transcriptRows = max(1, avail-s.dialogRows-s.editorRows-s.popupRows-s.checkRows) // with the gap row
	s.lineRows = t.statusLineRows()
	t.screen = s
	t.transcript.SetScrollbackSize(a.Width, s.transcriptRows)
}

// Draft is what the prompt holds (the too-small screen says it is kept).
func (t *Tab) Draft() string { return t.prompt.Value() }

// MenuCommands are the / menu's commands: gclaude's, the CLI's and the skills.
func (t *Tab) MenuCommands() []input.Command { return t.prompt.Commands() }

// TopRows are the rows above the tab's bottom part: the transcript's (or the help
// screen's, which takes them).
func (t *Tab) TopRows() int { return t.screen.transcriptRows }

// ViewTop draws the transcript beside the task pane (or the welcome screen while the
// transcript is empty) in the area's top width; ok is false when it takes no rows.
func (t *Tab) ViewTop() (top string, ok bool) {
	w, rows := t.area.TopWidth, t.screen.transcriptRows
	switch {
	case t.transcript.Len() == 0:
		welcome := frame.Welcome(t.styles(), status.ShortenPath(t.sess.CWD, t.env.Opts.Home), t.taskPane.LeftWidth(w), rows)
		return t.taskPane.Frame(welcome, w, rows), true
	case rows > 0:
		return t.taskPane.Frame(t.transcript.View(), w, rows), true
	}
	return "", false
}

// ViewBottom appends what sits below the transcript, in both modes: the checklist,
// the completion popup, a dialog or the prompt editor, the custom status line.
func (t *Tab) ViewBottom(parts []string) []string {
	s, w := t.screen, t.area.Width
	if s.checkRows > 0 {
		parts = append(parts, t.checklist.View(w, t.area.Height, t.styles()))
	}
	if s.popupRows > 0 {
		parts = append(parts, t.prompt.PopupView(w, s.popupRows))
	}
	if s.dialogRows > 0 {
		parts = append(parts, s.dialog)
	}
	if s.editorRows > 0 {
		parts = append(parts, t.prompt.View())
	}
	if s.lineRows > 0 {
		parts = append(parts, t.statusline.View(w))
	}
	return parts
}

// Cursor is the terminal cursor in the editor when it has the keyboard, top rows below
// the tab's top.
func (t *Tab) Cursor(top int) *tea.Cursor {
	if t.screen.editorRows == 0 || t.focus != focusInput {
		return nil
	}
	c := t.prompt.Cursor()
	if c == nil {
		return nil
	}
	c.Position.Y += top + t.screen.popupRows
	return c
}

// checklistRows are the rows the pinned checklist takes, none when they would not
// fit in room.
func (t *Tab) checklistRows(room int) int {
	if n := t.checklist.Rows(t.area.Height); n <= room {
		return n
	}
	return 0
}

// shownFolder is the session's folder as the bar shows it: ~/… on this machine,
// host:/… on another.
func (t *Tab) shownFolder() string {
	dir := t.sess.CWD
	if dir == "" {
		dir = t.place.Dir
	}
	if h := t.place.Host; h != "" {
		return render.Sanitize(HostName(h) + ":" + dir)
	}
	return status.ShortenPath(dir, t.env.Opts.Home)
}

// StatusBar is what the status bar shows of the session; the workspace adds its own.
func (t *Tab) StatusBar() status.State {
	st := status.State{
		Mode:     t.sess.Mode,
		Model:    t.sess.Model,
		CWD:      t.shownFolder(),
		Title:    t.sess.Title,
		Queued:   t.turn.Prompts.Pending(),
		CostUSD:  t.sess.Usage.CostUSD,
		Tokens:   t.sess.Usage.Tokens,
		HasUsage: t.sess.Usage.Known,
	}
	st.TasksRunning = t.tasks.RunningCount()
	st.ContextPct, st.HasContext = t.sess.Usage.ContextPct()
	keys := t.env.Keys
	switch {
	case t.closing:
		st.Phase = "closing claude…"
	case t.gate.asking:
		st.Phase = "claude waits for your answer" // trust.go
	case t.sess.Phase == session.PhaseStarting && !t.turn.Running:
		st.Phase = "starting claude…"
	case t.sess.Phase == session.PhaseRestarting:
		st.Phase = "starting claude…"
	case t.sess.Phase == session.PhaseExited && t.retry.active:
		st.Phase, st.PhaseError = t.retryPhase(), true
	case t.sess.Phase == session.PhaseExited:
		st.Phase, st.PhaseError = "claude is not running · enter restarts it", true
		if t.focus != focusInput {
			// enter expands an item in the transcript and opens a task in the pane.
			st.Phase = "claude is not running · enter in the prompt restarts it"
		}
	case t.turn.Running:
		elapsed := t.now().Sub(t.turn.Started)
		st.Running, st.Elapsed = true, elapsed
		// esc interrupts only from the prompt: in the transcript or the task pane
		// it leaves them. ctrl+c interrupts from anywhere.
		switch {
		case t.dialogs.Len() > 0:
		case t.focus == focusInput:
			st.InterruptHint = keys.Input.Cancel.Help().Key + " to interrupt"
		default:
			st.InterruptHint = keys.Global.Interrupt.Help().Key + " to interrupt"
		}
		st.Spinner = spinnerFrames[int(elapsed/TickEvery)%len(spinnerFrames)]
	}
	t.mode.Status(t.playback(), &st)
	return st
}

// SearchLine is the prompt-history search (ctrl+r), which takes the key help's line
// while it is open.
func (t *Tab) SearchLine() (line string, ok bool) {
	if !t.prompt.Searching() {
		return "", false
	}
	return t.prompt.SearchLine(), true
}

// KeyHelp are the keys that matter now in the session, for the key help.
func (t *Tab) KeyHelp() [][2]string {
	var keys [][2]string
	k := t.env.Keys
	if modeKeys, ok := t.mode.Help(t.playback()); ok {
		return modeKeys
	}
	switch {
	case t.dialogs.Len() > 0:
		// The dialog shows its own keys; say what ctrl+c does over it.
		if t.turn.Running {
			keys = append(keys, [2]string{k.Global.Interrupt.Help().Key, "interrupt the turn"})
		} else if t.topIsPicker() {
			keys = append(keys, [2]string{k.Global.Interrupt.Help().Key, "close"})
		}
		if n := t.dialogs.Len(); n > 1 {
			keys = append(keys, [2]string{"", fmt.Sprintf("%d dialogs waiting", n)})
		}
	case t.focus == focusTasks:
		keys = tasks.HelpKeys(k)
	case t.focus == focusTranscript:
		tr := k.Transcript
		for _, b := range []key.Binding{tr.Up, tr.Toggle, tr.FocusInput, tr.Search, tr.Copy} {
			keys = append(keys, [2]string{b.Help().Key, b.Help().Desc})
		}
	default:
		if mode := t.prompt.VimIndicator(); mode != "" { // where Claude Code shows it
			keys = append(keys, [2]string{"", mode})
		}
		in, g := k.Input, k.Global
		// tab before shift+tab: items name no keys (enter sends here), so the way
		// into the transcript must show at 80 columns.
		bindings := []key.Binding{in.Send, in.Newline, in.FocusTranscript, g.CycleMode, g.Help}
		if t.turn.Running {
			bindings = append([]key.Binding{in.Cancel}, bindings...)
		}
		for _, b := range bindings {
			keys = append(keys, [2]string{b.Help().Key, b.Help().Desc})
		}
	}
	return keys
}
