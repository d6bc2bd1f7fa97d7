package process

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gclaude/gclaude/protocol"
)

func TestHandshake(t *testing.T) {
	h := startFake(t, "serve")
	ready := expect[Ready](h)
	if got := ready.Init.Models; len(got) != 1 || got[0].Value != "sonnet" {
		t.Errorf("models = %+v", got)
	}
	if got := ready.Init.Commands; len(got) != 1 || got[0].Name != "compact" {
		t.Errorf("commands = %+v", got)
	}
	if h.s.Init() != ready.Init {
		t.Error("Init() does not return the Ready payload")
	}
	first := h.stdinLines()[0]
	var req struct {
		Type      string `json:"type"`
		RequestID string `json:"request_id"`
		Request   struct {
			Subtype string `json:"subtype"`
		} `json:"request"`
	}
	if err := json.Unmarshal(first, &req); err != nil || req.Type != "control_request" ||
		req.Request.Subtype != "initialize" || !strings.HasPrefix(req.RequestID, "gc-") {
		t.Errorf("first stdin line = %s (%v)", first, err)
	}
	if err := h.s.Close(); err != nil {
		t.Fatal(err)
	}
	if x := h.exited(); x.Code != 0 || x.Signal != "" || x.Err != nil {
		t.Errorf("Exited = %+v", x)
	}
}

// The fake answers initialize only after the first user message, so Start returning at
// all shows it does not wait for the handshake; Ready must still precede the messages
// that follow the response on stdout.
func TestStartDoesNotWaitForInitialize(t *testing.T) {
	h := startFake(t, "slowinit")
	if h.s.Init() != nil {
		t.Fatal("Init() set before initialize was answered")
	}
	if err := h.s.Send(protocol.UserInput{Text: "reply hi"}); err != nil {
		t.Fatal(err)
	}
	if _, ok := h.next().(Ready); !ok {
		t.Fatalf("first event = %#v, want Ready", h.seen[0])
	}
	expectMessage(h, func(r *protocol.Result) bool { return r.Result == "hi" })
}

func TestInitFailed(t *testing.T) {
	h := startFake(t, "initerror")
	f := expect[InitFailed](h)
	var ce *ControlError
	if !errors.As(f.Err, &ce) || ce.Subtype != "initialize" || ce.Message != "initialize exploded" {
		t.Errorf("InitFailed.Err = %v", f.Err)
	}
	if h.s.Init() != nil {
		t.Error("Init() set after a failed initialize")
	}
}

// The fake holds two requests and answers the second first.
func TestConcurrentRequestsAnsweredOutOfOrder(t *testing.T) {
	h := startFake(t, "reorder")
	expect[Ready](h)
	var wg sync.WaitGroup
	var model, cost string
	var modelErr, costErr error
	wg.Add(2)
	go func() { defer wg.Done(); model, modelErr = h.s.SetModel(ctxT(t), "sonnet") }()
	go func() { defer wg.Done(); cost, costErr = h.s.GetSessionCost(ctxT(t)) }()
	wg.Wait()
	if modelErr != nil || model != "claude-sonnet-5-5" {
		t.Errorf("SetModel = %q, %v", model, modelErr)
	}
	if costErr != nil || cost != "Estimated cost: $0.0000" {
		t.Errorf("GetSessionCost = %q, %v", cost, costErr)
	}
}

type frobnicate struct{}

func (frobnicate) Subtype() string { return "frobnicate_xyz" }

