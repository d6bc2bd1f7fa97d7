package tab

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/dialogs"
)

func TestQueueingWhileRunning(t *testing.T) {
	h := newHarness(t)
	h.typeText("first")
	h.keys("enter")
	h.msgs(systemInit())
	h.typeText("second")
	h.keys("enter")
	h.typeText("third")
	h.keys("enter")
	if got := h.b.sentTexts(); !slices.Equal(got, []string{"first", "second", "third"}) {
		t.Fatalf("sent %q: queued prompts go to the CLI at once", got)
	}
	if n := len(h.tab.turn.Prompts.Queued); n != 2 {
		t.Fatalf("queued = %d, want 2", n)
	}
	if !strings.Contains(h.screen(), "2 queued") {
		t.Errorf("status bar does not show the queue:\n%s", h.screen())
	}
	// The CLI reports when each queued prompt starts.
	h.msgs(&protocol.CommandLifecycle{CommandUUID: h.b.sends[1].UUID, State: "started"})
	if n := len(h.tab.turn.Prompts.Queued); n != 1 {
		t.Fatalf("after lifecycle started: queued = %d, want 1", n)
	}
	h.msgs(result())
	if len(h.tab.turn.Prompts.Queued) != 0 || h.tab.turn.Running {
		t.Fatalf("after result: queued %d running %v", len(h.tab.turn.Prompts.Queued), h.tab.turn.Running)
	}
}

func bashRequest(id, toolUseID string) *protocol.CanUseTool {
	msg, err := protocol.Decode([]byte(`{"type":"control_request","request_id":"` + id + `","request":{"subtype":"can_use_tool","tool_name":"Bash","input":{"command":"touch x","description":"Create x"},"tool_use_id":"` + toolUseID + `"}}`))
	if err != nil {
		panic(err)
	}
	return msg.(*protocol.CanUseTool)
}

func toolUse(id string) *protocol.Assistant {
	return &protocol.Assistant{Message: protocol.APIMessage{ID: "msg_1", Role: "assistant",
		Content: []protocol.ContentBlock{{Type: protocol.BlockToolUse, ID: id, Name: "Bash", Input: []byte(`{"command":"touch x"}`)}}}}
}

func TestPermissionRequestDialog(t *testing.T) {
	h := newHarness(t)
	h.typeText("go")
	h.keys("enter")
	h.msgs(systemInit(), toolUse("toolu_1"))
	h.events(process.PermissionRequest{Req: bashRequest("req-1", "toolu_1")})
	if h.tab.dialogs.Len() != 1 {
		t.Fatalf("dialogs = %d, want 1", h.tab.dialogs.Len())
	}
	if st, _ := h.tab.conversation.ToolState("toolu_1"); st != render.ToolWaitingPermission {
		t.Fatalf("tool state = %v, want waiting", st)
	}
	h.events(process.PermissionRequest{Req: bashRequest("req-2", "toolu_2")})
	if !strings.Contains(h.screen(), "1 of 2") {
		t.Errorf("queue position not shown:\n%s", h.screen())
	}
	h.typeText("x") // keys go to the dialog, not the draft
	if h.draft() != "" {
		t.Fatalf("key reached the draft: %q", h.draft())
	}
	h.now = h.now.Add(time.Second) // past the arming grace period
	h.keys("1", "enter")
	if len(h.b.responds) != 1 || h.b.responds[0].id != "req-1" {
		t.Fatalf("responds = %+v", h.b.responds)
	}
	if _, ok := h.b.responds[0].decision.(protocol.PermissionAllow); !ok {
		t.Fatalf("decision %T, want allow", h.b.responds[0].decision)
	}
	if st, _ := h.tab.conversation.ToolState("toolu_1"); st != render.ToolRunning {
		t.Fatalf("tool state after allow = %v", st)
	}
	if h.tab.dialogs.Len() != 1 || h.tab.dialogs.At(0).RequestID != "req-2" {
		t.Fatalf("next dialog not shown: %+v", h.tab.dialogs)
	}
	h.now = h.now.Add(time.Second)
	h.keys("esc")
	if len(h.b.responds) != 2 {
		t.Fatalf("esc did not answer: %+v", h.b.responds)
	}
	if _, ok := h.b.responds[1].decision.(protocol.PermissionDeny); !ok {
		t.Fatalf("decision %T, want deny", h.b.responds[1].decision)
	}
	if h.tab.dialogs.Len() != 0 || h.draft() != "" {
		t.Fatalf("dialogs %d draft %q", h.tab.dialogs.Len(), h.draft())
	}
}

