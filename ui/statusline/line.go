package statusline

import (
	"time"

	tea "charm.land/bubbletea/v2"
)

// Debounce is how long Claude Code waits after the last change before running the
// command again (its status line's 300 ms timer).
const Debounce = 300 * time.Millisecond

// Line is one session's status line: its setting, the last output and the run in
// flight. The root owns one per session; every method runs on the update loop and
// anything slow happens in the Cmds they return.
type Line struct {
	cfg     Config
	on      bool
	started time.Time // the session's start, for cost.total_duration_ms

	facts   Facts
	seq     int  // bumped by every change: a timer of an older one is stale
	running bool // at most one run at a time
	again   bool // something changed while it ran: run once more when it ends
	text    []string
	failed  bool // a failure was reported: the next one is not, until a run succeeds

	asked    bool // the settings were asked for askedGen
	askedGen int

	// After schedules a message (tea.Tick when nil); Run runs the command (Run when nil).
	After func(time.Duration, func(time.Time) tea.Msg) tea.Cmd
	Run   func(command, dir string, input []byte, env []string, timeout time.Duration) Result
}

// DueMsg says a debounce or refresh timer of a Line has run out.
type DueMsg struct {
	line *Line
	seq  int
}

// DoneMsg is a run's result.
type DoneMsg struct {
	line   *Line
	result Result
}

// Notice is a failure to tell the user about, once.
type Notice struct{ Text string }

// For reports whether a message belongs to l (a root with several sessions routes by it).
func (msg DueMsg) For(l *Line) bool  { return msg.line == l }
func (msg DoneMsg) For(l *Line) bool { return msg.line == l }

// Set takes the setting in effect for a (re)started session and runs the command at
// once, as Claude Code does when its prompt appears; ok false turns the line off.
func (l *Line) Set(cfg Config, ok bool, now time.Time) tea.Cmd {
	changed := cfg != l.cfg || ok != l.on
	l.cfg, l.on = cfg, ok
	if l.started.IsZero() {
		l.started = now
	}
	if !ok {
		l.text, l.again = nil, false
		l.seq++
		return nil
	}
	if changed {
		l.failed = false
	}
	return l.start(now)
}

// On reports whether a status line is set.
func (l *Line) On() bool { return l.on }

// Observe takes the session's facts after an update; when they changed, a run is due
// Debounce after the last change.
func (l *Line) Observe(f Facts) tea.Cmd {
	if f == l.facts {
		return nil
	}
	l.facts = f
	if !l.on {
		return nil
	}
	l.seq++
	return l.after(Debounce, DueMsg{line: l, seq: l.seq})
}

// Due handles a timer: the run it was set for starts unless a later change moved it.
func (l *Line) Due(msg DueMsg, now time.Time) tea.Cmd {
	if msg.seq != l.seq || !l.on {
		return nil
	}
	return l.start(now)
}

// start runs the command now, or once the run in flight ends.
func (l *Line) start(now time.Time) tea.Cmd {
	if l.running {
		l.again = true
		return nil
	}
	l.running, l.again = true, false
	run := l.Run
	if run == nil {
		run = Run
	}
	cfg, in := l.cfg, Input(l.facts, now.Sub(l.started).Milliseconds())
	dir := l.facts.CWD
	return func() tea.Msg {
		return DoneMsg{line: l, result: run(cfg.Command, dir, in, nil, Timeout)}
	}
}

// Done takes a run's result. It returns a notice for the first failure after a
// success (a failing command is not reported on every run) and the next run, if due.
func (l *Line) Done(msg DoneMsg, now time.Time) (*Notice, tea.Cmd) {
	l.running = false
	var notice *Notice
	if err := msg.result.Err; err != nil {
		l.text = nil // Claude Code shows nothing for a failed run
		if !l.failed && l.on {
			l.failed = true
			notice = &Notice{Text: "status line command " + err.Error() + " (statusLine in the settings)"}
		}
	} else {
		l.text, l.failed = sanitizeLines(msg.result.Lines), false
	}
	if !l.on {
		l.text = nil
		return notice, nil
	}
	if l.again {
		return notice, l.start(now)
	}
	if l.cfg.Refresh > 0 {
		l.seq++
		return notice, l.after(l.cfg.Refresh, DueMsg{line: l, seq: l.seq})
	}
	return notice, nil
}

func (l *Line) after(d time.Duration, msg tea.Msg) tea.Cmd {
	fn := func(time.Time) tea.Msg { return msg }
	if l.After != nil {
		return l.After(d, fn)
	}
	return tea.Tick(d, fn)
}

// AskSettings reports whether the settings of the session's process gen are still to
// be asked for, and notes them asked: each (re)start reads them again.
func (l *Line) AskSettings(gen int) bool {
	if l.asked && l.askedGen == gen {
		return false
	}
	l.asked, l.askedGen = true, gen
	return true
}
