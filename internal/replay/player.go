// Package replay is `gclaude replay FILE.jsonl`: it plays a recorded stdout capture of
// the CLI as the events a live process.CLI would deliver, paced by the recording's
// own timing, so the UI renders it as if it were happening now.
//
// A Player satisfies the UI's Backend contract. It is read-only: the Respond methods record the
// answer and sends nothing; the calls that would change the session do nothing and
// return ErrReadOnly.
package replay

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
)

// ErrReadOnly is returned by the calls a recording cannot carry out.
var ErrReadOnly = errors.New("replay: a recorded session cannot be changed")

// Player plays one capture. Its methods are safe for concurrent use.
type Player struct {
	c      *capture
	clock  clock
	maxGap time.Duration

	out      chan process.Event // buffered 1: see finish
	wake     chan struct{}      // buffered 1: a control changed
	done     chan struct{}      // closed by Close
	finished chan struct{}      // closed when the play goroutine has returned
	parked   chan struct{}      // tests only: signalled when the player waits while paused

	closeOnce sync.Once

	mu        sync.Mutex
	speed     float64
	paused    bool
	steps     int // single steps granted and not yet taken
	delivered int // items delivered so far
	pending   map[string]bool
	responses map[string]Answer
	running   bool // a turn is running (as process tracks it, for Exited.GotResult)
	gotResult bool
}

// Open loads path and starts playing it (unless opts.Paused). The events are read from
// Events; Close stops the player.
func Open(path string, opts Options) (*Player, error) {
	c, err := loadCapture(path, opts)
	if err != nil {
		return nil, err
	}
	p := &Player{
		c:         c,
		clock:     opts.clock,
		parked:    opts.parked,
		maxGap:    opts.maxGap(),
		out:       make(chan process.Event, 1),
		wake:      make(chan struct{}, 1),
		done:      make(chan struct{}),
		finished:  make(chan struct{}),
		speed:     1,
		paused:    opts.Paused,
		pending:   map[string]bool{},
		responses: map[string]Answer{},
	}
	if p.clock == nil {
		p.clock = realClock{}
	}
	if opts.Speed > 0 {
		p.speed = opts.Speed
	}
	go p.play()
	return p, nil
}

// Events delivers the recording's events in order; Exited is last, then the channel
// is closed. After Close, Exited is still there for a late reader.
func (p *Player) Events() <-chan process.Event { return p.out }

// Init is the CLI's recorded answer to initialize, or nil when the capture has none.
// Unlike a live session it is known from the start; Ready still arrives in its place.
func (p *Player) Init() *protocol.InitializeResponse { return p.c.init }

// Timed reports whether the pace comes from the recording's timeline (else events are
// a fixed gap apart).
func (p *Player) Timed() bool { return p.c.timed }

// Send does nothing: a recording takes no new prompts.
func (p *Player) Send(protocol.UserInput) error { return ErrReadOnly }

// Interrupt does nothing.
func (p *Player) Interrupt(context.Context) error { return ErrReadOnly }

// SetModel does nothing.
func (p *Player) SetModel(context.Context, string) (string, error) { return "", ErrReadOnly }

// SetPermissionMode does nothing.
func (p *Player) SetPermissionMode(context.Context, string) (string, error) { return "", ErrReadOnly }

// Request does nothing.
func (p *Player) Request(context.Context, protocol.ClientRequest) (protocol.ControlResponseBody, error) {
	return protocol.ControlResponseBody{}, ErrReadOnly
}

// Answer is what the UI answered to a played request: a permission decision or an
// elicitation response.
type Answer struct {
	Decision    protocol.PermissionDecision
	Elicitation *process.ElicitationResponse
}

// RespondPermission records the answer to a permission request that was played and sends
// nothing; the recording goes on as it happened. Like a session it refuses ids that are
// not waiting (process.ErrUnknownRequest).
func (p *Player) RespondPermission(requestID string, d protocol.PermissionDecision) error {
	return p.record(requestID, Answer{Decision: d})
}

// RespondElicitation records the answer to a played elicitation, like RespondPermission.
func (p *Player) RespondElicitation(requestID string, r process.ElicitationResponse) error {
	return p.record(requestID, Answer{Elicitation: &r})
}

// RespondError records nothing but the request's end.
func (p *Player) RespondError(requestID, _ string) error {
	return p.record(requestID, Answer{})
}

func (p *Player) record(requestID string, a Answer) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.pending[requestID] {
		return fmt.Errorf("responding to %q: %w", requestID, process.ErrUnknownRequest)
	}
	delete(p.pending, requestID)
	p.responses[requestID] = a
	return nil
}

// Response is what the UI answered to a request.
func (p *Player) Response(requestID string) (Answer, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	a, ok := p.responses[requestID]
	return a, ok
}

// Recorded is what the client answered to a CLI request when the capture was made, read
// from the .stdin.jsonl sibling; a read-only dialog can show it.
func (p *Player) Recorded(requestID string) (protocol.ControlResponseBody, bool) {
	b, ok := p.c.answers[requestID]
	return b, ok
}

// Close stops playing. Exited is left on Events for a late reader. Close is
// idempotent and returns when the player's goroutine has ended.
func (p *Player) Close() error {
	p.closeOnce.Do(func() { close(p.done) })
	<-p.finished
	return nil
}

// SetSpeed sets the pace factor: 2 is twice as fast, 0.5 half as fast, +Inf without
// pauses. Values that are not positive are ignored. A pause under way is rescaled.
func (p *Player) SetSpeed(f float64) {
	if !(f > 0) || math.IsNaN(f) {
		return
	}
	p.mu.Lock()
	p.speed = f
	p.mu.Unlock()
	p.poke()
}

// Speed is the pace factor.
func (p *Player) Speed() float64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.speed
}

// Pause holds the next event back until Resume or Step.
func (p *Player) Pause() {
	p.mu.Lock()
	p.paused = true
	p.mu.Unlock()
	p.poke()
}

// Resume plays on at the current speed; single steps not yet taken are dropped.
func (p *Player) Resume() {
	p.mu.Lock()
	p.paused, p.steps = false, 0
	p.mu.Unlock()
	p.poke()
}

// Step pauses the player and delivers the next event at once. A run of stream events
// (the deltas of one streamed block) counts as one step.
func (p *Player) Step() {
	p.mu.Lock()
	p.paused = true
	p.steps++
	p.mu.Unlock()
	p.poke()
}

// Paused reports whether the player is paused.
func (p *Player) Paused() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.paused
}

// Progress is how many of the recording's events have been delivered, of how many
// (Exited not counted).
func (p *Player) Progress() (done, total int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.delivered, len(p.c.items)
}

func (p *Player) poke() {
	select {
	case p.wake <- struct{}{}:
	default:
	}
}