func TestControlErrors(t *testing.T) {
	h := startFake(t, "serve")
	expect[Ready](h)
	tests := []struct {
		name      string
		call      func() error
		subtype   string
		code      string
		model     string
		inMessage string
	}{
		{"unknown model", func() error { _, err := h.s.SetModel(ctxT(t), "bad-model"); return err },
			"set_model", protocol.ErrCodeNotFound, "claude-opus-5-5", "not found"},
		{"bypass not launched", func() error { _, err := h.s.SetPermissionMode(ctxT(t), "bypassPermissions"); return err },
			"set_permission_mode", protocol.ErrCodeBypassNotLaunched, "", "--dangerously-skip-permissions"},
		{"invalid mode", func() error { _, err := h.s.SetPermissionMode(ctxT(t), "bogus"); return err },
			"set_permission_mode", protocol.ErrCodeInvalidMode, "", "must be one of"},
		{"unsupported request", func() error { _, err := h.s.Request(ctxT(t), frobnicate{}); return err },
			"frobnicate_xyz", protocol.ErrCodeUnsupportedRequest, "", "frobnicate_xyz"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.call()
			var ce *ControlError
			if !errors.As(err, &ce) {
				t.Fatalf("err = %v, want a *ControlError", err)
			}
			if ce.Subtype != tt.subtype || ce.Code != tt.code || ce.Model != tt.model ||
				!strings.Contains(ce.Message, tt.inMessage) {
				t.Errorf("ControlError = %+v", *ce)
			}
		})
	}
}