// A command the user edited before allowing it is what the tool call shows: it is
// what runs.
func TestEditedInputShownOnToolCall(t *testing.T) {
	h := newHarness(t)
	h.typeText("go")
	h.keys("enter")
	h.msgs(systemInit(), toolUse("toolu_1"))
	h.events(process.PermissionRequest{Req: bashRequest("req-1", "toolu_1")})
	h.now = h.now.Add(time.Second) // past the arming grace period
	h.keys("e")
	h.typeText(" && echo edited")
	h.keys("ctrl+s", "1", "enter")
	if len(h.b.responds) != 1 {
		t.Fatalf("responds = %+v", h.b.responds)
	}
	if s := h.screen(); !strings.Contains(s, "Bash(touch x && echo edited)") {
		t.Errorf("the tool call should show the edited command:\n%s", s)
	}
}

func TestCancelledClosesDialog(t *testing.T) {
	h := newHarness(t)
	h.typeText("go")
	h.keys("enter")
	h.events(process.PermissionRequest{Req: bashRequest("req-1", "toolu_1")})
	h.events(process.Cancelled{RequestID: "req-1"})
	if h.tab.dialogs.Len() != 0 {
		t.Fatal("dialog still open after cancel")
	}
	if !strings.Contains(h.screen(), "request withdrawn") {
		t.Fatalf("no note:\n%s", h.screen())
	}
	if len(h.b.responds) != 0 {
		t.Fatal("answered a withdrawn request")
	}
}

func TestCancelWhileDialogBuilds(t *testing.T) {
	h := newHarness(t)
	// The cancel arrives in the same frame, before the Cmd building the dialog reports.
	h.events(process.PermissionRequest{Req: bashRequest("req-1", "")}, process.Cancelled{RequestID: "req-1"})
	if h.tab.dialogs.Len() != 0 {
		t.Fatal("a withdrawn request's dialog was shown")
	}
}

func TestExitedShowsNoticeAndKeepsDraft(t *testing.T) {
	h := newHarness(t)
	h.typeText("go")
	h.keys("enter")
	h.msgs(systemInit())
	h.events(process.PermissionRequest{Req: bashRequest("req-1", "toolu_1")})
	h.typeText("ignored by the dialog")
	h.msgs(result())
	h.events(process.Exited{Code: 1, Stderr: []string{"boom: something broke"}, Err: errors.New("exit status 1")})
	if h.tab.dialogs.Len() != 0 {
		t.Fatal("dialog left open after exit")
	}
	scr := h.screen()
	for _, want := range []string{"claude exited with code 1", "boom: something broke", "permission request(s) closed"} {
		if !strings.Contains(scr, want) {
			t.Errorf("screen lacks %q:\n%s", want, scr)
		}
	}
	h.typeText("still typing")
	if h.draft() != "still typing" {
		t.Fatalf("draft = %q", h.draft())
	}
	// Enter restarts claude (resuming the conversation) and sends the draft to it.
	h.keys("enter")
	if len(h.starts) != 1 || h.starts[0].Resume != "sess-1" {
		t.Fatalf("starts = %+v", h.starts)
	}
	if got := h.b.sentTexts(); !slices.Equal(got, []string{"still typing"}) {
		t.Fatalf("new session got %q", got)
	}
	// The conversation's cost goes on from where the old process left it.
	h.msgs(result())
	if h.tab.sess.Usage.CostUSD != 0.0246 {
		t.Fatalf("cost after restart = %v, want 0.0246", h.tab.sess.Usage.CostUSD)
	}
}

func TestDecodeErrorIsShown(t *testing.T) {
	h := newHarness(t)
	h.events(process.DecodeError{Err: &protocol.DecodeError{Line: []byte("garbage"), Err: errors.New("invalid character")}})
	if !strings.Contains(h.screen(), "garbage") {
		t.Fatalf("decode error not shown:\n%s", h.screen())
	}
	h.typeText("go")
	h.keys("enter")
	if len(h.b.sends) != 1 {
		t.Fatal("session did not go on")
	}
}

