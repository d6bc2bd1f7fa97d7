package tab

import (
	"context"
	"math"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/capturefiles"
	"github.com/gclaude/gclaude/internal/replay"
	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/session"
)

// replayWait bounds every wait for the player; generous for a loaded machine.
const replayWait = 30 * time.Second

// openCapture opens a recording of the repository's corpus (testdata/captures); it is
// closed when the test ends.
func openCapture(t *testing.T, name string, opts replay.Options) *replay.Player {
	t.Helper()
	p, err := replay.Open(capturefiles.Path(t, name+".jsonl"), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = p.Close() })
	return p
}

// replayHarness drives the root with a Player as its session.Backend; its events are fed in
// one per frame by play.
func replayHarness(t *testing.T, p *replay.Player) *harness {
	t.Helper()
	return newHarness(t, func(o *launchOptions) {
		o.Backend = p
		o.Replay = true
	})
}

// play feeds the player's events to the root until stop matches one (it is fed too);
// it fails if the recording ends first. A nil stop plays to the end.
func play(h *harness, p *replay.Player, stop func(process.Event) bool) process.Event {
	h.t.Helper()
	for {
		select {
		case ev, ok := <-p.Events():
			if !ok {
				if stop != nil {
					h.t.Fatal("the recording ended before the event waited for")
				}
				return nil
			}
			h.events(ev)
			if stop != nil && stop(ev) {
				return ev
			}
		case <-time.After(replayWait):
			h.t.Fatalf("no event from the player within %v", replayWait)
		}
	}
}

func isPermission(ev process.Event) bool { _, ok := ev.(process.PermissionRequest); return ok }

func isToolResult(ev process.Event) bool {
	m, ok := ev.(process.Message)
	if !ok {
		return false
	}
	u, ok := m.Msg.(*protocol.User)
	return ok && !u.IsReplay && len(u.Message.Blocks()) > 0 && u.Message.Blocks()[0].Type == protocol.BlockToolResult
}

func mustShow(t *testing.T, screen string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(screen, w) {
			t.Fatalf("screen lacks %q:\n%s", w, screen)
		}
	}
}

func TestReplayPermissionRecording(t *testing.T) {
	p := openCapture(t, "exp02a_perm_allow", replay.Options{Speed: math.Inf(1)})
	h := replayHarness(t, p)

	ev := play(h, p, isPermission)
	req := ev.(process.PermissionRequest).Req
	h.advance(time.Second) // past the dialog's arming period
	// The recorded prompt (from the .stdin.jsonl), the dialog read-only, the playback.
	mustShow(t, h.screen(), "Do it. SCENARIO:bash_touch", "touch /home/dev/project/x",
		"replay: nothing is sent", "replay ▶ max", "enter/esc close")
	if strings.Contains(h.screen(), "esc to interrupt") {
		t.Errorf("a recording offers to interrupt:\n%s", h.screen())
	}
	// Choosing does not answer anything: the dialog only closes.
	h.keys("1", "enter")
	if _, answered := p.Response(req.RequestID); answered {
		t.Fatal("a read-only dialog answered the recorded request")
	}
	if h.tab.dialogs.Len() != 0 {
		t.Fatal("the dialog stayed open")
	}

	play(h, p, isToolResult)
	mustShow(t, h.screen(), "Allowed (recorded)", "(no output)")
	play(h, p, nil)
	s := h.screen()
	mustShow(t, s, `ACK tool_result(toolu_fake001`, "End of the recording (claude exited)", "replay ■", "ended", "enter play it again")
	if strings.Count(s, "Do it. SCENARIO:bash_touch") != 1 {
		t.Errorf("the prompt is not shown exactly once:\n%s", s)
	}
}

// A dialog still open when the recording shows the tool's result closes by itself.
func TestReplayClosesTheDialogWhenTheRecordingMovesOn(t *testing.T) {
	p := openCapture(t, "exp02a_perm_allow", replay.Options{Speed: math.Inf(1)})
	h := replayHarness(t, p)
	play(h, p, isPermission)
	if h.tab.dialogs.Len() != 1 || !h.tab.dialogEnv().ReadOnly {
		t.Fatalf("dialogs = %d, read-only = %v", h.tab.dialogs.Len(), h.tab.dialogEnv().ReadOnly)
	}
	play(h, p, isToolResult)
	if h.tab.dialogs.Len() != 0 {
		t.Fatalf("the dialog is still open:\n%s", h.screen())
	}
	mustShow(t, h.screen(), "Allowed (recorded)")
}

