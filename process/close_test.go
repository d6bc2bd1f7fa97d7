package process

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/gclaude/gclaude/protocol"
)

func TestCloseInterruptsRunningTurn(t *testing.T) {
	h := startFake(t, "serve")
	if err := h.s.Send(protocol.UserInput{Text: "hang"}); err != nil {
		t.Fatal(err)
	}
	expectMessage[*protocol.SystemInit](h, nil)
	if err := h.s.Close(); err != nil {
		t.Fatal(err)
	}
	if !h.stdinContains(`"subtype":"interrupt"`) {
		t.Error("Close did not send interrupt while a turn was running")
	}
	// The fake ends the interrupted turn with a result, then exits on stdin EOF.
	if x := h.exited(); x.Code != 0 || !x.GotResult || x.Signal != "" {
		t.Errorf("Exited = %+v", x)
	}
}

// The fake ignores stdin EOF and SIGTERM, and so does a grandchild it started, which
// also holds the session's stdout open: only SIGKILL to the group ends them.
func TestCloseEscalatesToSIGKILLForTheWholeGroup(t *testing.T) {
	h := startFake(t, "stubborn", func(o *Options) { o.stop = quickStop })
	if err := h.s.Send(protocol.UserInput{Text: "pids"}); err != nil {
		t.Fatal(err)
	}
	u := expectMessage(h, func(u *protocol.Unknown) bool { return u.Subtype == "fake_pids" })
	var pids struct{ PID, Grandchild int }
	if err := json.Unmarshal(u.Raw, &pids); err != nil || pids.PID != h.s.PID() || pids.Grandchild == 0 {
		t.Fatalf("pids = %+v (%v), session pid %d", pids, err, h.s.PID())
	}
	if err := h.s.Close(); err != nil {
		t.Fatal(err)
	}
	if x := h.exited(); x.Signal != "SIGKILL" || x.Code != -1 || x.Err == nil {
		t.Errorf("Exited = %+v", x)
	}
	if err := syscall.Kill(pids.PID, 0); !errors.Is(err, syscall.ESRCH) {
		t.Errorf("fake CLI %d still exists: %v", pids.PID, err)
	}
	// The grandchild is reaped by init, not by us: wait until it is gone or a zombie.
	eventually(t, "the grandchild to die", func() bool { return dead(pids.Grandchild) })
}

// dead reports whether pid no longer runs (gone, or a zombie waiting to be reaped).
func dead(pid int) bool {
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return true
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return os.IsNotExist(err)
	}
	// Fields after the command name in parentheses: state is the first.
	rest := string(stat[strings.LastIndexByte(string(stat), ')')+1:])
	return strings.HasPrefix(strings.TrimSpace(rest), "Z")
}

func TestCloseIsIdempotentAndConcurrent(t *testing.T) {
	h := startFake(t, "serve")
	expect[Ready](h)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := h.s.Close(); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if err := h.s.Close(); err != nil {
		t.Error(err)
	}
	h.exited()
	err := h.s.Send(protocol.UserInput{Text: "reply late"})
	if !errors.Is(err, ErrClosed) && !errors.Is(err, ErrExited) {
		t.Errorf("Send after Close = %v", err)
	}
}

// Nobody reads events until after Close: Close must not hang on the full channel, and
// a late reader still finds Exited last.
func TestCloseWithoutReader(t *testing.T) {
	h := startFake(t, "serve")
	for i := 0; i < eventBuffer/3+20; i++ { // 3 events per reply: more than the buffer holds
		if err := h.s.Send(protocol.UserInput{Text: "reply " + strconv.Itoa(i)}); err != nil {
			t.Fatal(err)
		}
	}
	eventually(t, "the events channel to fill", func() bool { return len(h.s.events.out) == eventBuffer })
	if err := h.s.Close(); err != nil {
		t.Fatal(err)
	}
	var last Event
	n := 0
	for ev := range h.s.Events() {
		last = ev
		n++
	}
	if _, ok := last.(Exited); !ok || n > eventBuffer {
		t.Errorf("read %d events, last %#v", n, last)
	}
}

func TestContextEndClosesSession(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	s, err := Start(ctx, Options{Bin: exe, Env: fakeEnv(helperEnv + "=serve"), stop: patientStop})
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{t: t, s: s}
	expect[Ready](h)
	cancel()
	h.exited()
	if err := s.Close(); err != nil {
		t.Error(err)
	}
}

func TestStartErrors(t *testing.T) {
	if _, err := Start(context.Background(), Options{Bin: "/no/such/claude"}); !errorsAs[*NotFoundError](err) {
		t.Errorf("Start with a missing binary = %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Start(ctx, Options{Bin: "/no/such/claude"}); !errors.Is(err, context.Canceled) {
		t.Errorf("Start with a done context = %v", err)
	}
}

func errorsAs[T error](err error) bool {
	var target T
	return errors.As(err, &target)
}
