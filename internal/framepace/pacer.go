// Package framepace slows Bubble Tea's frame ticker down while the program is idle.
//
// Bubble Tea v2 (up to v2.1.1 at least) flushes the screen from a ticker that fires
// 60 times a second for the program's whole life, whether or not anything changed
// (upstream: charmbracelet/bubbletea#1776, #1796). Each wake-up is cheap in Go terms
// but not free: on this project's machines a bare 60 Hz ticker alone costs about
// 0.2 s of CPU per 20 s, four times the idle budget of issue 10. Bubble Tea has no
// public way to pace it, so the Pacer finds the program's ticker by name and resets
// its period: the full frame rate from the moment any message reaches the model
// until IdleAfter has passed without one, then IdleInterval. Any message (a key, a
// resize, session output, a timer the UI set) restores the full rate before the model
// handles it, so nothing is drawn later than before. The slow idle tick, rather than
// none, bounds how stale the screen can be if output ever arrived without a message.
//
// If a Bubble Tea upgrade renames the field, Attached reports false, the program runs
// exactly as Bubble Tea runs it, and TestPacerFindsBubbleTeasTicker fails.
// GCLAUDE_FRAMEPACE=off leaves the ticker alone (On is false), so a suspected problem
// can be checked against Bubble Tea's own pacing.
package framepace

import (
	"os"
	"reflect"
	"sync"
	"time"
	"unsafe"

	tea "charm.land/bubbletea/v2"
)

const (
	// FrameInterval is Bubble Tea's default frame period (60 fps), restored on activity.
	FrameInterval = time.Second / 60
	// IdleAfter is how long without a message before the ticker slows down: long
	// enough that a frame drawn by the last message has been flushed many times over.
	IdleAfter = time.Second
	// IdleInterval is the ticker's period while idle.
	IdleInterval = time.Second
)

// resetter is the part of *time.Ticker the Pacer uses; tests substitute their own.
type resetter interface{ Reset(time.Duration) }

// Pacer paces one program's frame ticker. Create it with New, give its Model to
// tea.NewProgram, then Attach the program before Run.
type Pacer struct {
	mu       sync.Mutex
	program  *tea.Program
	ticker   resetter  // nil until found (or if it cannot be)
	looked   bool      // the program was searched for its ticker
	idle     bool      // the ticker runs at IdleInterval
	lastWake time.Time // when a message last reached the model
	timer    *time.Timer
	now      func() time.Time

	idleAfter, idleInterval time.Duration // IdleAfter and IdleInterval; tests shorten them
}

// On is false when GCLAUDE_FRAMEPACE=off asks for Bubble Tea's own frame ticker. It is
// read once, at start.
var On = os.Getenv("GCLAUDE_FRAMEPACE") != "off"

// Wrap is m paced (on) or as it is, and what attaches the program built on it.
func Wrap(m tea.Model, on bool) (tea.Model, func(*tea.Program)) {
	if !on {
		return m, func(*tea.Program) {}
	}
	pacer := New()
	return Model{Model: m, Pacer: pacer}, pacer.Attach
}

// New returns a Pacer that is not yet attached to a program.
func New() *Pacer {
	return &Pacer{now: time.Now, idleAfter: IdleAfter, idleInterval: IdleInterval}
}

// Attach names the program whose ticker is paced. Call it before p.Run.
func (p *Pacer) Attach(program *tea.Program) {
	p.mu.Lock()
	p.program = program
	p.mu.Unlock()
}

// Attached reports whether the program's ticker was found; it is known once the
// program has started.
func (p *Pacer) Attached() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.ticker != nil
}

// Idle reports whether the ticker runs at the idle rate.
func (p *Pacer) Idle() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.idle
}

// Wake restores the full frame rate and starts the idle countdown again. The model
// calls it for every message, on Bubble Tea's event loop goroutine: the one that
// started the renderer, so reading the program's ticker field there does not race.
func (p *Pacer) Wake() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.looked && p.program != nil {
		p.looked = true
		if t := programTicker(p.program); t != nil {
			p.ticker = t
		}
	}
	if p.ticker == nil {
		return
	}
	p.lastWake = p.now()
	if p.idle {
		p.idle = false
		p.ticker.Reset(FrameInterval)
	}
	if p.timer == nil {
		p.timer = time.AfterFunc(p.idleAfter, p.slowIfIdle)
	}
}

// slowIfIdle runs idleAfter after the countdown started: it slows the ticker when no
// message came since, or waits out the rest of the countdown.
func (p *Pacer) slowIfIdle() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if rest := p.idleAfter - p.now().Sub(p.lastWake); rest > 0 {
		p.timer.Reset(rest)
		return
	}
	p.timer = nil
	p.idle = true
	p.ticker.Reset(p.idleInterval)
}

// programTicker finds Bubble Tea's renderer ticker, or nil.
func programTicker(program *tea.Program) *time.Ticker {
	f := reflect.ValueOf(program).Elem().FieldByName("ticker")
	if !f.IsValid() || f.Type() != reflect.TypeFor[*time.Ticker]() {
		return nil
	}
	return *(**time.Ticker)(unsafe.Pointer(f.UnsafeAddr()))
}

// Model wraps a program's model so that every message wakes the Pacer first.
type Model struct {
	tea.Model
	Pacer *Pacer
}

// Init wakes the Pacer (the renderer has started by now) and runs the model's Init.
func (m Model) Init() tea.Cmd {
	m.Pacer.Wake()
	return m.Model.Init()
}

// Update wakes the Pacer, then lets the model handle msg.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m.Pacer.Wake()
	next, cmd := m.Model.Update(msg)
	m.Model = next
	return m, cmd
}
