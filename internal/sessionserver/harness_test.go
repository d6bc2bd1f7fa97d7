package sessionserver

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/gclaude/gclaude/internal/sessionwire"
	"github.com/gclaude/gclaude/process"
)

const (
	serveEnv  = "SESSIONSERVER_SERVE"  // the test binary is a session server (paths as JSON)
	clientEnv = "SESSIONSERVER_CLIENT" // the test binary is a screen that asks and waits (clientSpec)
)

func TestMain(m *testing.M) {
	if dir := os.Getenv(fakeEnv); dir != "" {
		os.Exit(runFakeClaude(dir))
	}
	if spec := os.Getenv(serveEnv); spec != "" {
		os.Exit(runServeMode(spec))
	}
	if spec := os.Getenv(clientEnv); spec != "" {
		os.Exit(runClientMode(spec))
	}
	if path := os.Getenv(foreignEnv); path != "" {
		os.Exit(runForeignListener(path))
	}
	goleak.VerifyTestMain(m, goleak.IgnoreTopFunction(process.SpawnerGoroutine))
}

// patience bounds every wait; only a broken server reaches it.
const patience = 30 * time.Second

// testPaths are a server's paths in a fresh short folder (a socket path is short).
func testPaths(t *testing.T) sessionwire.Paths {
	t.Helper()
	base, err := os.MkdirTemp("", "ss")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(base) })
	state := filepath.Join(base, "state")
	if err := os.Mkdir(state, 0o700); err != nil {
		t.Fatal(err)
	}
	return sessionwire.Paths{
		Socket: filepath.Join(base, "s.sock"), Lock: filepath.Join(base, "s.lock"), State: state,
		Records: filepath.Join(state, "records"), Log: filepath.Join(state, "server.log"), Registry: filepath.Join(state, "server.json"),
	}
}

// rig is an in-process server and a folder for the fake claude's logs.
type rig struct {
	t      *testing.T
	paths  sessionwire.Paths
	srv    *Server
	client *sessionwire.Client
	dir    string // the fake's folder (and claude's working folder)
}

func newRig(t *testing.T, tweak ...func(*Config)) *rig {
	t.Helper()
	paths := testPaths(t)
	cfg := Config{Paths: paths, Build: "test", IdleGrace: time.Hour, Log: log.New(testLog{t}, "server: ", 0)}
	for _, f := range tweak {
		f(&cfg)
	}
	srv, err := Listen(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx) }()
	t.Cleanup(func() {
		cancel()
		<-done
		srv.handlers.Wait()
	})
	return &rig{t: t, paths: paths, srv: srv, client: &sessionwire.Client{Paths: paths, Build: "test"}, dir: t.TempDir()}
}

// testLog sends the server's log to the test's.
type testLog struct{ t *testing.T }

func (l testLog) Write(p []byte) (int, error) {
	l.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// options run the fake claude under the rig's server.
func (r *rig) options() process.Options {
	exe, err := os.Executable()
	if err != nil {
		r.t.Fatal(err)
	}
	return process.Options{Bin: exe, Dir: r.dir, Env: append(os.Environ(), fakeEnv+"="+r.dir, "GORACE=atexit_sleep_ms=0"), Server: r.client}
}

// screen is one process.CLI and the events it has delivered.
type screen struct {
	t    *testing.T
	cli  *process.CLI
	seen []process.Event
}

func (r *rig) start(tweak ...func(*process.Options)) *screen {
	r.t.Helper()
	o := r.options()
	for _, f := range tweak {
		f(&o)
	}
	cli, err := process.Start(context.Background(), o)
	if err != nil {
		r.t.Fatalf("Start: %v", err)
	}
	r.t.Cleanup(func() { _ = cli.Close() })
	sc := &screen{t: r.t, cli: cli}
	expect[process.Ready](sc)
	return sc
}

func (r *rig) attach(id string) *screen {
	r.t.Helper()
	cli, err := process.Attach(context.Background(), r.options(), id)
	if err != nil {
		r.t.Fatalf("Attach: %v", err)
	}
	r.t.Cleanup(func() { _ = cli.Detach() })
	return &screen{t: r.t, cli: cli}
}

func (sc *screen) next() process.Event {
	sc.t.Helper()
	select {
	case ev, ok := <-sc.cli.Events():
		if !ok {
			sc.t.Fatalf("events closed; seen %s", describe(sc.seen))
		}
		sc.seen = append(sc.seen, ev)
		return ev
	case <-time.After(patience):
		sc.t.Fatalf("no event within %v; seen %s", patience, describe(sc.seen))
		return nil
	}
}

// expect skips events until one of type T.
func expect[T process.Event](sc *screen) T {
	sc.t.Helper()
	for {
		ev := sc.next()
		if e, ok := ev.(T); ok {
			return e
		}
		if x, ok := ev.(process.Exited); ok {
			sc.t.Fatalf("exited while waiting for %T: %+v; seen %s", *new(T), x, describe(sc.seen))
		}
	}
}

// until collects events up to and including the first that match says is the one.
func (sc *screen) until(match func(process.Event) bool) []process.Event {
	sc.t.Helper()
	var evs []process.Event
	for {
		ev := sc.next()
		evs = append(evs, ev)
		if match(ev) {
			return evs
		}
	}
}

// result waits for a turn's result and returns its text.
func (sc *screen) result() string {
	sc.t.Helper()
	for {
		m := expect[process.Message](sc)
		if r, ok := m.Msg.(interface{ Kind() string }); ok && r.Kind() == "result/success" {
			b, _ := json.Marshal(m.Msg)
			var v struct {
				Result string `json:"result"`
			}
			_ = json.Unmarshal(b, &v)
			return v.Result
		}
	}
}

func (sc *screen) send(text string) {
	sc.t.Helper()
	if err := sc.cli.Send(promptOf(text)); err != nil {
		sc.t.Fatalf("Send: %v", err)
	}
}

func describe(evs []process.Event) string {
	var parts []string
	for _, ev := range evs {
		switch e := ev.(type) {
		case process.Message:
			parts = append(parts, e.Msg.Kind()+replayMark(e.Replayed))
		case process.PermissionRequest:
			parts = append(parts, "PermissionRequest("+e.Req.RequestID+")"+replayMark(e.Replayed))
		case process.Answered:
			parts = append(parts, "Answered("+e.RequestID+")"+replayMark(e.Replayed))
		case process.Prompt:
			parts = append(parts, "Prompt"+replayMark(e.Replayed))
		case process.Notice:
			parts = append(parts, "Notice("+e.Kind+")")
		case process.Exited:
			parts = append(parts, fmt.Sprintf("Exited(%+v)", e))
		default:
			parts = append(parts, fmt.Sprintf("%T", ev))
		}
	}
	return strings.Join(parts, ", ")
}

func replayMark(r bool) string {
	if r {
		return "*"
	}
	return ""
}

// eventually polls cond: for states no event reports.
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

// logLines are the lines of one of the fake's logs.
func (r *rig) logLines(name string) []string {
	b, err := os.ReadFile(filepath.Join(r.dir, name))
	if err != nil {
		return nil
	}
	return slices.DeleteFunc(strings.Split(string(b), "\n"), func(s string) bool { return s == "" })
}

// info is the server's view of one session.
func (r *rig) info(id string) (sessionwire.Info, bool) {
	reply, err := r.client.Call(sessionwire.Request{Op: sessionwire.OpList})
	if err != nil {
		r.t.Fatal(err)
	}
	for _, in := range reply.Sessions {
		if in.ID == id {
			return in, true
		}
	}
	return sessionwire.Info{}, false
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
