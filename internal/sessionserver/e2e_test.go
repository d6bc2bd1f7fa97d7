package sessionserver

// The real pinned CLI under the session server (internal/clirig: throwaway HOME, the
// fake API on 127.0.0.1). GCLAUDE_SKIP_E2E=1 skips these.

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gclaude/gclaude/fakeapi"
	"github.com/gclaude/gclaude/internal/clirig"
	"github.com/gclaude/gclaude/internal/sessionwire"
	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
)

const (
	scenarioRanOnce = "e2e_ran_once" // a Bash call that appends a line to ran.txt
	scenarioSlow    = "e2e_slow"     // an answer streamed over about two seconds
)

func slowWords() []string {
	words := make([]string, 60)
	for i := range words {
		words[i] = "word" + string(rune('a'+i%26)) + " "
	}
	return words
}

// e2eRig is the real CLI's sandbox and an in-process server.
func e2eRig(t *testing.T) (*rig, *clirig.Rig) {
	t.Helper()
	if testing.Short() || os.Getenv("GCLAUDE_SKIP_E2E") != "" {
		t.Skip("end-to-end: runs the real CLI")
	}
	cr := clirig.New(t, clirig.Options{API: fakeapi.Config{Scenarios: []fakeapi.Scenario{
		{Name: scenarioRanOnce, Steps: []fakeapi.Step{
			fakeapi.Reply(fakeapi.ToolUse("Bash", map[string]any{"command": "echo ran >> {{cwd}}/ran.txt", "description": "Note a run"})),
			fakeapi.Reply(fakeapi.Text("Noted.")),
		}},
		{Name: scenarioSlow, Steps: []fakeapi.Step{{
			Blocks: []fakeapi.Block{{Type: fakeapi.BlockText, Deltas: slowWords()}},
			Stream: fakeapi.StreamOptions{DeltaDelay: 30 * time.Millisecond},
		}}},
	}}})
	return newRig(t), cr
}

func (r *rig) startReal(cr *clirig.Rig) *screen {
	r.t.Helper()
	cli, err := process.Start(context.Background(), process.Options{Bin: cr.Bin, Dir: cr.Dir, Env: cr.Env(), Server: r.client})
	if err != nil {
		r.t.Fatal(err)
	}
	r.t.Cleanup(func() { _ = cli.Close() })
	sc := &screen{t: r.t, cli: cli}
	expect[process.Ready](sc)
	return sc
}

// The screen is killed while a Bash call waits for permission: the request is still
// waiting when a new screen attaches, and approving it runs the command once.
func TestE2EPermissionOutlivesAKilledScreen(t *testing.T) {
	r, cr := e2eRig(t)
	id, req := killedScreen(t, clientSpec{Paths: r.paths, Bin: cr.Bin, Dir: cr.Dir, Env: cr.Env(), Prompt: "Note it. SCENARIO:" + scenarioRanOnce})
	eventually(t, "the server to see the screen go", func() bool { in, _ := r.info(id); return in.Screens == 0 })
	if in, _ := r.info(id); in.State != sessionwire.StateWaiting {
		t.Fatalf("ls = %+v, want waiting", in)
	}
	sc := r.attach(id)
	var asked process.PermissionRequest
	for _, ev := range sc.until(func(ev process.Event) bool { _, ok := ev.(process.Live); return ok }) {
		if pr, ok := ev.(process.PermissionRequest); ok {
			asked = pr
		}
		if lv, ok := ev.(process.Live); ok && (len(lv.Pending) != 1 || lv.Pending[0] != req) {
			t.Fatalf("Live.Pending = %v, want [%s]", lv.Pending, req)
		}
	}
	if asked.Req == nil || asked.Req.RequestID != req || asked.Req.ToolName != "Bash" {
		t.Fatalf("replayed request = %+v", asked.Req)
	}
	if sc.cli.Init() == nil {
		t.Error("no initialize answer replayed")
	}
	if err := sc.cli.RespondPermission(req, protocol.PermissionAllow{UpdatedInput: asked.Req.Input}); err != nil {
		t.Fatal(err)
	}
	for {
		m := expect[process.Message](sc)
		if res, ok := m.Msg.(*protocol.Result); ok {
			if res.IsError {
				t.Fatalf("result = %+v", res)
			}
			break
		}
	}
	b, err := os.ReadFile(cr.Path("ran.txt"))
	if err != nil || strings.Count(string(b), "ran") != 1 {
		t.Fatalf("ran.txt = %q, %v: want the command run once", b, err)
	}
}

// An answer keeps streaming while no screen is attached; the next screen gets all of
// it. A second screen attached meanwhile sees the same session live.
func TestE2EAnswerCompletesWhileDetached(t *testing.T) {
	r, cr := e2eRig(t)
	a := r.startReal(cr)
	id := a.cli.ServerID()
	watcher := r.attach(id)
	expect[process.Live](watcher)
	a.send("Take your time. SCENARIO:" + scenarioSlow)
	for {
		m := expect[process.Message](a)
		if se, ok := m.Msg.(*protocol.StreamEvent); ok && se.Event.Delta != nil && se.Event.Delta.Text != "" {
			break
		}
	}
	if err := a.cli.Detach(); err != nil {
		t.Fatal(err)
	}
	want := strings.Join(slowWords(), "")
	var watched strings.Builder
	for {
		m := expect[process.Message](watcher)
		if se, ok := m.Msg.(*protocol.StreamEvent); ok && se.Event.Delta != nil {
			watched.WriteString(se.Event.Delta.Text)
		}
		if _, ok := m.Msg.(*protocol.Result); ok {
			break
		}
	}
	if watched.String() != want {
		t.Errorf("the watching screen streamed %q, want %q", watched.String(), want)
	}
	if err := watcher.cli.Detach(); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the turn to end", func() bool { in, _ := r.info(id); return in.State == sessionwire.StateIdle && in.Screens == 0 })

	start := time.Now()
	b := r.attach(id)
	var replayed strings.Builder
	var prompt bool
	var live process.Live
	for _, ev := range b.until(func(ev process.Event) bool { _, ok := ev.(process.Live); return ok }) {
		switch e := ev.(type) {
		case process.Prompt:
			prompt = strings.Contains(string(e.Msg.Message.Content), scenarioSlow)
		case process.Message:
			if as, ok := e.Msg.(*protocol.Assistant); ok {
				for _, c := range as.Message.Content {
					replayed.WriteString(c.Text)
				}
			}
		case process.Live:
			live = e
		}
	}
	t.Logf("attach and replay: %v", time.Since(start))
	if !prompt || strings.TrimSpace(replayed.String()) != strings.TrimSpace(want) || live.DeltasLeftOut < len(slowWords()) {
		t.Fatalf("replay: prompt %v, text %q (want %q), %d deltas left out", prompt, replayed.String(), want, live.DeltasLeftOut)
	}
}
