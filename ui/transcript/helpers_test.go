package transcript

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/internal/capturefiles"
	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// t0 is the fixed time tests start their clocks at.
var t0 = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

// testClock is a clock the test moves by hand.
type testClock struct{ now time.Time }

func (c *testClock) Now() time.Time          { return c.now }
func (c *testClock) Advance(d time.Duration) { c.now = c.now.Add(d) }

// newTest is a transcript of the given size and theme on a fixed clock.
func newTest(w, h int, kind themes.Kind) (*testModel, *testClock) {
	c := &testClock{now: t0}
	m := newTestModel(themes.New(kind), keymap.Default())
	m.clock = c.Now
	m.SetSize(w, h)
	m.Tick(c.now)
	return m, c
}

// moduleRoot is the directory holding go.mod.
func moduleRoot(testing.TB) string {
	dir, err := os.Getwd()
	if err != nil {
		panic(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			panic("go.mod not found")
		}
		dir = parent
	}
}

// loadCapture decodes a capture's stdout from the repository's corpus; a missing
// capture or a line that does not decode fails the test (none should), or panics when
// t is nil (a golden scene).
func loadCapture(t testing.TB, name string) []protocol.Message {
	if t == nil {
		data, err := capturefiles.Load(name + ".jsonl")
		if err != nil {
			panic(fmt.Sprintf("capture %s: %v", name, err))
		}
		return decodeCapture(panicTB{}, name, data)
	}
	t.Helper()
	return decodeCapture(t, name, capturefiles.Read(t, name+".jsonl"))
}

// panicTB stands in for a test where there is none: Fatalf panics.
type panicTB struct{ testing.TB }

func (panicTB) Helper()                           {}
func (panicTB) Fatalf(format string, args ...any) { panic(fmt.Sprintf(format, args...)) }

// decodeCapture decodes the stdout lines in data.
func decodeCapture(t testing.TB, name string, data []byte) []protocol.Message {
	t.Helper()
	var msgs []protocol.Message
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 8<<20)
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		msg, err := protocol.Decode(line)
		var de *protocol.DecodeError
		if errors.As(err, &de) {
			t.Fatalf("%s: %v", name, err)
		}
		msgs = append(msgs, msg)
	}
	return msgs
}

// feed applies messages, moving the clock 10 ms before each.
func feed(m *testModel, c *testClock, msgs []protocol.Message) {
	for _, msg := range msgs {
		c.Advance(10 * time.Millisecond)
		m.Apply(msg)
	}
	m.Tick(c.now)
}

// summary describes the shown items, one short string each:
// "user:text", "text:Hello…", "thinking", "tool:Bash:done", "notice:error:…",
// "interrupted", "retry", "footer".
func summary(m reduced) []string {
	var out []string
	for _, it := range m.conversation().items {
		if it.base().hidden {
			continue
		}
		out = append(out, describe(it))
	}
	return out
}

var stateNames = map[render.ToolState]string{
	render.ToolInputStreaming:    "streaming",
	render.ToolWaitingPermission: "waiting",
	render.ToolRunning:           "running",
	render.ToolDone:              "done",
	render.ToolFailed:            "failed",
	render.ToolDenied:            "denied",
	render.ToolInterrupted:       "interrupted",
}

func describe(it item) string {
	switch it := it.(type) {
	case *userItem:
		return "user:" + short(it.text)
	case *textItem:
		s := "text:" + short(it.text())
		if it.interrupted {
			s += ":interrupted"
		}
		return s
	case *thinkingItem:
		return "thinking"
	case *toolItem:
		return "tool:" + it.call.Name + ":" + stateNames[it.call.State]
	case *noticeItem:
		switch {
		case it.interrupted:
			return "interrupted"
		case it.retry != nil:
			return "retry"
		}
		return fmt.Sprintf("notice:%s:%s", [...]string{"info", "warn", "error"}[it.level], short(it.text))
	case *footerItem:
		return "footer"
	case *compactItem:
		return "compact:" + short(it.head)
	}
	return fmt.Sprintf("%T", it)
}

func short(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 30 {
		s = s[:30]
	}
	return s
}

// plainView is View without styling, trailing spaces trimmed.
func plainView(m viewed) string {
	lines := strings.Split(ansi.Strip(m.view().View()), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// checkView asserts the view's shape: exactly h lines, none wider than w.
func checkView(t testing.TB, mv viewed) string {
	t.Helper()
	m := mv.view()
	v := m.View()
	lines := strings.Split(v, "\n")
	if len(lines) != m.height {
		t.Fatalf("view has %d lines, want %d", len(lines), m.height)
	}
	for i, l := range lines {
		if w := ansi.StringWidth(l); w > m.width {
			t.Fatalf("line %d is %d cells wide, more than %d: %q", i, w, m.width, l)
		}
	}
	return v
}

func plainOf(s string) string { return ansi.Strip(s) }
