package dialogs

import (
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"
)

// ArmDelay is the quiet period a dialog that can approve something waits for before it
// takes keys: it arms only once no key has arrived for this long since it appeared.
// Someone typing for the prompt through the moment the dialog appears keeps it
// disarmed until they stop; someone who reads it first does not notice the wait.
const ArmDelay = 400 * time.Millisecond

// armedMsg asks the dialog with that id whether its quiet period is over.
type armedMsg struct{ id uint64 }

var lastID atomic.Uint64

// newID numbers dialogs so that the messages of their timers and editors reach only
// the dialog that started them.
func newID() uint64 { return lastID.Add(1) }

// guard swallows keys until the keyboard has been quiet for ArmDelay: every key it
// swallows starts the quiet period again. The tick only repaints (and, if keys came
// meanwhile, waits for the rest of the quiet period); the clock decides, so a lost
// tick cannot lock a dialog and tests need no sleeps. Once armed no timer runs.
// A read-only dialog answers nothing, so there is nothing to guard: it takes keys at
// once and never says it is arming.
type guard struct {
	id       uint64
	now      func() time.Time
	after    func(time.Duration, func(time.Time) tea.Msg) tea.Cmd
	quiet    time.Time // when the quiet period began: the dialog appeared or a key was swallowed
	started  bool
	armed    bool
	readOnly bool
}

func newGuard(id uint64, env Env) guard {
	return guard{id: id, now: env.now, after: env.after, readOnly: env.ReadOnly}
}

// start (re)starts the quiet period.
func (g *guard) start() tea.Cmd {
	if g.readOnly {
		return nil
	}
	g.quiet, g.started, g.armed = g.now(), true, false
	return g.tick(ArmDelay)
}

func (g *guard) tick(d time.Duration) tea.Cmd {
	id := g.id
	return g.after(d, func(time.Time) tea.Msg { return armedMsg{id} })
}

// due reports whether the quiet period is over, arming the guard if it is.
func (g *guard) due() bool {
	if g.started && !g.armed && g.now().Sub(g.quiet) >= ArmDelay {
		g.armed = true
	}
	return g.armed
}

// ready reports whether keys may act now.
func (g *guard) ready() bool { return g.readOnly || g.due() }

// swallow is a key that arrived while arming: the quiet period starts again. The tick
// already on its way notices and waits for the rest.
func (g *guard) swallow() {
	if !g.readOnly && g.started && !g.armed {
		g.quiet = g.now()
	}
}

// arming reports whether the dialog should show that it is not yet taking keys.
func (g *guard) arming() bool { return !g.ready() }

// update handles the guard's own messages. It starts the quiet period if the session
// sent a message before calling Init, and reports whether msg was the guard's tick.
func (g *guard) update(msg tea.Msg) (cmd tea.Cmd, handled bool) {
	if m, ok := msg.(armedMsg); ok {
		if m.id != g.id || !g.started || g.armed || g.readOnly {
			return nil, true
		}
		if g.due() {
			return nil, true
		}
		// Keys came during the wait: tick again when the quiet period would end.
		return g.tick(ArmDelay - g.now().Sub(g.quiet)), true
	}
	if !g.started && !g.readOnly {
		return g.start(), false
	}
	return nil, false
}