func TestTypedRequests(t *testing.T) {
	h := startFake(t, "serve")
	expect[Ready](h)
	ctx := ctxT(t)
	if mode, err := h.s.SetPermissionMode(ctx, "manual"); err != nil || mode != "default" {
		t.Errorf("SetPermissionMode(manual) = %q, %v", mode, err)
	}
	if model, err := h.s.SetModel(ctx, "sonnet"); err != nil || model != "claude-sonnet-5-5" {
		t.Errorf("SetModel(sonnet) = %q, %v", model, err)
	}
	if u, err := h.s.GetContextUsage(ctx, "summary"); err != nil || u.TotalTokens != 1234 {
		t.Errorf("GetContextUsage = %+v, %v", u, err)
	}
	if m, err := h.s.ListModels(ctx); err != nil || len(m) != 1 || m[0].Value != "opus" {
		t.Errorf("ListModels = %+v, %v", m, err)
	}
	if m, err := h.s.MCPStatus(ctx); err != nil || len(m) != 0 {
		t.Errorf("MCPStatus = %+v, %v", m, err)
	}
	n := 1024
	for name, err := range map[string]error{
		"SetMaxThinkingTokens": h.s.SetMaxThinkingTokens(ctx, &n),
		"StopTask":             h.s.StopTask(ctx, "nope"),
		"RenameSession":        h.s.RenameSession(ctx, "title"),
		"Interrupt":            h.s.Interrupt(ctx),
	} {
		if err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if !h.stdinContains(`"subtype":"set_max_thinking_tokens","max_thinking_tokens":1024`) &&
		!h.stdinContains(`"max_thinking_tokens":1024`) {
		t.Error("set_max_thinking_tokens not written as expected")
	}
}

func TestPermissionRespondWritesExactLine(t *testing.T) {
	h := startFake(t, "serve")
	if err := h.s.Send(protocol.UserInput{Text: "ask"}); err != nil {
		t.Fatal(err)
	}
	pr := expect[PermissionRequest](h)
	if pr.Req.RequestID != "perm-1" || pr.Req.ToolName != "Bash" {
		t.Fatalf("request = %+v", pr.Req)
	}
	// A decision of the wrong type is refused and leaves the request answerable.
	if err := h.s.RespondElicitation(pr.Req.RequestID, ElicitationResponse{Action: "accept"}); !errors.Is(err, protocol.ErrInvalidLine) {
		t.Fatalf("Respond(string) = %v, want ErrInvalidLine", err)
	}
	if err := h.s.RespondPermission(pr.Req.RequestID, protocol.PermissionAllow{UpdatedInput: pr.Req.Input}); err != nil {
		t.Fatal(err)
	}
	expectMessage(h, func(r *protocol.Result) bool { return r.Result == "answered perm-1" })

	want := `{"type":"control_response","response":{"subtype":"success","request_id":"perm-1",` +
		`"response":{"behavior":"allow","updatedInput":{"command":"ls"}}}}` + "\n"
	var got []string
	for _, l := range h.stdinLines() {
		if bytes.Contains(l, []byte("perm-1")) {
			got = append(got, string(l))
		}
	}
	if len(got) != 1 || got[0] != want {
		t.Errorf("lines about perm-1 = %q\nwant exactly %q", got, want)
	}
	if err := h.s.RespondPermission(pr.Req.RequestID, protocol.PermissionDeny{Message: "again"}); !errors.Is(err, ErrUnknownRequest) {
		t.Errorf("second Respond = %v, want ErrUnknownRequest", err)
	}
}

func TestCancelledPermissionIsNotAnswered(t *testing.T) {
	h := startFake(t, "serve")
	if err := h.s.Send(protocol.UserInput{Text: "ask-cancel"}); err != nil {
		t.Fatal(err)
	}
	pr := expect[PermissionRequest](h)
	if c := expect[Cancelled](h); c.RequestID != pr.Req.RequestID {
		t.Fatalf("Cancelled %q, want %q", c.RequestID, pr.Req.RequestID)
	}
	if err := h.s.RespondPermission(pr.Req.RequestID, protocol.PermissionAllow{}); !errors.Is(err, ErrCancelled) {
		t.Fatalf("Respond after cancel = %v, want ErrCancelled", err)
	}
	if err := h.s.RespondError(pr.Req.RequestID, "x"); !errors.Is(err, ErrCancelled) {
		t.Fatalf("RespondError after cancel = %v, want ErrCancelled", err)
	}
	// stdin is written in order: once the fake answered this, anything Respond had
	// written would be in the log before it.
	if err := h.s.Send(protocol.UserInput{Text: "reply ping"}); err != nil {
		t.Fatal(err)
	}
	expectMessage(h, func(r *protocol.Result) bool { return r.Result == "ping" })
	if h.stdinContains("perm-2") {
		t.Error("something was written for the cancelled request")
	}
}

func TestElicitationRespond(t *testing.T) {
	h := startFake(t, "serve")
	if err := h.s.Send(protocol.UserInput{Text: "elicit"}); err != nil {
		t.Fatal(err)
	}
	er := expect[ElicitationRequest](h)
	if er.Req.MCPServerName != "srv" || er.Req.Message != "Your name?" {
		t.Fatalf("request = %+v", er.Req)
	}
	if err := h.s.RespondPermission(er.Req.RequestID, protocol.PermissionAllow{}); !errors.Is(err, protocol.ErrInvalidLine) {
		t.Fatalf("Respond(PermissionAllow) to an elicitation = %v, want ErrInvalidLine", err)
	}
	if err := h.s.RespondElicitation(er.Req.RequestID, ElicitationResponse{Action: "accept", Content: json.RawMessage(`{"name":"Ada"}`)}); err != nil {
		t.Fatal(err)
	}
	expectMessage(h, func(r *protocol.Result) bool { return r.Result == "answered perm-elicit" })
	want := `{"type":"control_response","response":{"subtype":"success","request_id":"perm-elicit",` +
		`"response":{"action":"accept","content":{"name":"Ada"}}}}` + "\n"
	if lines := h.stdinLines(); string(lines[len(lines)-2]) != want {
		t.Errorf("last line = %q\nwant %q", lines[len(lines)-2], want)
	}
}

func TestRespondUnknownID(t *testing.T) {
	h := startFake(t, "serve")
	if err := h.s.RespondPermission("no-such-id", protocol.PermissionAllow{}); !errors.Is(err, ErrUnknownRequest) {
		t.Errorf("Respond = %v, want ErrUnknownRequest", err)
	}
}

func TestCrashMidTurn(t *testing.T) {
	h := startFake(t, "serve")
	if err := h.s.Send(protocol.UserInput{Text: "crash"}); err != nil {
		t.Fatal(err)
	}
	expectMessage[*protocol.StreamEvent](h, nil)
	x := h.exited()
	if x.Code != 3 || x.GotResult || x.Err == nil {
		t.Errorf("Exited = %+v", x)
	}
	if want := []string{"boom 1", "boom 2"}; strings.Join(x.Stderr, "|") != strings.Join(want, "|") {
		t.Errorf("Stderr = %q, want %q", x.Stderr, want)
	}
	// Writing after the exit fails cleanly.
	if err := h.s.Send(protocol.UserInput{Text: "reply late"}); !errors.Is(err, ErrExited) {
		t.Errorf("Send after exit = %v, want ErrExited", err)
	}
	if _, err := h.s.SetModel(ctxT(t), "sonnet"); !errors.Is(err, ErrExited) {
		t.Errorf("SetModel after exit = %v, want ErrExited", err)
	}
}

func TestExitedAfterResult(t *testing.T) {
	h := startFake(t, "serve")
	if err := h.s.Send(protocol.UserInput{Text: "reply done"}); err != nil {
		t.Fatal(err)
	}
	expectMessage[*protocol.Result](h, nil)
	if err := h.s.Close(); err != nil {
		t.Fatal(err)
	}
	if x := h.exited(); !x.GotResult || x.Code != 0 {
		t.Errorf("Exited = %+v", x)
	}
	// Only the handshake and the prompt were written: no interrupt for a finished turn.
	if h.stdinContains(`"interrupt"`) {
		t.Error("Close interrupted although no turn was running")
	}
}

func TestHugeLine(t *testing.T) {
	h := startFake(t, "serve")
	if err := h.s.Send(protocol.UserInput{Text: "big"}); err != nil {
		t.Fatal(err)
	}
	a := expectMessage[*protocol.Assistant](h, nil)
	if n := len(a.Message.Content); n != 1 || len(a.Message.Content[0].Text) != bigLineSize {
		t.Fatalf("assistant text has %d blocks / wrong length", n)
	}
	expectMessage(h, func(r *protocol.Result) bool { return r.Result == "big done" })
}

func TestGarbageOnStdout(t *testing.T) {
	h := startFake(t, "serve")
	if err := h.s.Send(protocol.UserInput{Text: "garbage"}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"this is not json", `{"type":`} {
		de := expect[DecodeError](h)
		if got := string(bytes.TrimSpace(de.Err.Line)); got != want {
			t.Errorf("DecodeError line = %q, want %q", got, want)
		}
	}
	expectMessage(h, func(r *protocol.Result) bool { return r.Result == "after garbage" })
}

func TestStderrTailIsBounded(t *testing.T) {
	h := startFake(t, "stderrflood", func(o *Options) { o.StderrLines = 10 })
	x := h.exited()
	var want []string
	for i := 990; i < 1000; i++ {
		want = append(want, "line "+strconv.Itoa(i))
	}
	if strings.Join(x.Stderr, "|") != strings.Join(want, "|") {
		t.Errorf("Exited.Stderr = %q, want %q", x.Stderr, want)
	}
	if got := h.s.Stderr(); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("Stderr() = %q", got)
	}
}

