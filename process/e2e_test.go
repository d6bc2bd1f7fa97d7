package process

// End-to-end tests: the real claude CLI (internal/clirig) talking to the scripted fake
// Messages API (fakeapi) on 127.0.0.1, driven through a CLI. GCLAUDE_SKIP_E2E=1
// skips them; a missing CLI fails them with instructions (`make claude-cli`).

import (
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gclaude/gclaude/fakeapi"
	"github.com/gclaude/gclaude/internal/clirig"
	"github.com/gclaude/gclaude/protocol"
)

const (
	// scenarioLong streams for minutes unless interrupted, so an interrupt always lands
	// mid-stream however slow the machine.
	scenarioLong = "e2e_long"
	// notFoundModel is answered 404 by the fake, so set_model's probe fails.
	notFoundModel = "bad-model-x"
	// denyMessage is what the user tells the model when refusing a tool.
	denyMessage = "Not now, says the e2e test."
)

// startCLI runs the real CLI in a fresh sandbox and closes it when the test ends.
func startCLI(t *testing.T, tweak ...func(*Options)) (*harness, *clirig.Rig) {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end: runs the real CLI")
	}
	r := clirig.New(t, clirig.Options{API: fakeapi.Config{
		Scenarios:      []fakeapi.Scenario{longScenario()},
		NotFoundModels: []string{notFoundModel},
	}})
	o := Options{Bin: r.Bin, Dir: r.Dir, Env: r.Env()}
	for _, f := range tweak {
		f(&o)
	}
	h := startSession(t, o, nil)
	ready := expect[Ready](h)
	if ready.Init.ClaudeCodeVersion == "" || len(ready.Init.Models) == 0 {
		t.Fatalf("initialize response = %+v", ready.Init)
	}
	return h, r
}

func (h *harness) send(text string) {
	h.t.Helper()
	if err := h.s.Send(protocol.UserInput{Text: text}); err != nil {
		h.t.Fatalf("Send: %v", err)
	}
}

// result waits for the turn's result.
func (h *harness) result() *protocol.Result {
	h.t.Helper()
	return expectMessage[*protocol.Result](h, nil)
}

// streamsHello sends the text scenario's prompt and checks that its answer streams in
// deltas and ends with the result.
func (h *harness) streamsHello() {
	h.t.Helper()
	h.send("Hi. SCENARIO:" + fakeapi.ScenarioText)
	var streamed strings.Builder
	for {
		m := expect[Message](h)
		if se, ok := m.Msg.(*protocol.StreamEvent); ok && se.Event.Delta != nil {
			streamed.WriteString(se.Event.Delta.Text)
		}
		if r, ok := m.Msg.(*protocol.Result); ok {
			if r.IsError || r.Result != fakeapi.TextHello {
				h.t.Errorf("result = %+v", r)
			}
			break
		}
	}
	if streamed.String() != fakeapi.TextHello {
		h.t.Errorf("streamed text = %q, want %q", streamed.String(), fakeapi.TextHello)
	}
}

// longScenario streams for minutes unless interrupted (scenarioLong).
func longScenario() fakeapi.Scenario {
	words := make([]string, 3000)
	for i := range words {
		words[i] = "word "
	}
	return fakeapi.Scenario{Name: scenarioLong, Steps: []fakeapi.Step{{
		Blocks: []fakeapi.Block{{Type: fakeapi.BlockText, Deltas: words}},
		Stream: fakeapi.StreamOptions{DeltaDelay: 50 * time.Millisecond},
	}}}
}

func TestE2EStreamedTextReply(t *testing.T) {
	h, _ := startCLI(t)
	h.streamsHello()
	if err := h.s.Close(); err != nil {
		t.Fatal(err)
	}
	if x := h.exited(); x.Code != 0 || !x.GotResult {
		t.Errorf("Exited = %+v", x)
	}
}

func TestE2EBashAllowRunsTheCommand(t *testing.T) {
	h, r := startCLI(t)
	h.send("Do it. SCENARIO:" + fakeapi.ScenarioBashTouch)
	pr := expect[PermissionRequest](h)
	if pr.Req.ToolName != "Bash" || !strings.Contains(string(pr.Req.Input), fakeapi.FileTouched) {
		t.Fatalf("permission request = %+v", pr.Req)
	}
	if err := h.s.RespondPermission(pr.Req.RequestID, protocol.PermissionAllow{UpdatedInput: pr.Req.Input}); err != nil {
		t.Fatal(err)
	}
	if res := h.result(); res.IsError {
		t.Fatalf("result = %+v", res)
	}
	if _, err := os.Stat(r.Path(fakeapi.FileTouched)); err != nil {
		t.Errorf("the allowed command did not run: %v", err)
	}
}

