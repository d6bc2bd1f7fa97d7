package process

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"
)

func TestMain(m *testing.M) {
	if mode := os.Getenv(helperEnv); mode != "" {
		os.Exit(runFakeCLI(mode))
	}
	if os.Getenv(hostEnv) != "" {
		os.Exit(runHost())
	}
	if os.Getenv(remoteHostEnv) != "" {
		os.Exit(runRemoteHost())
	}
	goleak.VerifyTestMain(m, goleak.IgnoreTopFunction(SpawnerGoroutine))
}

// patience bounds every wait for an event or condition; only a broken session hits it.
const patience = 30 * time.Second

// patientStop gives a fake that exits on stdin EOF all the time it needs, however
// loaded the machine, so a test sees its clean exit rather than a signal.
var patientStop = stopTimings{interrupt: patience, stdin: patience, term: patience, drain: patience}

// quickStop shortens the grace periods for a fake that ignores EOF and SIGTERM anyway:
// whatever the durations, it ends with SIGKILL.
var quickStop = stopTimings{interrupt: patience, stdin: 100 * time.Millisecond, term: 100 * time.Millisecond, drain: patience}

type harness struct {
	t    *testing.T
	s    *CLI
	log  string  // the fake's stdin log
	seen []Event // every event read so far
}

// startFake runs the fake CLI in mode and closes the session when the test ends.
func startFake(t *testing.T, mode string, tweak ...func(*Options)) *harness {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(t.TempDir(), "stdin.jsonl")
	o := Options{
		Bin:  exe,
		Env:  fakeEnv(helperEnv+"="+mode, stdinLogEnv+"="+log),
		stop: patientStop,
	}
	for _, f := range tweak {
		f(&o)
	}
	s, err := Start(context.Background(), o)
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return &harness{t: t, s: s, log: log}
}

// startSession starts o's session and closes it when the test ends; if the test
// failed, it logs claude's stderr and what more (when not nil) says.
func startSession(t *testing.T, o Options, more func() string) *harness {
	t.Helper()
	s, err := Start(context.Background(), o)
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Cleanup(func() {
		_ = s.Close()
		if t.Failed() {
			t.Logf("claude stderr:\n%s", strings.Join(s.Stderr(), "\n"))
			if more != nil {
				t.Log(more())
			}
		}
	})
	return &harness{t: t, s: s}
}

// fakeEnv is the fake CLI's environment. Under -race a Go program sleeps a second
// before exiting unless told otherwise.
func fakeEnv(extra ...string) []string {
	return append(append(os.Environ(), "GORACE=atexit_sleep_ms=0"), extra...)
}

// next returns the next event, failing the test if none comes.
func (h *harness) next() Event {
	h.t.Helper()
	select {
	case ev, ok := <-h.s.Events():
		if !ok {
			h.t.Fatal("events closed")
		}
		h.seen = append(h.seen, ev)
		return ev
	case <-time.After(patience):
		h.t.Fatalf("no event within %v; seen %d: %s", patience, len(h.seen), describe(h.seen))
		return nil
	}
}

// expect skips events until one of type T arrives.
func expect[T Event](h *harness) T {
	h.t.Helper()
	for {
		ev := h.next()
		if e, ok := ev.(T); ok {
			return e
		}
		if x, ok := ev.(Exited); ok {
			h.t.Fatalf("exited while waiting for %T: %+v", *new(T), x)
		}
	}
}

// expectMessage skips events until a Message whose payload matches.
func expectMessage[M any](h *harness, match func(M) bool) M {
	h.t.Helper()
	for {
		m := expect[Message](h)
		if msg, ok := m.Msg.(M); ok && (match == nil || match(msg)) {
			return msg
		}
	}
}

// exited reads up to Exited and checks the channel closes after it.
func (h *harness) exited() Exited {
	h.t.Helper()
	for {
		if x, ok := h.next().(Exited); ok {
			select {
			case ev, ok := <-h.s.Events():
				if ok {
					h.t.Fatalf("event after Exited: %#v", ev)
				}
			case <-time.After(patience):
				h.t.Fatal("events not closed after Exited")
			}
			return x
		}
	}
}

// stdinLines is what the fake has read so far, one entry per line (newline kept).
func (h *harness) stdinLines() [][]byte {
	h.t.Helper()
	b, err := os.ReadFile(h.log)
	if err != nil {
		h.t.Fatal(err)
	}
	return bytes.SplitAfter(b, []byte("\n"))
}

func (h *harness) stdinContains(s string) bool {
	for _, l := range h.stdinLines() {
		if bytes.Contains(l, []byte(s)) {
			return true
		}
	}
	return false
}

// eventually waits for cond, polling: for states no event reports.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(patience)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	t.Cleanup(cancel)
	return ctx
}

// describe names events for failure messages.
func describe(evs []Event) string {
	var parts []string
	for _, ev := range evs {
		switch e := ev.(type) {
		case Message:
			parts = append(parts, e.Msg.Kind())
		case PermissionRequest:
			parts = append(parts, "PermissionRequest("+e.Req.RequestID+")")
		case Cancelled:
			parts = append(parts, "Cancelled("+e.RequestID+")")
		default:
			parts = append(parts, fmt.Sprintf("%T", ev))
		}
	}
	return strings.Join(parts, ", ")
}
