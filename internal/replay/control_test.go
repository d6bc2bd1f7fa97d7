package replay

import (
	"math"
	"slices"
	"testing"
	"time"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
)

// stepper drives a paused player one step at a time.
type stepper struct {
	t      *testing.T
	p      *Player
	parked chan struct{}
	ended  bool
}

func newStepper(t *testing.T, path string, opts Options) *stepper {
	s := &stepper{t: t, parked: make(chan struct{})}
	opts.Paused, opts.parked = true, s.parked
	if opts.clock == nil {
		opts.clock = &instantClock{}
	}
	s.p = open(t, path, opts)
	s.waitParked()
	return s
}

func (s *stepper) waitParked() {
	s.t.Helper()
	select {
	case <-s.parked:
	case <-time.After(eventTimeout):
		s.t.Fatal("the player did not hold while paused")
	}
}

// nothingReady checks that no event was let through.
func (s *stepper) nothingReady() {
	s.t.Helper()
	select {
	case ev, ok := <-s.p.Events():
		s.t.Fatalf("paused player delivered %v (open %v)", label(ev), ok)
	default:
	}
}

// collect reads events until the player holds again (or Events ends).
func (s *stepper) collect() []process.Event {
	s.t.Helper()
	var evs []process.Event
	timer := time.NewTimer(eventTimeout)
	defer timer.Stop()
	for {
		select {
		case ev, ok := <-s.p.Events():
			if !ok {
				s.ended = true
				return evs
			}
			evs = append(evs, ev)
		case <-s.parked:
			// It holds only after handing over its last event, which may still be buffered.
			for {
				select {
				case ev := <-s.p.Events():
					evs = append(evs, ev)
				default:
					return evs
				}
			}
		case <-timer.C:
			s.t.Fatal("no events and no hold within the timeout")
		}
	}
}

func isStream(ev process.Event) bool {
	m, ok := ev.(process.Message)
	if !ok {
		return false
	}
	_, ok = m.Msg.(*protocol.StreamEvent)
	return ok
}

// TestStepping steps through a capture with stream events: each step is one event or
// one whole run of stream events, nothing moves in between, and together the steps are
// the whole recording.
func TestStepping(t *testing.T) {
	path := capturePath(t, "exp01b_partial")
	all := drain(t, open(t, path, Options{clock: &instantClock{}}))

	s := newStepper(t, path, Options{})
	s.nothingReady()
	var stepped []process.Event
	var batches [][]process.Event
	for !s.ended {
		if !s.p.Paused() {
			t.Fatal("Step did not leave the player paused")
		}
		s.p.Step()
		batch := s.collect()
		if len(batch) == 0 && !s.ended {
			t.Fatal("a step delivered nothing")
		}
		batches = append(batches, batch)
		stepped = append(stepped, batch...)
		if len(batches) > len(all)+1 {
			t.Fatal("more steps than events")
		}
	}
	if !slices.Equal(labels(stepped), labels(all)) {
		t.Fatalf("stepping played\n%q\nwant\n%q", labels(stepped), labels(all))
	}
	runs := 0
	for i, b := range batches {
		if len(b) > 1 && !slices.ContainsFunc(b, func(ev process.Event) bool { return !isStream(ev) }) {
			runs++
		}
		if len(b) > 1 && slices.ContainsFunc(b, func(ev process.Event) bool { return !isStream(ev) }) {
			t.Errorf("step %d mixed %q", i, labels(b))
		}
		// A run of stream events is taken whole: the next step cannot start with one.
		if i > 0 && len(b) > 0 && isStream(b[0]) && isStream(batches[i-1][len(batches[i-1])-1]) {
			t.Errorf("step %d continues the stream run of step %d", i, i-1)
		}
	}
	if runs == 0 {
		t.Error("no step took a run of several stream events")
	}
}

func TestPauseAndResume(t *testing.T) {
	path := capturePath(t, "exp02a_perm_allow")
	all := labels(drain(t, open(t, path, Options{clock: &instantClock{}})))

	s := newStepper(t, path, Options{})
	var got []string
	for range 2 {
		s.p.Step()
		got = append(got, labels(s.collect())...)
	}
	s.nothingReady()
	s.p.Resume()
	if s.p.Paused() {
		t.Error("Resume left the player paused")
	}
	got = append(got, labels(drain(t, s.p))...)
	if !slices.Equal(got, all) {
		t.Errorf("paused, stepped twice and resumed: %q\nwant %q", got, all)
	}
}

func TestSetSpeedWhilePaused(t *testing.T) {
	path := capturePath(t, "exp02a_perm_allow")
	c := &instantClock{}
	s := newStepper(t, path, Options{clock: c})
	s.p.SetSpeed(2)
	s.waitParked()  // woken by the change, it holds again
	s.p.SetSpeed(0) // ignored, as is the next
	s.p.SetSpeed(-1)
	if s.p.Speed() != 2 {
		t.Errorf("speed %v after ignored values, want 2", s.p.Speed())
	}
	s.p.Resume()
	drain(t, s.p)
	twice := &instantClock{}
	drain(t, open(t, path, Options{clock: twice, Speed: 2}))
	_, exit := timelineTimes(t, path)
	if got, want := c.total(), twice.total(); got != want || want > exit/2+time.Millisecond {
		t.Errorf("waits add up to %v at speed 2, want %v (half the recording's %v)", got, want, exit)
	}
}

// TestCloseMidway closes a player that is still playing (on the real clock, without
// pauses: it is held up only by nobody reading): Close returns, Exited is left for a
// late reader, and no goroutine outlives it (TestMain checks).
func TestCloseMidway(t *testing.T) {
	for _, read := range []int{0, 1, 3} {
		p, err := Open(capturePath(t, "exp01b_partial"), Options{Speed: math.Inf(1)})
		if err != nil {
			t.Fatal(err)
		}
		for range read {
			select {
			case <-p.Events():
			case <-time.After(eventTimeout):
				t.Fatal("no event")
			}
		}
		if err := p.Close(); err != nil {
			t.Fatal(err)
		}
		if err := p.Close(); err != nil {
			t.Fatalf("second Close: %v", err)
		}
		var rest []process.Event
		for ev := range p.Events() {
			rest = append(rest, ev)
		}
		if len(rest) != 1 {
			t.Fatalf("read %d: after Close, %q are left, want only Exited", read, labels(rest))
		}
		if ex, ok := rest[0].(process.Exited); !ok || ex.Err != nil || ex.GotResult {
			t.Errorf("read %d: left %#v, want a clean Exited without result", read, rest[0])
		}
	}
}
