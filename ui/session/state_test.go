package session

import (
	"testing"
	"time"

	"github.com/gclaude/gclaude/protocol"
)

var t0 = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

// system/init names the session and starts a turn, which takes every queued prompt
// until the CLI reports command_lifecycle; from then on each goes when it starts.
func TestObserveQueuedPrompts(t *testing.T) {
	s, turn := NewState("/w", "", ""), Turn{}
	turn.Prompts.Queued = []Prompt{{UUID: "u1", ID: 1}, {UUID: "u2", ID: 2}}
	o := s.Observe(&turn, &protocol.SystemInit{Meta: protocol.Meta{SessionID: "s1"}, Model: "opus", PermissionMode: "plan"}, t0)
	if s.SessionID != "s1" || s.Model != "opus" || s.Mode != "plan" || !turn.Running || !turn.Started.Equal(t0) || len(o.Taken) != 2 {
		t.Fatalf("init: %+v %+v %+v", s, turn, o)
	}
	turn.Prompts.Queued = []Prompt{{UUID: "u3", ID: 3}, {UUID: "u4", ID: 4}}
	s.Observe(&turn, &protocol.CommandLifecycle{CommandUUID: "u4", State: "queued"}, t0)
	o = s.Observe(&turn, &protocol.CommandLifecycle{CommandUUID: "u4", State: "started"}, t0)
	if len(o.Taken) != 1 || o.Taken[0] != 4 || !turn.Lifecycle {
		t.Fatalf("lifecycle: %+v", o)
	}
	if o = s.Observe(&turn, &protocol.SystemInit{Meta: protocol.Meta{SessionID: "s1"}}, t0); len(o.Taken) != 0 {
		t.Fatalf("after lifecycle, init took %v", o.Taken)
	}
}

// A result ends the turn unless more are queued; only then are the queued prompts
// released, after the transcript took the result.
func TestObserveResultEndsTurn(t *testing.T) {
	s, turn := NewState("", "", ""), Turn{}
	turn.Start(t0)
	turn.Start(t0.Add(time.Minute)) // already running: the start stays
	if o := s.Observe(&turn, &protocol.Result{QueuedTurnCount: 1}, t0); o.TurnEnded || !turn.Running {
		t.Fatalf("queued behind: %+v", o)
	}
	turn.Prompts.Queued = []Prompt{{UUID: "u1", ID: 7}}
	if got := turn.Settled(&protocol.Result{QueuedTurnCount: 1}); got != nil {
		t.Fatalf("released with a turn queued: %v", got)
	}
	o := s.Observe(&turn, &protocol.Result{}, t0)
	if !o.TurnEnded || !o.Started.Equal(t0) || turn.Running {
		t.Fatalf("end: %+v", o)
	}
	if got := turn.Settled(&protocol.Result{}); len(got) != 1 || got[0] != 7 {
		t.Fatalf("settled %v", got)
	}
}

// A mode asked for wins over what the CLI reports meanwhile, until it is answered.
func TestModeInFlight(t *testing.T) {
	s, turn := NewState("", "", ""), Turn{}
	if s.Mode != protocol.ModeDefault {
		t.Fatalf("launch mode %q", s.Mode)
	}
	s.ModeWant = "plan"
	s.Observe(&turn, &protocol.SystemInit{PermissionMode: "acceptEdits"}, t0)
	if s.Mode != protocol.ModeDefault {
		t.Fatalf("init overrode the mode in flight: %q", s.Mode)
	}
	s.ModeAnswered(ModeSet{Asked: "acceptEdits"})
	if s.ModeWant != "plan" {
		t.Fatal("another answer cleared the mode in flight")
	}
	s.ModeAnswered(ModeSet{Asked: "plan"})
	if s.ModeWant != "" {
		t.Fatal("the answer did not clear it")
	}
	next := s.NewConversation()
	if next.Phase != PhaseRestarting || next.Mode != s.Mode || next.SessionID != "" {
		t.Fatalf("new conversation %+v", next)
	}
}

// The conversation's totals survive a restart of the CLI, whose own start from zero.
func TestUsageAcrossRestarts(t *testing.T) {
	var u Usage
	u.Result(&protocol.Result{TotalCostUSD: 0.01, ModelUsage: map[string]protocol.ModelUsage{
		"opus": {InputTokens: 100, OutputTokens: 20, ContextWindow: 200000}}}, "opus")
	if u.CostUSD != 0.01 || u.Tokens != 120 || !u.Known || u.EarlierRuns() {
		t.Fatalf("first: %+v", u)
	}
	u.Restarted()
	u.Result(&protocol.Result{TotalCostUSD: 0.02, ModelUsage: map[string]protocol.ModelUsage{"opus": {InputTokens: 10}}}, "opus")
	if u.CostUSD != 0.03 || u.Tokens != 130 || !u.EarlierRuns() {
		t.Fatalf("after restart: %+v", u)
	}
	if _, ok := u.ContextPct(); ok {
		t.Fatal("a context share without a call's size")
	}
	u.Assistant(protocol.Usage{InputTokens: 50000})
	if pct, ok := u.ContextPct(); !ok || pct != 25 {
		t.Fatalf("context %v %v", pct, ok)
	}
	u.TakeContext(&protocol.ContextUsage{TotalTokens: 1000, MaxTokens: 0})
	if u.ContextTokens != 50000 {
		t.Fatal("a count without a window was taken")
	}
}

// A prompt is held without a session, queued behind a running turn, or starts one.
// Held prompts go out together once a session runs: the first starts the turn.
func TestTurnSubmitAndSendHeld(t *testing.T) {
	var turn Turn
	if queued, send := turn.Submit(Prompt{UUID: "h1", ID: 1}, false, t0); !queued || send || turn.Running {
		t.Fatal("a prompt without a session is not held")
	}
	turn.Submit(Prompt{UUID: "h2", ID: 2}, false, t0)
	send, started := turn.SendHeld(t0)
	if len(send) != 2 || len(started) != 1 || started[0] != 1 || !turn.Running || len(turn.Prompts.Queued) != 1 {
		t.Fatalf("send %v started %v turn %+v", send, started, turn)
	}
	if queued, send := turn.Submit(Prompt{UUID: "q", ID: 3}, true, t0); !queued || !send {
		t.Fatal("a prompt behind a running turn is not queued and sent")
	}
	var idle Turn
	if queued, send := idle.Submit(Prompt{UUID: "s"}, true, t0); queued || !send || !idle.Running {
		t.Fatal("a prompt on an idle session does not start a turn")
	}
}

// A prompt that never reached claude leaves the queue; if it was the one starting the
// turn, that turn never began.
func TestTurnWithdraw(t *testing.T) {
	var turn Turn
	p := Prompt{UUID: "s"}
	turn.Submit(p, true, t0)
	turn.Submit(Prompt{UUID: "q"}, true, t0)
	turn.Withdraw(Prompt{UUID: "q"})
	if !turn.Running || len(turn.Prompts.Queued) != 0 {
		t.Fatalf("withdrawing a queued prompt: %+v", turn)
	}
	turn.Withdraw(p)
	if turn.Running {
		t.Fatal("the turn the prompt would have started still runs")
	}
}
