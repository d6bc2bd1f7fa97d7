package sessionserver

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/internal/sessionwire"
	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
)

func TestSpawnStreamsThroughTheServer(t *testing.T) {
	r := newRig(t)
	sc := r.start()
	sc.send("stream 20")
	if got := sc.result(); got != "streamed" {
		t.Fatalf("result = %q", got)
	}
	in, ok := r.info(sc.cli.ServerID())
	if !ok || in.State != sessionwire.StateIdle || in.LastLine != "streamed 20" || in.Conversation != "fake-session" || in.Screens != 1 {
		t.Fatalf("ls = %+v", in)
	}
	if sc.cli.PID() != in.PID || in.PID <= 0 {
		t.Errorf("PID = %d, ls says %d", sc.cli.PID(), in.PID)
	}
	if err := sc.cli.Close(); err != nil {
		t.Fatal(err)
	}
	x := expect[process.Exited](sc)
	if x.Code != 0 || x.Err != nil || !x.GotResult || x.Detached {
		t.Errorf("Exited = %+v", x)
	}
	eventually(t, "the ended session forgotten", func() bool { _, ok := r.info(in.ID); return !ok })
	if _, err := os.Stat(filepath.Join(r.paths.Records, in.ID+".rec")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the record outlived the session: %v", err)
	}
}

// An attach replays everything since claude started, marked, with the first screen's
// initialize answer as Ready and its prompts as Prompt, then goes live.
func TestAttachReplaysThenGoesLive(t *testing.T) {
	r := newRig(t)
	a := r.start()
	a.send("stream 30")
	a.result()
	a.send("say second")
	a.result()

	b := r.attach(a.cli.ServerID())
	att := expect[process.Attached](b)
	if att.Session.ID != a.cli.ServerID() || att.Replay.Cut || att.Replay.Stopped != "" {
		t.Fatalf("Attached = %+v", att)
	}
	replay := b.until(func(ev process.Event) bool { _, ok := ev.(process.Live); return ok })
	var prompts, deltas, results int
	var ready, streamed bool
	for _, ev := range replay {
		switch e := ev.(type) {
		case process.Ready:
			ready = e.Replayed && e.Init != nil && len(e.Init.Models) == 1
		case process.Prompt:
			if e.Replayed {
				prompts++
			}
		case process.Message:
			if !e.Replayed {
				t.Errorf("a replayed message not marked: %s", e.Msg.Kind())
			}
			switch m := e.Msg.(type) {
			case *protocol.StreamEvent:
				deltas++
			case *protocol.Result:
				results++
			case *protocol.Assistant:
				streamed = streamed || m.Message.Content[0].Text == "streamed 30"
			}
		}
	}
	// The deltas of ended turns are left out: the assistant line carries them whole.
	live := replay[len(replay)-1].(process.Live)
	if !ready || prompts != 2 || deltas != 0 || live.DeltasLeftOut != 30 || !streamed || results != 2 {
		t.Fatalf("replay: ready %v, %d prompts, %d deltas (%d left out), assistant %v, %d results; %s",
			ready, prompts, deltas, live.DeltasLeftOut, streamed, results, describe(replay))
	}
	if b.cli.Init() == nil {
		t.Error("Init is nil after the replayed initialize answer")
	}
	a.send("say live")
	p := expect[process.Prompt](b)
	if p.Replayed || !strings.Contains(string(p.Msg.Message.Content), "say live") {
		t.Errorf("live prompt = %+v", p)
	}
	if got := b.result(); got != "live" {
		t.Errorf("live result = %q", got)
	}
	if got := a.result(); got != "live" {
		t.Errorf("a's own result = %q", got)
	}
	// The attached screen sends too; the first sees it.
	b.send("say from b")
	expect[process.Prompt](a)
	if got := a.result(); got != "from b" {
		t.Errorf("a sees b's turn end with %q", got)
	}
}

