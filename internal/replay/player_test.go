package replay

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gclaude/gclaude/internal/capturefiles"
	"github.com/gclaude/gclaude/internal/clirig"
	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
)

// expectedLabels decodes a capture's stdout independently of the player: every line
// except the control traffic a live session keeps to itself.
func expectedLabels(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	ready := false
	for _, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		msg, err := protocol.Decode([]byte(line))
		if err != nil {
			want = append(want, "decode-error")
			continue
		}
		switch m := msg.(type) {
		case *protocol.ControlResponse:
			if !ready && strings.Contains(line, `"commands":`) {
				ready = true
				want = append(want, "ready")
			}
		case *protocol.CanUseTool:
			want = append(want, "permission:"+m.ToolName)
		case *protocol.ControlCancelRequest:
			want = append(want, "cancelled")
		case *protocol.HookCallback, *protocol.MCPMessage, *protocol.KeepAlive:
		case *protocol.Unknown:
			if m.Type != "control_request" {
				want = append(want, m.Kind())
			}
		default:
			want = append(want, msg.Kind())
		}
	}
	return want
}

func stdinPrompts(t *testing.T, path string) int {
	data, err := os.ReadFile(sibling(path, ".stdin.jsonl"))
	if err != nil {
		return 0
	}
	n := 0
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(strings.ReplaceAll(line, " ", ""), `{"type":"user"`) {
			n++
		}
	}
	return n
}

// TestEveryCapture plays every capture to the end and checks that the events are the
// stdout lines in order, with the typed prompts added, and Exited last.
func TestEveryCapture(t *testing.T) {
	played := 0
	for _, dir := range capturefiles.Corpora(t) {
		for _, file := range capturefiles.Stdout(t, dir) {
			played++
			t.Run(strings.TrimSuffix(file, ".jsonl"), func(t *testing.T) {
				path := playable(t, dir, file)
				p := open(t, path, Options{clock: &instantClock{}})
				got := labels(drain(t, p))
				if len(got) == 0 || got[len(got)-1] != "exited" || slices.Index(got, "exited") != len(got)-1 {
					t.Fatalf("Exited is not last and alone: %q", got)
				}
				got = got[:len(got)-1]
				prompts := 0
				withoutPrompts := slices.DeleteFunc(slices.Clone(got), func(l string) bool {
					if l == "prompt" {
						prompts++
					}
					return l == "prompt"
				})
				if want := expectedLabels(t, path); !slices.Equal(withoutPrompts, want) {
					t.Errorf("events\n%q\nwant\n%q", withoutPrompts, want)
				}
				stdout, _ := os.ReadFile(path)
				echoed := strings.Contains(string(stdout), `"isReplay":true`) // the CLI echoed the prompts itself
				if want := stdinPrompts(t, path); p.Timed() && !echoed && prompts != want {
					t.Errorf("%d prompts played, stdin holds %d", prompts, want)
				}
				if done, total := p.Progress(); done != total || total != len(got) {
					t.Errorf("progress %d/%d after %d events", done, total, len(got))
				}
			})
		}
	}
	if played < 50 {
		t.Errorf("only %d captures found", played)
	}
}

func TestExactSequence(t *testing.T) {
	tests := []struct {
		capture string
		want    []string
		exited  process.Exited
	}{
		{"exp02a_perm_allow", []string{
			"ready", "prompt", "system/init", "assistant", "permission:Bash", "user", "assistant", "result/success", "exited",
		}, process.Exited{Code: 0, GotResult: true}},
		{"exp08j_sigterm_midturn", nil, process.Exited{Code: -1, Signal: "SIGTERM", GotResult: false}},
		{"exp02e_perm_deny_interrupt", nil, process.Exited{Code: 1, GotResult: true}},
	}
	for _, tc := range tests {
		t.Run(tc.capture, func(t *testing.T) {
			p := open(t, capturePath(t, tc.capture), Options{clock: &instantClock{}})
			evs := drain(t, p)
			if tc.want != nil && !slices.Equal(labels(evs), tc.want) {
				t.Errorf("events %q, want %q", labels(evs), tc.want)
			}
			ex := evs[len(evs)-1].(process.Exited)
			if ex.Code != tc.exited.Code || ex.Signal != tc.exited.Signal || ex.GotResult != tc.exited.GotResult {
				t.Errorf("exited %+v, want %+v", ex, tc.exited)
			}
			if (ex.Err != nil) != (ex.Code != 0 || ex.Signal != "") {
				t.Errorf("exited err %v for code %d signal %q", ex.Err, ex.Code, ex.Signal)
			}
		})
	}
}