func TestE2EDenyWithMessage(t *testing.T) {
	h, r := startCLI(t)
	h.send("Do it. SCENARIO:" + fakeapi.ScenarioBashTouch)
	pr := expect[PermissionRequest](h)
	if err := h.s.RespondPermission(pr.Req.RequestID, protocol.PermissionDeny{Message: denyMessage}); err != nil {
		t.Fatal(err)
	}
	h.result()
	if _, err := os.Stat(r.Path(fakeapi.FileTouched)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the denied command ran (stat: %v)", err)
	}
	last, ok := r.API.LastMainRequest()
	if !ok {
		t.Fatal("no request reached the fake API")
	}
	var found bool
	for _, c := range last.ToolResults() {
		found = found || (c.IsError && strings.Contains(c.ResultText(), denyMessage))
	}
	if !found {
		t.Errorf("the next API request does not carry the deny message as an error tool_result: %+v", last.ToolResults())
	}
}

func TestE2EAllowWithSuggestedPermissionsIsNotAskedAgain(t *testing.T) {
	h, _ := startCLI(t)
	h.send("Do it. SCENARIO:" + fakeapi.ScenarioBashTouch)
	pr := expect[PermissionRequest](h)
	if len(pr.Req.PermissionSuggestions) == 0 {
		t.Fatalf("no permission suggestions in %+v", pr.Req)
	}
	if err := h.s.RespondPermission(pr.Req.RequestID, protocol.PermissionAllow{
		UpdatedInput:       pr.Req.Input,
		UpdatedPermissions: pr.Req.PermissionSuggestions,
	}); err != nil {
		t.Fatal(err)
	}
	h.result()

	h.send("Again. SCENARIO:" + fakeapi.ScenarioBashTouch)
	for {
		switch ev := h.next().(type) {
		case PermissionRequest:
			t.Fatalf("asked again for %s %s", ev.Req.ToolName, ev.Req.Input)
		case Message:
			if r, ok := ev.Msg.(*protocol.Result); ok {
				if r.IsError {
					t.Errorf("second turn failed: %+v", r)
				}
				return
			}
		case Exited:
			t.Fatalf("exited: %+v", ev)
		}
	}
}

func TestE2EInterruptMidStream(t *testing.T) {
	h, _ := startCLI(t)
	h.send("Talk. SCENARIO:" + scenarioLong)
	expectMessage(h, func(se *protocol.StreamEvent) bool { return se.Event.Delta != nil && se.Event.Delta.Text != "" })
	if err := h.s.Interrupt(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	if res := h.result(); !res.Interrupted() || res.TerminalReason != protocol.TerminalAbortedStreaming {
		t.Errorf("result after interrupt = %+v", res)
	}
	// The session goes on.
	h.send("Hi. SCENARIO:" + fakeapi.ScenarioText)
	if res := h.result(); res.IsError || res.Result != fakeapi.TextHello {
		t.Errorf("result after the interrupted turn = %+v", res)
	}
}

func TestE2EInterruptWhilePermissionPending(t *testing.T) {
	h, r := startCLI(t)
	h.send("Do it. SCENARIO:" + fakeapi.ScenarioBashTouch)
	pr := expect[PermissionRequest](h)
	if err := h.s.Interrupt(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	if c := expect[Cancelled](h); c.RequestID != pr.Req.RequestID {
		t.Errorf("Cancelled %q, want %q", c.RequestID, pr.Req.RequestID)
	}
	if res := h.result(); !res.Interrupted() {
		t.Errorf("result = %+v", res)
	}
	if err := h.s.RespondPermission(pr.Req.RequestID, protocol.PermissionAllow{UpdatedInput: pr.Req.Input}); !errors.Is(err, ErrCancelled) {
		t.Errorf("Respond after cancel = %v, want ErrCancelled", err)
	}
	if _, err := os.Stat(r.Path(fakeapi.FileTouched)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the cancelled command ran (stat: %v)", err)
	}
}

func TestE2ESetModel(t *testing.T) {
	h, _ := startCLI(t)
	ctx := ctxT(t)
	if got, err := h.s.SetModel(ctx, "sonnet"); err != nil || !strings.HasPrefix(got, "claude-sonnet") {
		t.Errorf("SetModel(sonnet) = %q, %v", got, err)
	}
	_, err := h.s.SetModel(ctx, notFoundModel)
	var ce *ControlError
	if !errors.As(err, &ce) || ce.Code != protocol.ErrCodeNotFound || ce.Model == "" {
		t.Fatalf("SetModel(%s) = %v, want a not_found ControlError naming the model in use", notFoundModel, err)
	}
}

func TestE2ESetPermissionMode(t *testing.T) {
	h, _ := startCLI(t)
	ctx := ctxT(t)
	if got, err := h.s.SetPermissionMode(ctx, protocol.ModeAcceptEdits); err != nil || got != protocol.ModeAcceptEdits {
		t.Errorf("SetPermissionMode(acceptEdits) = %q, %v", got, err)
	}
	expectMessage(h, func(st *protocol.SystemStatus) bool { return st.PermissionMode == protocol.ModeAcceptEdits })
	for mode, code := range map[string]string{
		protocol.ModeBypassPermissions: protocol.ErrCodeBypassNotLaunched,
		"bogus":                        protocol.ErrCodeInvalidMode,
	} {
		_, err := h.s.SetPermissionMode(ctx, mode)
		var ce *ControlError
		if !errors.As(err, &ce) || ce.Code != code {
			t.Errorf("SetPermissionMode(%s) = %v, want code %s", mode, err, code)
		}
	}
}
