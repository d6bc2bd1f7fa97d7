package commands

import (
	"testing"
	"time"

	"github.com/gclaude/gclaude/protocol"
)

// A queued prompt is placed when it starts, not when it was sent; cutting forgets it
// and everything after.
func TestRewindLog(t *testing.T) {
	var l RewindLog
	l.Prompt("u1", "one", 1, false)
	l.Message(&protocol.Assistant{Meta: protocol.Meta{UUID: "a1"}})
	l.Prompt("u2", "two", 2, false) // queued while the first turn still ran
	l.Message(&protocol.Assistant{Meta: protocol.Meta{UUID: "a1b"}})
	sub := "toolu_1"
	l.Message(&protocol.Assistant{Meta: protocol.Meta{UUID: "sub"}, ParentToolUseID: &sub})
	l.Message(&protocol.CommandLifecycle{CommandUUID: "u2", State: "started"})
	l.Prompt("u3", "three", 3, false)

	if p, _ := l.Find("u1"); p.Before != "" {
		t.Errorf("first prompt before %q", p.Before)
	}
	if p, _ := l.Find("u2"); p.Before != "a1b" {
		t.Errorf("queued prompt before %q, want a1b (a subagent's message does not count)", p.Before)
	}
	points, desc := l.Newest()
	if len(points) != 3 || points[0].UUID != "u3" || desc[0] != "the last prompt" || desc[2] != "2 prompts before the last" {
		t.Errorf("newest %v %v", points, desc)
	}
	if p, ok := l.CutAt("u2"); !ok || p.Text != "two" || l.Len() != 1 {
		t.Fatalf("cut %v %v, left %d", p, ok, l.Len())
	}
	l.Prompt("u4", "four", 4, false)
	if p, _ := l.Find("u4"); p.Before != "a1b" {
		t.Errorf("after the cut the next prompt follows %q, want a1b", p.Before)
	}
}

// In a resumed conversation the first prompt's place is unknown: it cannot be cut back to.
func TestRewindLogResumed(t *testing.T) {
	var l RewindLog
	l.Prompt("u1", "one", 1, true)
	l.Message(&protocol.Assistant{Meta: protocol.Meta{UUID: "a1"}})
	l.Prompt("u2", "two", 2, true)
	if p, _ := l.Find("u1"); !p.Continued {
		t.Error("first prompt after a resume can be cut back to")
	}
	if p, _ := l.Find("u2"); p.Continued || p.Before != "a1" {
		t.Errorf("second prompt %+v", p)
	}
}

// When the resumed history's end is known, the first prompt after it can be cut back to.
func TestRewindLogResumedWithHistory(t *testing.T) {
	var l RewindLog
	l.Resumed("h9")
	l.Prompt("u1", "one", 1, true)
	if p, _ := l.Find("u1"); p.Continued || p.Before != "h9" {
		t.Errorf("first prompt after a known history %+v", p)
	}
}

func TestDoubleEsc(t *testing.T) {
	var l RewindLog
	t0 := time.Unix(0, 0)
	if l.DoubleEsc(t0) || l.DoubleEsc(t0.Add(2*time.Second)) {
		t.Fatal("esc far apart opened rewind")
	}
	if !l.DoubleEsc(t0.Add(2*time.Second + 300*time.Millisecond)) {
		t.Fatal("esc esc did not")
	}
	if l.DoubleEsc(t0.Add(2*time.Second + 400*time.Millisecond)) {
		t.Fatal("a third esc opened it again")
	}
}