func TestPromptsAndInit(t *testing.T) {
	p := open(t, capturePath(t, "exp02a_perm_allow"), Options{clock: &instantClock{}})
	if p.Init() == nil || p.Init().ClaudeCodeVersion != clirig.PinnedVersion || len(p.Init().Models) == 0 {
		t.Fatalf("Init() = %+v", p.Init())
	}
	evs := drain(t, p)
	u := evs[1].(process.Message).Msg.(*protocol.User)
	if got := u.Message.Text(); got != "Do it. SCENARIO:bash_touch" {
		t.Errorf("prompt %q", got)
	}
	if r, ok := evs[0].(process.Ready); !ok || r.Init != p.Init() {
		t.Errorf("first event %#v, want Ready with Init()", evs[0])
	}

	quiet := open(t, capturePath(t, "exp02a_perm_allow"), Options{clock: &instantClock{}, NoPrompts: true})
	if got := labels(drain(t, quiet)); slices.Contains(got, "prompt") {
		t.Errorf("NoPrompts still played prompts: %q", got)
	}
	none := open(t, capturePath(t, "exp08d_no_initialize"), Options{clock: &instantClock{}})
	if none.Init() != nil || slices.Contains(labels(drain(t, none)), "ready") {
		t.Error("a capture without initialize reported one")
	}
}

func TestPaceFollowsTimeline(t *testing.T) {
	path := capturePath(t, "exp02a_perm_allow")
	base := &instantClock{}
	drain(t, open(t, path, Options{clock: base, MaxGap: -1}))
	waits := base.recorded()
	// The timeline says when initialize was answered and when the CLI exited.
	answered, exited := timelineTimes(t, path)
	if len(waits) == 0 || waits[0] != answered {
		t.Fatalf("first wait %v, want %v (all: %v)", waits, answered, waits)
	}
	if got := base.total(); got != exited {
		t.Errorf("waits add up to %v, want the recording's %v", got, exited)
	}

	for _, speed := range []float64{4, 0.5} {
		fast := &instantClock{}
		drain(t, open(t, path, Options{clock: fast, Speed: speed, MaxGap: -1}))
		got := fast.recorded()
		if len(got) != len(waits) {
			t.Fatalf("speed %v: %d waits, want %d", speed, len(got), len(waits))
		}
		for i := range got {
			if want := time.Duration(float64(waits[i]) / speed); got[i] != want {
				t.Errorf("speed %v: wait %d is %v, want %v", speed, i, got[i], want)
			}
		}
	}
}

func TestLongPausesAreShortened(t *testing.T) {
	path := capturePath(t, "exp08i_keepalive_idle_and_long") // 65 s idle
	longest := func(opts Options) time.Duration {
		c := &instantClock{}
		opts.clock = c
		drain(t, open(t, path, opts))
		return slices.Max(c.recorded())
	}
	if got := longest(Options{}); got != DefaultMaxGap {
		t.Errorf("longest wait %v, want DefaultMaxGap", got)
	}
	if got := longest(Options{MaxGap: time.Second}); got != time.Second {
		t.Errorf("longest wait %v with MaxGap 1s", got)
	}
	if got := longest(Options{MaxGap: -1}); got < time.Minute {
		t.Errorf("longest wait %v without a cap, want the minute of idling", got)
	}
}

