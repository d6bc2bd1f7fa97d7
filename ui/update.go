package ui

import (
	"fmt"
	"strconv"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/inline"
	"github.com/gclaude/gclaude/ui/input"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/statusline"
	"github.com/gclaude/gclaude/ui/tasks"
	"github.com/gclaude/gclaude/ui/transcript"
)

// Update routes every message to the tab it belongs to (tabs.go) and handles it there.
// It never blocks and never does I/O: both happen in the commands it returns.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	t, msg, ok := m.routeMsg(msg)
	if !ok {
		return m, orphaned(msg)
	}
	m.tab = t
	cmd := scope(t.id, m.update(msg))
	m.tab = m.tabs.front
	if t != m.tabs.front {
		m.layout() // the screen is the front tab's
	}
	cmd = tea.Batch(cmd, m.settleInbox(), m.armShown(), m.enforceRunningLimit(), m.printSettled(), m.watchRSS(), m.workspaceChanged())
	return m, m.noteFrame(msg, cmd)
}

// update handles msg for the tab in m.tab.
func (m *Model) update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.printer.Resized()
		m.layout()
	case tea.BackgroundColorMsg:
		if m.autoTheme() {
			kind, _ := themes.Detect(m.opts.Theme, msg.IsDark(), m.getenv)
			m.setTheme(kind)
			m.layout()
		}
	case tea.FocusMsg:
		m.notify.SetFocused(true)
	case tea.BlurMsg:
		m.notify.SetFocused(false)
	case tea.KeyPressMsg:
		cmd = m.handleKey(msg)
	case tea.PasteMsg:
		cmd = m.handlePaste(msg)
	case tea.MouseWheelMsg:
		m.handleWheel(msg)
	case eventsMsg:
		cmd = m.handleEvents(msg)
	case cliStartedMsg:
		cmd = m.handleCLIStarted(msg)
	case cliClosedMsg:
		if m.opts.Inline {
			return m.printer.SessionClosed(m.inlineEnv())
		}
		return tea.Quit
	case inline.PrintedMsg:
		cmd = m.printer.Printed(m.inlineEnv())
	case inline.RenderedMsg:
		cmd = m.printer.Rendered(msg, m.inlineEnv())
	case inline.RetryMsg:
		cmd = m.printer.Retry(m.inlineEnv())
	case dialogBuiltMsg:
		cmd = m.handleDialogBuilt(msg)
	case session.PromptSent, session.Interrupted, session.Answered, session.ModelSet, session.ModeSet:
		m.handleCallDone(msg)
	case input.Msg:
		cmd = m.updatePrompt(msg)
	case tickMsg:
		cmd = m.handleTick(msg)
	case transcript.OpenTaskMsg:
		cmd = m.openTask(msg)
	case transcript.CopiedMsg:
		cmd = m.setHint(copiedHint(msg), copiedHintFor)
	case session.TaskStopped:
		m.handleTaskStopped(msg)
	case tasks.OutputPollMsg:
		cmd = m.pollTaskOutput()
	case session.TaskOutput:
		m.handleTaskOutput(msg)
	case session.TasksBackgrounded:
		m.handleTasksBackgrounded(msg)
	case commands.Result:
		cmd = msg.Apply(m.commandHost())
	case selfHandlingMsg:
		cmd = msg.handle(m)
	case hintExpiredMsg:
		if msg.seq == m.hintSeq {
			m.hint = ""
		}
	case statusline.DueMsg:
		cmd = m.statusLineDue(msg)
	case statusline.DoneMsg:
		cmd = m.statusLineDone(msg)
	case frameDueMsg:
		// Nothing changed; noteFrame lets the next View draw the stale output.
	default:
		// Dialogs' own messages (grace-period timers, editor results) go to every
		// dialog: they carry the id of the dialog that started them.
		cmd = m.updateDialogs(msg)
	}
	m.layout()
	return tea.Batch(cmd, m.observeStatusLine())
}

// selfHandlingMsg is a message that handles itself: Update calls its handle instead of
// routing it by type (session commands, file listings, image reads).
type selfHandlingMsg interface {
	handle(m *Model) tea.Cmd
}

func (m *Model) handleTick(msg tickMsg) tea.Cmd {
	m.ticking = false
	m.conversation.Tick(m.now())
	return m.startTicking()
}

// setHint shows a one-off line in place of the key help for a while.
func (m *Model) setHint(text string, d time.Duration) tea.Cmd {
	m.hintSeq++
	m.hint = text
	seq := m.hintSeq
	return m.after(d, func(time.Time) tea.Msg { return hintExpiredMsg{seq: seq} })
}

// copiedHintFor is how long "copied …" stays in place of the key help.
const copiedHintFor = 3 * time.Second

// copiedHint says what y or Y sent to the clipboard, and how much.
func copiedHint(msg transcript.CopiedMsg) string {
	return fmt.Sprintf("copied %s to the clipboard · %s %s", msg.What, groupThousands(msg.Chars), render.Plural(msg.Chars, "character"))
}

// groupThousands writes n with thousands separators: 12,345.
func groupThousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// tickEvery paces spinners and elapsed times.
const tickEvery = 100 * time.Millisecond

// quitWindow is how soon a second ctrl+c must follow the first to quit.
const quitWindow = 2 * time.Second

// after schedules a message; tests replace the timer to drive time by hand.
func (m *Model) after(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
	if m.opts.After != nil {
		return m.opts.After(d, fn)
	}
	return tea.Tick(d, fn)
}

// startTicking starts the animation tick unless it already runs.
func (m *Model) startTicking() tea.Cmd {
	if m.ticking || !m.animating() {
		return nil
	}
	m.ticking = true
	return m.after(tickEvery, func(t time.Time) tea.Msg { return tickMsg{at: t} })
}

// animating reports whether anything on screen moves with time.
func (m *Model) animating() bool {
	return m.turn.Running || m.sess.Phase == session.PhaseStarting || m.sess.Phase == session.PhaseRestarting || m.conversation.Live() || m.tasks.Live()
}

// tickMsg animates spinners and elapsed times.
type tickMsg struct{ at time.Time }

// hintExpiredMsg clears a one-off hint unless a newer one replaced it.
type hintExpiredMsg struct{ seq int }
