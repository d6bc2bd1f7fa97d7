package framepace

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// fakeTicker records the periods it was reset to.
type fakeTicker struct {
	mu     sync.Mutex
	resets []time.Duration
}

func (f *fakeTicker) Reset(d time.Duration) {
	f.mu.Lock()
	f.resets = append(f.resets, d)
	f.mu.Unlock()
}

func (f *fakeTicker) periods() []time.Duration {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]time.Duration(nil), f.resets...)
}

// pacerWith returns a Pacer on a fake ticker and a clock the test moves.
func pacerWith(t *fakeTicker, clock *time.Time) *Pacer {
	p := New()
	p.looked, p.ticker = true, t
	p.now = func() time.Time { return *clock }
	p.idleAfter = time.Hour // the test calls slowIfIdle itself
	return p
}

func TestPacerSlowsOnlyAfterAQuietSpell(t *testing.T) {
	ft := &fakeTicker{}
	clock := time.Unix(1000, 0)
	p := pacerWith(ft, &clock)

	p.Wake()
	clock = clock.Add(p.idleAfter / 2)
	p.Wake() // a message half way: the countdown starts again
	clock = clock.Add(p.idleAfter / 2)
	p.slowIfIdle()
	if p.Idle() || len(ft.periods()) != 0 {
		t.Fatalf("slowed down %v after a message: idle=%v resets=%v", p.idleAfter/2, p.Idle(), ft.periods())
	}
	clock = clock.Add(p.idleAfter)
	p.slowIfIdle()
	if !p.Idle() || !equal(ft.periods(), []time.Duration{IdleInterval}) {
		t.Fatalf("after a quiet spell: idle=%v resets=%v, want the idle interval", p.Idle(), ft.periods())
	}
	p.Wake()
	if p.Idle() || !equal(ft.periods(), []time.Duration{IdleInterval, FrameInterval}) {
		t.Fatalf("a message did not restore the frame rate: idle=%v resets=%v", p.Idle(), ft.periods())
	}
	p.Wake() // already at full rate: no reset, which would shift the frame clock
	if n := len(ft.periods()); n != 2 {
		t.Fatalf("reset again while at full rate: %v", ft.periods())
	}
	p.timer.Stop()
}

func equal(a, b []time.Duration) bool {
	return len(a) == len(b) && strings.Join(durations(a), ",") == strings.Join(durations(b), ",")
}

func durations(ds []time.Duration) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.String()
	}
	return out
}

// counter shows how many bumps it has seen.
type counter struct{ n int }

type bump struct{}

func (c counter) Init() tea.Cmd { return nil }

func (c counter) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(bump); ok {
		c.n++
	}
	return c, nil
}

// View changes every cell per message, so the renderer's diff writes the whole line.
func (c counter) View() tea.View { return tea.NewView(strings.Repeat(string(rune('a'+c.n)), 8)) }

// syncBuffer is the program's output, read by the test while the program writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitFor polls cond; the limit only keeps a broken build from hanging.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("gave up waiting for %s", what)
}

// TestPacerFindsBubbleTeasTicker runs a real program: the Pacer must find Bubble Tea's
// ticker (this fails first if an upgrade renames it), slow it when nothing happens,
// and a message after that must still reach the screen.
func TestPacerFindsBubbleTeasTicker(t *testing.T) {
	p := New()
	p.idleAfter = 20 * time.Millisecond
	p.idleInterval = time.Hour // only a Wake can bring the next frame
	out := &syncBuffer{}
	prog := tea.NewProgram(Model{Model: counter{}, Pacer: p},
		tea.WithInput(nil), tea.WithOutput(out), tea.WithWindowSize(40, 5), tea.WithoutSignalHandler())
	p.Attach(prog)
	done := make(chan error, 1)
	go func() { _, err := prog.Run(); done <- err }()

	// Not the first frame: on a loaded machine the ticker can be slowed before it
	// flushes that frame, and then only a message brings it.
	waitFor(t, "the ticker to slow down", func() bool {
		p.mu.Lock()
		defer p.mu.Unlock()
		return p.idle || p.looked && p.ticker == nil
	})
	if !p.Attached() {
		t.Fatal("the Pacer did not find Bubble Tea's frame ticker (was the field renamed?)")
	}
	prog.Send(bump{})
	waitFor(t, "the frame after waking", func() bool { return strings.Contains(out.String(), "bbbbbbbb") })
	prog.Quit()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// GCLAUDE_FRAMEPACE=off must leave the program as Bubble Tea runs it.
func TestWrapOffLeavesTheModelAlone(t *testing.T) {
	var m tea.Model = Model{}
	if got, _ := Wrap(m, false); got != m {
		t.Fatalf("with the switch off the model was wrapped: %T", got)
	}
	if got, _ := Wrap(m, true); got == m {
		t.Fatal("with the switch on the model was not paced")
	}
}
