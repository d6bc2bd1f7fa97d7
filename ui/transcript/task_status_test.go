package transcript

import (
	"strings"
	"testing"
	"time"

	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

// agentCall is the tool_use_id of the Agent call in the exp07 captures.
const agentCall = "toolu_fake001"

// statusSource is a status function whose answer the test sets, counting
// the calls.
type statusSource struct {
	lines map[string]string
	calls int
}

func (s *statusSource) status(id string) string {
	s.calls++
	return s.lines[id]
}

func TestTaskStatusFunc(t *testing.T) {
	msgs := loadCapture(t, "exp07a_task_subagent")
	started := indexOfKind(t, msgs, "system/task_started")
	m, c := newTest(100, 30, themes.Dark)
	src := &statusSource{lines: map[string]string{}}
	m.SetTaskStatusFunc(src.status)
	feed(m, c, msgs[:started+1])

	// The transcript's own status until the function knows the task.
	if v := plainView(m); !strings.Contains(v, "Starting…") {
		t.Fatalf("own status not shown:\n%s", v)
	}

	// A Tick picks up a new line: the cached render is redrawn.
	src.lines[agentCall] = "● running · 3s · Bash"
	c.Advance(100e6)
	m.Tick(c.now)
	if v := plainView(m); !strings.Contains(v, "● running · 3s · Bash") || strings.Contains(v, "Starting…") {
		t.Fatalf("live status not shown after Tick:\n%s", v)
	}

	// A task message picks it up at once, without waiting for a Tick.
	src.lines[agentCall] = "● running · 4s · 1 tool · Bash"
	m.Apply(msgs[indexOfKind(t, msgs, "system/task_progress")])
	if v := plainView(m); !strings.Contains(v, "● running · 4s · 1 tool · Bash") {
		t.Fatalf("live status not refreshed by task_progress:\n%s", v)
	}

	// Stream deltas do not ask.
	before := src.calls
	m.Apply(&protocol.StreamEvent{Event: protocol.StreamEventBody{Type: "message_start"}})
	if src.calls != before {
		t.Errorf("a stream event asked for the task status %d times", src.calls-before)
	}

	// "" gives the transcript's own status back.
	delete(src.lines, agentCall)
	feed(m, c, msgs[started+1:])
	v := plainView(m)
	if strings.Contains(v, "● running") || !strings.Contains(v, "Subagent done: files listed.") {
		t.Fatalf("own status not restored:\n%s", v)
	}

	// Removing the hook clears any live line.
	src.lines[agentCall] = "LIVE"
	m.RefreshTaskStatus()
	m.SetTaskStatusFunc(nil)
	if v := plainView(m); strings.Contains(v, "LIVE") {
		t.Fatalf("line kept after the hook was removed:\n%s", v)
	}
}

// TestTaskStatusInCopy: search and copy see the line that is shown.
func TestTaskStatusInCopy(t *testing.T) {
	m, c := newTest(100, 30, themes.Dark)
	m.SetTaskStatusFunc(func(string) string { return "● running · background · 9s" })
	feed(m, c, loadCapture(t, "exp07d_task_background"))
	for _, it := range m.items {
		if tl, ok := it.(*toolItem); ok && tl.call.ID == agentCall {
			if !strings.Contains(tl.plain(), "● running · background · 9s") {
				t.Fatalf("plain text lacks the live status: %q", tl.plain())
			}
			return
		}
	}
	t.Fatal("no Agent call in the transcript")
}

func indexOfKind(t *testing.T, msgs []protocol.Message, kind string) int {
	t.Helper()
	for i, m := range msgs {
		if m.Kind() == kind {
			return i
		}
	}
	t.Fatalf("no %s message", kind)
	return -1
}

// TestSetClock: tool calls are stamped by the clock set, in subagent
// transcripts too, so elapsed times follow the times Tick is given.
func TestSetClock(t *testing.T) {
	c := &testClock{now: t0.Add(-time.Hour)}
	m := newTestModel(themes.New(themes.Mono), keymap.Default())
	m.SetSize(100, 30)
	msgs := loadCapture(t, "exp07a_task_subagent")
	m.Apply(msgs[indexOfKind(t, msgs, "system/task_started")-1]) // the Agent call, stamped by time.Now
	m.SetClock(c.Now)
	for _, msg := range msgs[:indexOfKind(t, msgs, "system/task_progress")+2] {
		m.Apply(msg)
	}
	c.Advance(7 * time.Second)
	m.Tick(c.now)
	sub := m.SubTranscript(agentCall)
	if sub == nil || sub.clock().IsZero() || !sub.clock().Equal(c.now) {
		t.Fatal("the subagent transcript does not use the clock")
	}
	sv := NewView(m.st, keymap.Default(), sub)
	sv.SetSize(80, 10)
	sub.Tick(c.now)
	if v := plainView(sv); !strings.Contains(v, "· 7.0s") {
		t.Fatalf("subagent's Bash call lacks 7.0s:\n%s", v)
	}
}