func TestWithoutTimeline(t *testing.T) {
	data, err := os.ReadFile(capturePath(t, "exp02a_perm_allow"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "lone.jsonl")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	c := &instantClock{}
	p := open(t, path, Options{clock: c, Gap: 7 * time.Millisecond})
	got := labels(drain(t, p))
	want := []string{"ready", "system/init", "assistant", "permission:Bash", "user", "assistant", "result/success", "exited"}
	if p.Timed() || !slices.Equal(got, want) {
		t.Errorf("timed=%v events %q, want %q", p.Timed(), got, want)
	}
	for _, w := range c.recorded() {
		if w != 7*time.Millisecond {
			t.Fatalf("waits %v, want every one 7ms", c.recorded())
		}
	}
	if n := len(c.recorded()); n != len(want) {
		t.Errorf("%d waits for %d events", n, len(want))
	}
}

func TestMissingFile(t *testing.T) {
	if _, err := Open(filepath.Join(t.TempDir(), "nope.jsonl"), Options{}); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Open(missing) = %v, want ErrNotExist", err)
	}
}

func TestHostCallsAreReadOnly(t *testing.T) {
	p := open(t, capturePath(t, "exp02a_perm_allow"), Options{clock: &instantClock{}, Paused: true})
	ctx := context.Background()
	_, errModel := p.SetModel(ctx, "sonnet")
	_, errMode := p.SetPermissionMode(ctx, "plan")
	_, errReq := p.Request(ctx, protocol.GetSessionCost{})
	for i, err := range []error{p.Send(protocol.UserInput{Text: "hi"}), p.Interrupt(ctx), errModel, errMode, errReq} {
		if !errors.Is(err, ErrReadOnly) {
			t.Errorf("call %d: %v, want ErrReadOnly", i, err)
		}
	}
}

func TestRespondRecords(t *testing.T) {
	p := open(t, capturePath(t, "exp02a_perm_allow"), Options{clock: &instantClock{}})
	if err := p.RespondPermission("nobody-asked", protocol.PermissionAllow{}); !errors.Is(err, process.ErrUnknownRequest) {
		t.Errorf("Respond(unknown) = %v, want ErrUnknownRequest", err)
	}
	var req *protocol.CanUseTool
	for _, ev := range drain(t, p) {
		if pr, ok := ev.(process.PermissionRequest); ok {
			req = pr.Req
		}
	}
	if req == nil {
		t.Fatal("no permission request played")
	}
	deny := protocol.PermissionDeny{Message: "not in a replay"}
	if err := p.RespondPermission(req.RequestID, deny); err != nil {
		t.Fatalf("Respond: %v", err)
	}
	if got, ok := p.Response(req.RequestID); !ok || got.Decision != deny {
		t.Errorf("Response = %v, %v", got, ok)
	}
	if err := p.RespondPermission(req.RequestID, deny); !errors.Is(err, process.ErrUnknownRequest) {
		t.Errorf("second Respond = %v, want ErrUnknownRequest", err)
	}
	rec, ok := p.Recorded(req.RequestID)
	if !ok || rec.IsError() || !strings.Contains(string(rec.Response), `"allow"`) {
		t.Errorf("Recorded = %+v, %v; want the host's allow", rec, ok)
	}
}

func TestCancelledRequestCannotBeAnswered(t *testing.T) {
	p := open(t, capturePath(t, "exp06b_interrupt"), Options{clock: &instantClock{}})
	var cancelled string
	for _, ev := range drain(t, p) {
		if c, ok := ev.(process.Cancelled); ok {
			cancelled = c.RequestID
		}
	}
	if cancelled == "" {
		t.Fatal("no Cancelled played")
	}
	if err := p.RespondPermission(cancelled, protocol.PermissionAllow{}); !errors.Is(err, process.ErrUnknownRequest) {
		t.Errorf("Respond(cancelled) = %v, want ErrUnknownRequest", err)
	}
}