func TestReplaySubagentRecording(t *testing.T) {
	p := openCapture(t, "exp07a_task_subagent", replay.Options{Speed: math.Inf(1)})
	h := replayHarness(t, p)
	play(h, p, nil)
	done, total := p.Progress()
	mustShow(t, h.screen(), "Delegate. SCENARIO:task", "Agent(List work files)", "Subagent done: files listed.",
		"End of the recording", "replay ■ max")
	if done != total || total == 0 {
		t.Errorf("progress %d/%d", done, total)
	}
}

func TestReplayKeys(t *testing.T) {
	p := openCapture(t, "exp02a_perm_allow", replay.Options{Paused: true})
	h := replayHarness(t, p)
	mustShow(t, h.screen(), "replay ⏸ 1.0× 0/", "space resume", "./n step", "+/- speed")

	h.typeText("+")
	if p.Speed() != 2 {
		t.Errorf("+: speed %v, want 2", p.Speed())
	}
	h.typeText("--")
	if p.Speed() != 0.5 {
		t.Errorf("- -: speed %v, want 0.5", p.Speed())
	}
	mustShow(t, h.screen(), "replay ⏸ 0.5×")

	h.keys(".") // one event, at once, still paused
	play(h, p, func(process.Event) bool { return true })
	if !p.Paused() {
		t.Error("step resumed the player")
	}
	mustShow(t, h.screen(), "replay ⏸ 0.5×")

	h.keys("space")
	if p.Paused() {
		t.Error("space did not resume")
	}
	mustShow(t, h.screen(), "replay ▶", "space pause")
	h.keys("space")
	if !p.Paused() {
		t.Error("space did not pause")
	}

	// With a draft the keys type: a recording takes no prompts, but typing is not
	// taken over.
	h.typeText("a b")
	if h.draft() != "a b" || !p.Paused() {
		t.Fatalf("draft %q, paused %v", h.draft(), p.Paused())
	}
	mustShow(t, h.screen(), "a recording takes no prompts")
	h.keys("enter")
	mustShow(t, h.screen(), "This is a recording: prompts are not sent.")
	if h.draft() != "a b" {
		t.Errorf("the draft was lost: %q", h.draft())
	}
}

// Every call a recording refuses says so, and the mode the user asked for is not left
// pending.
func TestReplayReadOnlyCalls(t *testing.T) {
	p := openCapture(t, "exp02a_perm_allow", replay.Options{Paused: true})
	h := replayHarness(t, p)
	h.keys("shift+tab")
	mustShow(t, h.screen(), "This is a recording: the permission mode cannot be switched.")
	if h.tab.sess.ModeWant != "" {
		t.Errorf("modeWant = %q", h.tab.sess.ModeWant)
	}
	h.typeText("/model sonnet")
	h.keys("enter")
	mustShow(t, h.screen(), "This is a recording: the model cannot be switched.")
}

// After the end, enter plays the recording again from the start in a new transcript.
func TestReplayPlaysAgain(t *testing.T) {
	p := openCapture(t, "exp02a_perm_allow", replay.Options{Speed: math.Inf(1)})
	var again *replay.Player
	h := newHarness(t, func(o *launchOptions) {
		o.Backend = p
		o.Replay = true
		o.Start = func(_ context.Context, _ session.StartRequest) (session.Backend, error) {
			again = openCapture(t, "exp02a_perm_allow", replay.Options{Speed: math.Inf(1)})
			return again, nil
		}
	})
	play(h, p, nil)
	h.keys("enter")
	if again == nil {
		t.Fatal("enter after the end did not start the recording again")
	}
	if strings.Contains(h.screen(), "End of the recording") {
		t.Fatalf("the old transcript stayed:\n%s", h.screen())
	}
	play(h, again, nil)
	mustShow(t, h.screen(), "Do it. SCENARIO:bash_touch", "End of the recording")
}

// The CLI echoes a queued prompt, then again merged with the next one; the replay
// shows each prompt once, as typed (exp09a).
func TestReplayMergedEchoShowsEachPromptOnce(t *testing.T) {
	p := openCapture(t, "exp09a_multiturn_replay", replay.Options{Speed: math.Inf(1)})
	h := replayHarness(t, p)
	h.send(tea.WindowSizeMsg{Width: 100, Height: 200})
	play(h, p, nil)
	s := h.screen()
	for _, prompt := range []string{"First. SCENARIO:text", "Second. SCENARIO:bash_touch", "Queued A. SCENARIO:text", "Queued B. SCENARIO:text"} {
		if n := strings.Count(s, prompt); n != 1 {
			t.Errorf("%q shown %d times:\n%s", prompt, n, s)
		}
	}
}
