package statusline

import (
	"errors"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// rig is a Line with its timers and runs held by hand.
type rig struct {
	l      Line
	timers []tea.Msg // messages of timers set, in order
	delays []time.Duration
	runs   []string // stdin of every run started
	result Result   // what the next runs return
}

func newRig() *rig {
	r := &rig{result: Result{Lines: []string{"ok"}}}
	r.l.After = func(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
		r.timers = append(r.timers, fn(time.Time{}))
		r.delays = append(r.delays, d)
		return nil
	}
	r.l.Run = func(command, dir string, input []byte, env []string, timeout time.Duration) Result {
		r.runs = append(r.runs, string(input))
		return r.result
	}
	return r
}

// finish runs a run's Cmd and returns its DoneMsg.
func finish(t *testing.T, cmd tea.Cmd) DoneMsg {
	t.Helper()
	if cmd == nil {
		t.Fatal("no run started")
	}
	msg, ok := cmd().(DoneMsg)
	if !ok {
		t.Fatalf("a run's Cmd returned %T", msg)
	}
	return msg
}

func TestSetRunsAtOnce(t *testing.T) {
	r := newRig()
	r.l.Observe(Facts{Model: "opus"})
	done := finish(t, r.l.Set(Config{Command: "x"}, true, time.Now()))
	if len(r.runs) != 1 || !strings.Contains(r.runs[0], `"id":"opus"`) {
		t.Fatalf("runs %q", r.runs)
	}
	r.l.Done(done, time.Now())
	if r.l.Rows() != 1 || !strings.Contains(r.l.View(20), "ok") {
		t.Errorf("rows %d, view %q", r.l.Rows(), r.l.View(20))
	}
}

func TestChangesAreDebounced(t *testing.T) {
	r := newRig()
	r.l.Done(finish(t, r.l.Set(Config{Command: "x"}, true, time.Now())), time.Now())
	r.l.Observe(Facts{CostUSD: 1})
	r.l.Observe(Facts{CostUSD: 1}) // no change: no timer
	r.l.Observe(Facts{CostUSD: 2})
	if len(r.timers) != 2 || r.delays[0] != Debounce {
		t.Fatalf("timers %v %v, want two of %v", r.timers, r.delays, Debounce)
	}
	if cmd := r.l.Due(r.timers[0].(DueMsg), time.Now()); cmd != nil {
		t.Errorf("the timer of a change followed by another ran the command")
	}
	done := finish(t, r.l.Due(r.timers[1].(DueMsg), time.Now()))
	if !strings.Contains(r.runs[1], `"total_cost_usd":2`) {
		t.Errorf("the run after the last change saw %s", r.runs[1])
	}
	r.l.Done(done, time.Now())
}

func TestOneRunAtATime(t *testing.T) {
	r := newRig()
	first := finish(t, r.l.Set(Config{Command: "x"}, true, time.Now()))
	r.l.Observe(Facts{CostUSD: 1})
	if cmd := r.l.Due(r.timers[0].(DueMsg), time.Now()); cmd != nil {
		t.Fatal("a second run started while one was in flight")
	}
	_, next := r.l.Done(first, time.Now())
	finish(t, next) // the change during the run is run for once it ended
	if len(r.runs) != 2 || !strings.Contains(r.runs[1], `"total_cost_usd":1`) {
		t.Errorf("runs %q", r.runs)
	}
}

func TestFailureIsNoticedOnce(t *testing.T) {
	r := newRig()
	r.result = Result{Err: errors.New("exited with status 1")}
	notice, _ := r.l.Done(finish(t, r.l.Set(Config{Command: "x"}, true, time.Now())), time.Now())
	if notice == nil || !strings.Contains(notice.Text, "status 1") {
		t.Fatalf("notice %v", notice)
	}
	if r.l.Rows() != 0 {
		t.Errorf("a failed run shows %d rows", r.l.Rows())
	}
	r.l.Observe(Facts{CostUSD: 1})
	if notice, _ := r.l.Done(finish(t, r.l.Due(r.timers[0].(DueMsg), time.Now())), time.Now()); notice != nil {
		t.Errorf("the same failure noticed again: %v", notice)
	}
	// Once it works again, a new failure is worth saying.
	r.result = Result{Lines: []string{"back"}}
	r.l.Observe(Facts{CostUSD: 2})
	r.l.Done(finish(t, r.l.Due(r.timers[1].(DueMsg), time.Now())), time.Now())
	r.result = Result{Err: errors.New("did not finish within 5s")}
	r.l.Observe(Facts{CostUSD: 3})
	if notice, _ := r.l.Done(finish(t, r.l.Due(r.timers[2].(DueMsg), time.Now())), time.Now()); notice == nil {
		t.Errorf("a failure after a success was not noticed")
	}
}

func TestOffShowsNothing(t *testing.T) {
	r := newRig()
	r.l.Done(finish(t, r.l.Set(Config{Command: "x"}, true, time.Now())), time.Now())
	if cmd := r.l.Set(Config{}, false, time.Now()); cmd != nil || r.l.Rows() != 0 || r.l.View(20) != "" {
		t.Errorf("turned off: cmd %v, rows %d", cmd != nil, r.l.Rows())
	}
	if r.l.Observe(Facts{CostUSD: 9}) != nil || len(r.timers) != 0 {
		t.Errorf("a change scheduled a run with no status line")
	}
}

func TestRefreshInterval(t *testing.T) {
	r := newRig()
	r.l.Done(finish(t, r.l.Set(Config{Command: "x", Refresh: 10 * time.Second}, true, time.Now())), time.Now())
	if len(r.delays) != 1 || r.delays[0] != 10*time.Second {
		t.Fatalf("delays %v, want the refresh interval", r.delays)
	}
	finish(t, r.l.Due(r.timers[0].(DueMsg), time.Now()))
}

func TestPaddingAndWidth(t *testing.T) {
	r := newRig()
	r.result = Result{Lines: []string{"abcdefghij", "two"}}
	r.l.Done(finish(t, r.l.Set(Config{Command: "x", Padding: 2}, true, time.Now())), time.Now())
	if got, want := r.l.View(8), "  abcdef\n  two   "; got != want {
		t.Errorf("view %q, want %q", got, want)
	}
}

func TestMessagesBelongToTheirLine(t *testing.T) {
	a, b := newRig(), newRig()
	done := finish(t, a.l.Set(Config{Command: "x"}, true, time.Now()))
	if done.For(&b.l) || !done.For(&a.l) {
		t.Errorf("a run's result is not routed to its own session's line")
	}
}
