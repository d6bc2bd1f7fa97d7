package tasks

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/gclaude/gclaude/internal/capturefiles"
	"github.com/gclaude/gclaude/protocol"
)

// t0 is the fixed time test clocks start at.
var t0 = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

// testClock is a clock the test moves by hand.
type testClock struct{ now time.Time }

func (c *testClock) Now() time.Time          { return c.now }
func (c *testClock) Advance(d time.Duration) { c.now = c.now.Add(d) }

func newTestStore() (*Store, *testClock) {
	c := &testClock{now: t0}
	return NewStore(c.Now), c
}

// moduleRoot is the directory holding go.mod.
func moduleRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found")
		}
		dir = parent
	}
}

// loadCapture decodes every line of a capture's stdout.
func loadCapture(t testing.TB, name string) []protocol.Message {
	t.Helper()
	data := capturefiles.Read(t, name+".jsonl")
	var msgs []protocol.Message
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 8<<20)
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		msg, err := protocol.Decode(line)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		msgs = append(msgs, msg)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return msgs
}

// applier is anything fed protocol messages: the store, the transcript.
type applier interface{ Apply(protocol.Message) }

// feed applies messages to every target, moving the clock 10 ms before each.
func feed(c *testClock, msgs []protocol.Message, targets ...applier) {
	for _, msg := range msgs {
		c.Advance(10 * time.Millisecond)
		for _, a := range targets {
			a.Apply(msg)
		}
	}
}

// indexOf is the index of the n-th (from 1) message of kind in msgs.
// first is the capture's first message of type M.
func first[M protocol.Message](t testing.TB, msgs []protocol.Message) M {
	t.Helper()
	for _, m := range msgs {
		if v, ok := m.(M); ok {
			return v
		}
	}
	var zero M
	t.Fatalf("no %T in the capture", zero)
	return zero
}

func indexOf(t testing.TB, msgs []protocol.Message, kind string, n int) int {
	t.Helper()
	for i, m := range msgs {
		if m.Kind() == kind {
			if n--; n == 0 {
				return i
			}
		}
	}
	t.Fatalf("no %s #%d", kind, n)
	return -1
}