// A screen killed while claude waits for a decision: the session runs on, the request
// is replayed to the next screen and still waits, and answering it runs the tool once.
func TestKilledScreenLeavesTheDecisionWaiting(t *testing.T) {
	r := newRig(t)
	o := r.options()
	id, req := killedScreen(t, clientSpec{Paths: r.paths, Bin: o.Bin, Dir: o.Dir, Env: o.Env, Prompt: "ask"})
	eventually(t, "the server to see the screen go", func() bool { in, _ := r.info(id); return in.Screens == 0 })
	in, ok := r.info(id)
	if !ok || in.State != sessionwire.StateWaiting || in.Waiting != 1 {
		t.Fatalf("ls after the screen died = %+v", in)
	}

	sc := r.attach(id)
	var replayed process.PermissionRequest
	for _, ev := range sc.until(func(ev process.Event) bool { _, ok := ev.(process.Live); return ok }) {
		switch e := ev.(type) {
		case process.PermissionRequest:
			replayed = e
		case process.Answered:
			t.Fatalf("the request was answered while no screen was there: %+v", e)
		case process.Live:
			if len(e.Pending) != 1 || e.Pending[0] != req {
				t.Fatalf("Live.Pending = %v, want [%s]", e.Pending, req)
			}
		}
	}
	if replayed.Req == nil || replayed.Req.RequestID != req || !replayed.Replayed {
		t.Fatalf("replayed request = %+v", replayed)
	}
	if err := sc.cli.RespondPermission(req, protocol.PermissionAllow{UpdatedInput: replayed.Req.Input}); err != nil {
		t.Fatal(err)
	}
	if got := sc.result(); got != "done" {
		t.Fatalf("result = %q", got)
	}
	if ran := r.logLines("ran.log"); len(ran) != 1 || ran[0] != req {
		t.Fatalf("the tool ran %v, want once for %s", ran, req)
	}
}

// Two screens on one session: both see the request; the first answer settles it for
// both; a second answer is refused locally, and one that reaches the server anyway
// (a race) is dropped there and its screen told.
func TestTwoScreensOneAnswer(t *testing.T) {
	r := newRig(t)
	a := r.start()
	b := r.attach(a.cli.ServerID())
	expect[process.Live](b)
	a.send("ask")
	pa := expect[process.PermissionRequest](a)
	pb := expect[process.PermissionRequest](b)
	if pa.Req.RequestID != pb.Req.RequestID || pb.Replayed {
		t.Fatalf("requests %+v / %+v", pa, pb)
	}
	id := pb.Req.RequestID
	if err := b.cli.RespondPermission(id, protocol.PermissionAllow{UpdatedInput: pb.Req.Input}); err != nil {
		t.Fatal(err)
	}
	ans := expect[process.Answered](a)
	if ans.RequestID != id || ans.Replayed {
		t.Fatalf("Answered = %+v", ans)
	}
	if err := a.cli.RespondPermission(id, protocol.PermissionDeny{Message: "late"}); !errors.Is(err, process.ErrUnknownRequest) {
		t.Fatalf("a's late answer: %v, want ErrUnknownRequest", err)
	}
	a.result()
	b.result()

	// A raw answer to the same id, past any screen's own check.
	conn, _, err := r.client.Open(sessionwire.Request{Op: sessionwire.OpAttach, ID: a.cli.ServerID()})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	line, _ := protocol.EncodePermission(id, protocol.PermissionDeny{Message: "raced"})
	if err := conn.Write(sessionwire.FrameStdin, line); err != nil {
		t.Fatal(err)
	}
	for {
		typ, p, err := conn.Read()
		if err != nil {
			t.Fatal(err)
		}
		if typ == sessionwire.FrameNotice {
			if !strings.Contains(string(p), sessionwire.NoticeAnswerDropped) || !strings.Contains(string(p), id) {
				t.Fatalf("notice = %s", p)
			}
			break
		}
	}
	if got := r.logLines("answers.log"); len(got) != 1 {
		t.Fatalf("claude got %d answers, want 1: %v", len(got), got)
	}
}

// A line that is not one JSON object never reaches claude (it would exit).
func TestBadStdinLineIsRefused(t *testing.T) {
	r := newRig(t)
	a := r.start()
	conn, _, err := r.client.Open(sessionwire.Request{Op: sessionwire.OpAttach, ID: a.cli.ServerID()})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for _, bad := range []string{"not json", `{"type":"user"} {"type":"user"}`, "[1]", `{"a":` + "\n" + `1}`} {
		if err := conn.Write(sessionwire.FrameStdin, []byte(bad)); err != nil {
			t.Fatal(err)
		}
		for {
			typ, p, err := conn.Read()
			if err != nil {
				t.Fatal(err)
			}
			if typ == sessionwire.FrameNotice {
				if !strings.Contains(string(p), sessionwire.NoticeLineRefused) {
					t.Fatalf("notice = %s", p)
				}
				break
			}
		}
	}
	a.send("say still here")
	if got := a.result(); got != "still here" {
		t.Fatalf("result = %q", got)
	}
}