func TestStatusFromMessages(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.typeText("go")
	h.keys("enter")
	h.msgs(systemInit(), &protocol.SystemStatus{PermissionMode: "acceptEdits"})
	if h.tab.sess.Mode != "acceptEdits" {
		t.Fatalf("mode = %q", h.tab.sess.Mode)
	}
	a := toolUse("t")
	a.Message.Usage = protocol.Usage{InputTokens: 10000, CacheReadInputTokens: 40000}
	h.msgs(a, result())
	scr := h.screen()
	for _, want := range []string{"claude-opus-5-5", "accept edits", "$0.0123", "1.5k tok", "ctx 25%"} {
		if !strings.Contains(scr, want) {
			t.Errorf("status lacks %q:\n%s", want, scr)
		}
	}
}

// esc on a permission dialog rejects the call and stops the turn; the prompt gets the
// focus with the draft typed meanwhile, and the transcript says the call was rejected.
func TestEscOnPermissionRejectsAndStops(t *testing.T) {
	h := newHarness(t)
	h.typeText("go")
	h.keys("enter")
	h.msgs(systemInit(), toolUse("toolu_1"))
	h.typeText("half a thought")
	h.tab.setFocus(focusTranscript)
	h.events(process.PermissionRequest{Req: bashRequest("req-1", "toolu_1")})
	h.now = h.now.Add(time.Second) // past the arming quiet period
	h.keys("esc")
	if len(h.b.responds) != 1 {
		t.Fatalf("responds = %+v", h.b.responds)
	}
	d, ok := h.b.responds[0].decision.(protocol.PermissionDeny)
	if !ok || !d.Interrupt || d.Message != dialogs.StopMessage {
		t.Fatalf("decision = %#v, want a deny with interrupt and the stop message", h.b.responds[0].decision)
	}
	if h.tab.focus != focusInput || h.draft() != "half a thought" {
		t.Errorf("focus %v draft %q; want the prompt with the draft kept", h.tab.focus, h.draft())
	}
	if s := h.screen(); !strings.Contains(s, "Rejected · Claude stopped") {
		t.Errorf("the transcript does not say the call was rejected:\n%s", s)
	}
}

// dialogTimers counts the waiting timers that belong to a dialog's arming guard.
func dialogTimers(h *harness) int {
	n := 0
	for _, fn := range h.timers {
		if fmt.Sprintf("%T", fn(h.now)) == "dialogs.armedMsg" {
			n++
		}
	}
	return n
}

// The arming guard runs on the root's injectable clock and timer: keys typed while the
// dialog arms restart its quiet period, it arms once they stop, a number key then
// answers at once, and no dialog timer is left behind.
func TestPermissionQuietPeriodOnRootTimers(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.typeText("go")
	h.keys("enter")
	h.msgs(systemInit(), toolUse("toolu_1"))
	h.events(process.PermissionRequest{Req: bashRequest("req-1", "toolu_1")})
	if n := dialogTimers(h); n != 1 {
		t.Fatalf("%d arming timers after the dialog opened, want 1", n)
	}
	h.now = h.now.Add(300 * time.Millisecond)
	h.keys("1") // typed through the moment the dialog appeared: swallowed
	h.advance(100 * time.Millisecond)
	if len(h.b.responds) != 0 || dialogTimers(h) != 1 {
		t.Fatalf("responds %+v, %d arming timers; want no answer and one timer waiting out the quiet period", h.b.responds, dialogTimers(h))
	}
	h.advance(300 * time.Millisecond)
	if n := dialogTimers(h); n != 0 {
		t.Fatalf("%d arming timers left after the dialog armed", n)
	}
	h.keys("1")
	if len(h.b.responds) != 1 {
		t.Fatalf("a number key on the armed dialog did not answer: %+v", h.b.responds)
	}
	if _, ok := h.b.responds[0].decision.(protocol.PermissionAllow); !ok {
		t.Fatalf("decision %T, want allow", h.b.responds[0].decision)
	}
}
