package dialogs

import (
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"
)

// ArmDelay is how long a dialog that can approve something ignores keys after it
// appears: long enough to stop keys typed for the prompt from answering it, short
// enough not to be noticed by someone who reads it first.
const ArmDelay = 400 * time.Millisecond

// armedMsg ends the grace period of the dialog with that id.
type armedMsg struct{ id uint64 }

var lastID atomic.Uint64

// newID numbers dialogs so that the messages of their timers and editors reach only
// the dialog that started them.
func newID() uint64 { return lastID.Add(1) }

// guard swallows keys for ArmDelay after the dialog is shown. The tick only repaints;
// the clock decides, so a lost tick cannot lock a dialog and tests need no sleeps.
// A read-only dialog answers nothing, so there is nothing to guard: it takes keys at
// once and never says it is arming.
type guard struct {
	id       uint64
	now      func() time.Time
	opened   time.Time
	started  bool
	armed    bool
	readOnly bool
}

func newGuard(id uint64, env Env) guard {
	return guard{id: id, now: env.now, readOnly: env.ReadOnly}
}

// start (re)starts the grace period.
func (g *guard) start() tea.Cmd {
	if g.readOnly {
		return nil
	}
	g.opened, g.started, g.armed = g.now(), true, false
	id := g.id
	return tea.Tick(ArmDelay, func(time.Time) tea.Msg { return armedMsg{id} })
}

// ready reports whether keys may act now.
func (g *guard) ready() bool {
	if g.readOnly {
		return true
	}
	if g.started && !g.armed && g.now().Sub(g.opened) >= ArmDelay {
		g.armed = true
	}
	return g.armed
}

// arming reports whether the dialog should show that it is not yet taking keys.
func (g *guard) arming() bool { return !g.ready() }

// update handles the guard's own messages. It starts the grace period if the root
// sent a message before calling Init, and reports whether msg was the guard's tick.
func (g *guard) update(msg tea.Msg) (cmd tea.Cmd, handled bool) {
	if m, ok := msg.(armedMsg); ok {
		if m.id == g.id && g.started && g.now().Sub(g.opened) >= ArmDelay {
			g.armed = true
		}
		return nil, true
	}
	if !g.started && !g.readOnly {
		return g.start(), false
	}
	return nil, false
}