// A screen attaching while claude is in the middle of a line gets the line whole,
// once, when it is complete.
func TestAttachMidLine(t *testing.T) {
	r := newRig(t)
	a := r.start()
	a.send("half")
	expect[process.Message](a) // system/init: the half line follows
	b := r.attach(a.cli.ServerID())
	expect[process.Live](b)
	if err := os.WriteFile(filepath.Join(r.dir, "go"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, ev := range b.until(func(ev process.Event) bool {
		m, ok := ev.(process.Message)
		_, res := m.Msg.(*protocol.Result)
		return ok && res
	}) {
		if m, ok := ev.(process.Message); ok {
			if as, ok := m.Msg.(*protocol.Assistant); ok {
				texts = append(texts, as.Message.Content[0].Text)
			}
		}
		if d, ok := ev.(process.DecodeError); ok {
			t.Fatalf("a torn line reached the screen: %v", d.Err)
		}
	}
	if len(texts) != 1 || texts[0] != "halfway" {
		t.Fatalf("assistant texts = %q, want one \"halfway\"", texts)
	}
}

// Detach leaves claude running; the session's metadata (a draft) survives it.
func TestDetachKeepsSessionAndMeta(t *testing.T) {
	r := newRig(t)
	a := r.start(func(o *process.Options) { o.ServerMeta = map[string]string{sessionwire.MetaName: "api"} })
	id := a.cli.ServerID()
	if err := a.cli.SetMeta("draft", "half a thought"); err != nil {
		t.Fatal(err)
	}
	a.send("say before")
	a.result()
	if err := a.cli.Detach(); err != nil {
		t.Fatal(err)
	}
	x := expect[process.Exited](a)
	if !x.Detached || x.Err != nil {
		t.Fatalf("Exited = %+v", x)
	}
	if err := a.cli.Send(promptOf("say after")); !errors.Is(err, process.ErrDetached) && !errors.Is(err, process.ErrClosed) {
		t.Errorf("Send after Detach: %v", err)
	}
	in, ok := r.info(id)
	if !ok || in.State != sessionwire.StateIdle || in.Name != "api" || in.Screens != 0 {
		t.Fatalf("ls after detach = %+v", in)
	}
	b := r.attach("api") // by name
	att := expect[process.Attached](b)
	if att.Session.Meta["draft"] != "half a thought" || att.Session.Meta[sessionwire.MetaName] != "api" {
		t.Fatalf("meta = %v", att.Session.Meta)
	}
}

// stop ends the session's claude, and nobody needs to see the exit.
func TestStopEndsTheSession(t *testing.T) {
	r := newRig(t)
	a := r.start()
	id := a.cli.ServerID()
	if err := a.cli.Detach(); err != nil {
		t.Fatal(err)
	}
	reply, err := r.client.Call(sessionwire.Request{Op: sessionwire.OpStop, ID: id[:4]})
	if err != nil || reply.Session == nil || reply.Session.ID != id {
		t.Fatalf("stop: %+v, %v", reply, err)
	}
	eventually(t, "the stopped session gone", func() bool { _, ok := r.info(id); return !ok })
	if _, err := r.client.Call(sessionwire.Request{Op: sessionwire.OpStop, ID: "nope"}); err == nil || !strings.Contains(err.Error(), "no session") {
		t.Errorf("stopping an unknown session: %v", err)
	}
}

// claude exiting while no screen is attached: the next screen sees the replay and how
// it ended; then the session is gone.
func TestExitWhileDetachedIsShownOnAttach(t *testing.T) {
	r := newRig(t)
	a := r.start()
	id := a.cli.ServerID()
	a.send("say last words")
	a.result()
	if err := a.cli.Detach(); err != nil {
		t.Fatal(err)
	}
	conn, _, err := r.client.Open(sessionwire.Request{Op: sessionwire.OpAttach, ID: id})
	if err != nil {
		t.Fatal(err)
	}
	line, _ := protocol.EncodeUserMessage(promptOf("exit 3"))
	_ = conn.Write(sessionwire.FrameStdin, line)
	_ = conn.Write(sessionwire.FrameDetach, nil)
	conn.Close()
	eventually(t, "claude to exit", func() bool { in, _ := r.info(id); return in.State == sessionwire.StateExited })
	if in, _ := r.info(id); in.Exit == nil || in.Exit.Code != 3 {
		t.Fatalf("ls after the exit = %+v", in)
	}

	b := r.attach(id)
	x := expect[process.Exited](b)
	if x.Code != 3 || x.Err == nil {
		t.Fatalf("Exited = %+v", x)
	}
	var said bool
	for _, ev := range b.seen {
		if m, ok := ev.(process.Message); ok {
			if as, ok := m.Msg.(*protocol.Assistant); ok && as.Message.Content[0].Text == "last words" {
				said = true
			}
		}
	}
	if !said {
		t.Errorf("the replay lacks what claude said: %s", describe(b.seen))
	}
	_ = b.cli.Close()
	eventually(t, "the seen session forgotten", func() bool { _, ok := r.info(id); return !ok })
}

// A screen killed mid-turn: the next one replays the running turn delta by delta (the
// ended turns' deltas are left out), then the rest streams live.
func TestAttachMidTurnReplaysItsDeltas(t *testing.T) {
	r := newRig(t)
	a := r.start()
	a.send("stream 10")
	a.result()
	a.send("pause 5")
	for n := 0; n < 5; {
		if m := expect[process.Message](a); m.Msg.Kind() == "stream_event" {
			n++
		}
	}
	id := a.cli.ServerID()
	if err := a.cli.Detach(); err != nil {
		t.Fatal(err)
	}
	b := r.attach(id)
	var deltas []string
	evs := b.until(func(ev process.Event) bool { _, ok := ev.(process.Live); return ok })
	for _, ev := range evs {
		if m, ok := ev.(process.Message); ok {
			if se, ok := m.Msg.(*protocol.StreamEvent); ok && se.Event.Delta != nil {
				deltas = append(deltas, se.Event.Delta.Text)
			}
		}
	}
	if live := evs[len(evs)-1].(process.Live); live.DeltasLeftOut != 10 || strings.Join(deltas, "") != "p0 p1 p2 p3 p4 " {
		t.Fatalf("replayed deltas %q, %d left out; want the running turn's 5, the ended turn's 10 left out", deltas, live.DeltasLeftOut)
	}
	if err := os.WriteFile(filepath.Join(r.dir, "go"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if got := b.result(); got != "paused" {
		t.Fatalf("live result = %q", got)
	}
}

// Two claude processes never write one conversation: starting one on a conversation a
// session already holds is refused, naming that session; a fork is not refused.
func TestSecondClaudeOnAConversationIsRefused(t *testing.T) {
	r := newRig(t)
	a := r.start(func(o *process.Options) { o.Resume = "c0ffee" })
	_, err := process.Start(t.Context(), func() process.Options { o := r.options(); o.Resume = "c0ffee"; return o }())
	var open *sessionwire.OpenElsewhereError
	if !errors.As(err, &open) || open.Session.ID != a.cli.ServerID() {
		t.Fatalf("second Start on the conversation: %v, want an OpenElsewhereError naming %s", err, a.cli.ServerID())
	}
	r.start(func(o *process.Options) { o.Resume, o.ForkSession = "c0ffee", true })
	// The fake's conversation is "fake-session" once a turn has run.
	a.send("say hi")
	a.result()
	if _, err := process.Start(t.Context(), func() process.Options { o := r.options(); o.Resume = "fake-session"; return o }()); !errors.As(err, &open) {
		t.Fatalf("Start on the conversation the session reported: %v", err)
	}
}

// `gclaude stop` on a session whose claude ended while no screen was attached forgets it.
func TestStopForgetsAnEndedSession(t *testing.T) {
	r := newRig(t)
	a := r.start()
	id := a.cli.ServerID()
	a.send("exit 2")
	expect[process.Exited](a) // a sees the end; the session stays until a has gone
	if err := a.cli.Detach(); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the seen session forgotten", func() bool { _, ok := r.info(id); return !ok })

	b := r.start()
	id = b.cli.ServerID()
	if err := b.cli.Detach(); err != nil {
		t.Fatal(err)
	}
	conn, _, err := r.client.Open(sessionwire.Request{Op: sessionwire.OpAttach, ID: id})
	if err != nil {
		t.Fatal(err)
	}
	line, _ := protocol.EncodeUserMessage(promptOf("exit 2"))
	_ = conn.Write(sessionwire.FrameStdin, line)
	conn.Close()
	eventually(t, "claude to exit", func() bool { in, _ := r.info(id); return in.State == sessionwire.StateExited && in.Screens == 0 })
	if _, err := r.client.Call(sessionwire.Request{Op: sessionwire.OpStop, ID: id}); err != nil {
		t.Fatal(err)
	}
	if _, ok := r.info(id); ok {
		t.Fatal("stop left the ended session listed")
	}
}