func TestUnservedClientRequestsAreRefused(t *testing.T) {
	h := startFake(t, "serve")
	if err := h.s.Send(protocol.UserInput{Text: "host-requests"}); err != nil {
		t.Fatal(err)
	}
	expectMessage(h, func(r *protocol.Result) bool { return r.Result == "host requests answered" })
	for _, id := range []string{"hostreq-1", "hostreq-2", "hostreq-3"} {
		if !h.stdinContains(`"subtype":"error","request_id":"` + id + `"`) {
			t.Errorf("no error response for %s", id)
		}
	}
	for _, ev := range h.seen {
		switch ev.(type) {
		case PermissionRequest, ElicitationRequest, DecodeError:
			t.Errorf("unexpected event %#v", ev)
		}
	}
}

func TestPendingRequestFailsWhenCLIExits(t *testing.T) {
	h := startFake(t, "exitonrequest")
	expect[Ready](h)
	if _, err := h.s.MCPStatus(ctxT(t)); !errors.Is(err, ErrExited) {
		t.Errorf("MCPStatus = %v, want ErrExited", err)
	}
	if x := h.exited(); x.Code != 0 {
		t.Errorf("Exited = %+v", x)
	}
}

func TestRequestTimeout(t *testing.T) {
	h := startFake(t, "silent")
	expect[Ready](h)
	// The fake never answers get_context_usage, so any timeout expires.
	if _, err := h.s.request(ctxT(t), protocol.GetContextUsage{}, 50*time.Millisecond); !errors.Is(err, ErrTimeout) {
		t.Fatalf("get_context_usage = %v, want ErrTimeout", err)
	}
	if _, err := h.s.SetModel(ctxT(t), "sonnet"); err != nil {
		t.Errorf("SetModel after a timeout: %v", err)
	}
}
