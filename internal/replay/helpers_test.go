package replay

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/gclaude/gclaude/internal/capturefiles"
	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// backend is the UI's Backend contract (ui/session/backend.go); a Player must stand in for a
// live session.
type backend interface {
	Events() <-chan process.Event
	Init() *protocol.InitializeResponse
	Send(protocol.UserInput) error
	Interrupt(context.Context) error
	SetModel(context.Context, string) (string, error)
	SetPermissionMode(context.Context, string) (string, error)
	RespondPermission(requestID string, d protocol.PermissionDecision) error
	RespondElicitation(requestID string, r process.ElicitationResponse) error
	RespondError(requestID, message string) error
	Request(context.Context, protocol.ClientRequest) (protocol.ControlResponseBody, error)
	Close() error
}

var (
	_ backend = (*process.CLI)(nil)
	_ backend = (*Player)(nil)
)

// eventTimeout bounds every wait for an event; generous for a loaded machine.
const eventTimeout = 30 * time.Second

// capturePath is the stdout recording name of the repository's corpus, as a path the
// player can open.
func capturePath(t *testing.T, name string) string {
	t.Helper()
	return playable(t, capturefiles.Dir(t), name+".jsonl")
}

// playable is the path of the stdout recording file in dir. One stored gzipped is
// unpacked, with its siblings, into a folder of the test's own, since the player reads
// plain files.
func playable(t *testing.T, dir, file string) string {
	t.Helper()
	path := filepath.Join(dir, file)
	if _, err := os.Stat(path); err == nil {
		return path
	}
	tmp := t.TempDir()
	stem := strings.TrimSuffix(file, ".jsonl")
	for _, suffix := range []string{".jsonl", ".stdin.jsonl", ".timeline.tsv", ".exit.txt", ".stderr.txt"} {
		if err := os.WriteFile(filepath.Join(tmp, stem+suffix), capturefiles.ReadIn(t, dir, stem+suffix), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(tmp, file)
}

// timelineTimes reads the recording's timeline: when its first stdout line came (the
// initialize answer) and when the CLI exited.
func timelineTimes(t *testing.T, path string) (firstOut, exit time.Duration) {
	t.Helper()
	data, err := os.ReadFile(sibling(path, ".timeline.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	firstOut, exit = -1, -1
	for _, row := range strings.Split(string(data), "\n") {
		f := strings.Split(row, "\t")
		if len(f) < 2 {
			continue
		}
		secs, err := strconv.ParseFloat(f[0], 64)
		if err != nil {
			t.Fatalf("timeline row %q: %v", row, err)
		}
		at := time.Duration(secs * float64(time.Second))
		switch {
		case f[1] == "OUT" && firstOut < 0:
			firstOut = at
		case f[1] == "EXIT":
			exit = at
		}
	}
	if firstOut < 0 || exit < 0 {
		t.Fatalf("%s: no OUT or EXIT row in the timeline", path)
	}
	return firstOut, exit
}

// instantClock fires every wait at once and remembers how long each would have been,
// so pacing is checked without depending on the machine's speed.
type instantClock struct {
	mu    sync.Mutex
	now   time.Time
	waits []time.Duration
}

func (c *instantClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *instantClock) After(d time.Duration) (<-chan time.Time, func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.waits = append(c.waits, d)
	c.now = c.now.Add(d)
	ch := make(chan time.Time, 1)
	ch <- c.now
	return ch, func() {}
}

func (c *instantClock) recorded() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]time.Duration(nil), c.waits...)
}

func (c *instantClock) total() time.Duration {
	var sum time.Duration
	for _, d := range c.recorded() {
		sum += d
	}
	return sum
}

func open(t *testing.T, path string, opts Options) *Player {
	t.Helper()
	p, err := Open(path, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = p.Close() })
	return p
}

// drain reads every event until Events is closed.
func drain(t *testing.T, p *Player) []process.Event {
	t.Helper()
	var evs []process.Event
	timer := time.NewTimer(eventTimeout)
	defer timer.Stop()
	for {
		select {
		case ev, ok := <-p.Events():
			if !ok {
				return evs
			}
			evs = append(evs, ev)
		case <-timer.C:
			t.Fatalf("events did not end within %v (got %d)", eventTimeout, len(evs))
		}
	}
}

// label names an event for comparisons: the message kind, or the event type.
func label(ev process.Event) string {
	switch e := ev.(type) {
	case process.Message:
		if u, ok := e.Msg.(*protocol.User); ok && u.IsReplay && u.SessionID == "" {
			return "prompt"
		}
		return e.Msg.Kind()
	case process.Ready:
		return "ready"
	case process.PermissionRequest:
		return "permission:" + e.Req.ToolName
	case process.ElicitationRequest:
		return "elicitation"
	case process.Cancelled:
		return "cancelled"
	case process.DecodeError:
		return "decode-error"
	case process.Exited:
		return "exited"
	}
	return "?"
}

func labels(evs []process.Event) []string {
	out := make([]string, len(evs))
	for i, ev := range evs {
		out[i] = label(ev)
	}
	return out
}
