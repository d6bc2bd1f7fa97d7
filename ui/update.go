package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/themes"
	"github.com/gclaude/gclaude/ui/inline"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/tab"
)

// Update routes a message to the tab it belongs to (tabs.go), or handles it as the
// workspace's; acts on what the tab reported; then keeps the workspace (the inbox, the
// process limit, the layout of the whole screen, once, the dialog armed in front,
// printing, saving). It never blocks and never does I/O: both happen in the commands
// it returns.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	msg, cmd := m.route(msg)
	cmd = tea.Batch(cmd, m.settleInbox(), m.enforceRunningLimit(), m.layout(), m.armShown(), m.startTicking(),
		m.printSettled(), m.watchRSS(), m.workspaceChanged())
	return m, m.noteFrame(msg, cmd)
}

// route hands msg to its tab or handles it; what it returns is msg unwrapped.
func (m *Model) route(msg tea.Msg) (tea.Msg, tea.Cmd) {
	switch msg := msg.(type) {
	case tabMsg:
		t := m.tabs.byID(msg.id)
		if t == nil {
			return msg.msg, tab.Orphaned(msg.msg)
		}
		return msg.msg, m.updateTab(t, msg.msg)
	case session.Events: // a reader started outside Update (tests, replay) names its generation
		if t := m.tabs.byGen(msg.Gen); t != nil {
			return msg, m.updateTab(t, msg)
		}
	case session.CLIStarted:
		if t := m.tabs.byGen(msg.Gen); t != nil {
			return msg, m.updateTab(t, msg)
		}
	case workspaceHandlingMsg:
		return msg, msg.handle(m)
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.printer.Resized()
		return msg, nil
	case tea.BackgroundColorMsg:
		if m.autoTheme() {
			kind, _ := themes.Detect(m.opts.Theme, msg.IsDark(), m.getenv)
			m.setTheme(kind)
		}
		return msg, nil
	case tea.FocusMsg:
		m.notify.SetFocused(true)
		return msg, nil
	case tea.BlurMsg:
		m.notify.SetFocused(false)
		return msg, nil
	case tea.KeyPressMsg:
		return msg, m.handleKey(msg)
	case tea.PasteMsg:
		return msg, m.handlePaste(msg)
	case tea.MouseWheelMsg:
		return msg, m.handleWheel(msg)
	case cliClosedMsg:
		if m.opts.Inline {
			return msg, m.printer.SessionClosed(m.inlineEnv())
		}
		return msg, tea.Quit
	case inline.PrintedMsg:
		return msg, m.printer.Printed(m.inlineEnv())
	case inline.RenderedMsg:
		return msg, m.printer.Rendered(msg, m.inlineEnv())
	case inline.RetryMsg:
		return msg, m.printer.Retry(m.inlineEnv())
	case tickMsg:
		m.ticking = false
		m.tabs.front.Tick(m.now())
		return msg, nil
	case hintExpiredMsg:
		if msg.seq == m.hintSeq {
			m.hint = ""
		}
		return msg, nil
	case frameDueMsg:
		return msg, nil // nothing changed; noteFrame lets the next View draw the stale output
	}
	return msg, m.updateTab(m.tabs.front, msg)
}

// workspaceHandlingMsg is a message that handles itself in the workspace: Update calls
// its handle instead of routing it by type.
type workspaceHandlingMsg interface {
	workspaceMsg
	handle(m *Model) tea.Cmd
}

// updateTab lets t handle msg and acts on what it reports.
func (m *Model) updateTab(t *tab.Tab, msg tea.Msg) tea.Cmd {
	cmd, r := t.Update(msg)
	return tea.Batch(scope(t.ID(), cmd), m.act(t, r))
}

// tabDid scopes cmd, which t returned outside its Update, to t and acts on what t has
// to report.
func (m *Model) tabDid(t *tab.Tab, cmd tea.Cmd) tea.Cmd {
	return tea.Batch(scope(t.ID(), cmd), m.act(t, t.TakeReport()))
}

// act does what t's report asks of the workspace: notify, hint, act on the session
// picker's choice, print a new transcript from its start.
func (m *Model) act(t *tab.Tab, r tab.Report) tea.Cmd {
	var cmds []tea.Cmd
	if r.NewTranscript && t == m.tabs.front {
		m.printer.NewTranscript()
	}
	if r.DecisionOpened {
		cmds = append(cmds, m.notify.DecisionOpened(m.tabs.title(t)))
	}
	if !r.TurnEnded.IsZero() {
		cmds = append(cmds, m.notify.TurnEnded(r.TurnEnded, m.now(), m.tabs.title(t)))
		if t != m.tabs.front {
			cmds = append(cmds, m.scheduleWarm())
		}
	}
	if r.Hint != "" {
		cmds = append(cmds, m.setHint(r.Hint, r.HintFor))
	}
	if r.Action != nil {
		cmds = append(cmds, m.sessionAction(t, r.Action))
	}
	if r.Declined != "" { // trust refused for the launch folder, or the only session's
		m.declined = r.Declined
		cmds = append(cmds, m.quit())
	} else if r.Drop { // trust refused for another session's folder
		cmds = append(cmds, m.closeTab(t))
	}
	return tea.Batch(cmds...)
}

// setHint shows a one-off line in place of the key help for a while.
func (m *Model) setHint(text string, d time.Duration) tea.Cmd {
	m.hintSeq++
	m.hint = text
	seq := m.hintSeq
	return m.after(d, func(time.Time) tea.Msg { return hintExpiredMsg{seq: seq} })
}

// quitWindow is how soon a second ctrl+c must follow the first to quit.
const quitWindow = 2 * time.Second

// after schedules a message; tests replace the timer to drive time by hand.
func (m *Model) after(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
	if m.opts.After != nil {
		return m.opts.After(d, fn)
	}
	return tea.Tick(d, fn)
}

// startTicking starts the animation tick while the tab in front shows something that
// moves, unless it already runs.
func (m *Model) startTicking() tea.Cmd {
	if m.ticking || !m.tabs.front.Animating() {
		return nil
	}
	m.ticking = true
	return m.after(tab.TickEvery, func(t time.Time) tea.Msg { return tickMsg{at: t} })
}

// tickMsg animates spinners and elapsed times.
type tickMsg struct{ at time.Time }

// hintExpiredMsg clears a one-off hint unless a newer one replaced it.
type hintExpiredMsg struct{ seq int }
