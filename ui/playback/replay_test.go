package playback

import (
	"encoding/json"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
)

// fakeSession records what a Replay does to the session.
type fakeSession struct {
	state    SessionState
	prompts  []string
	closed   []string
	notices  []string
	ended    bool
	replayed bool
}

func (h *fakeSession) Controls() Controls              { return nil }
func (h *fakeSession) Keys() keymap.KeyMap             { return keymap.Default() }
func (h *fakeSession) State() SessionState             { return h.state }
func (h *fakeSession) ShowPrompt(text string)          { h.prompts = append(h.prompts, text) }
func (h *fakeSession) Notice(_, text string)           { h.notices = append(h.notices, text) }
func (h *fakeSession) End()                            { h.ended = true; h.state.Ended = true }
func (h *fakeSession) PlayAgain() tea.Cmd              { h.replayed = true; return nil }
func (h *fakeSession) RunLocal(string) (tea.Cmd, bool) { return nil, false }
func (h *fakeSession) NeedsLive(name string) bool      { return name == "cost" }
func (h *fakeSession) CloseRequest(id string) tea.Cmd  { h.closed = append(h.closed, id); return nil }

func userMsg(replay bool, content any) process.Message {
	body, _ := json.Marshal(content)
	return process.Message{Msg: &protocol.User{IsReplay: replay, Message: protocol.UserBody{Role: "user", Content: body}}}
}

// Echoed prompts are shown once each, as typed; a recorded dialog closes when its
// tool's result comes; the end of the recording ends the session, not a crash.
func TestReplayEvents(t *testing.T) {
	var r Replay
	h := &fakeSession{}
	r.Event(h, userMsg(true, "A"))
	r.Event(h, userMsg(true, "A\nB"))
	if strings.Join(h.prompts, "|") != "A|B" {
		t.Fatalf("prompts %q", h.prompts)
	}
	req := &protocol.CanUseTool{ToolName: "Bash", ToolUseID: "tu1"}
	req.RequestID = "r1"
	r.Event(h, process.PermissionRequest{Req: req})
	r.Event(h, userMsg(false, []map[string]any{{"type": "tool_result", "tool_use_id": "tu1", "content": "ok"}}))
	if strings.Join(h.closed, "|") != "r1" {
		t.Fatalf("closed %q", h.closed)
	}
	if _, done := r.Event(h, process.Exited{GotResult: true}); !done || !h.ended {
		t.Fatalf("exit: done %v, ended %v", done, h.ended)
	}
	if len(h.notices) != 1 || !strings.HasPrefix(h.notices[0], "End of the recording (") {
		t.Fatalf("notices %q", h.notices)
	}
}

// Nothing is sent: after the end an empty enter plays it again; session commands and
// calls are refused with a word.
func TestReplayRefuses(t *testing.T) {
	var r Replay
	h := &fakeSession{}
	r.Enter(h, "hello") // not sent
	if r.Enter(h, " "); h.replayed {
		t.Fatal("played again before the end")
	}
	h.state.Ended = true
	if r.Enter(h, ""); !h.replayed {
		t.Fatal("enter after the end did not play again")
	}
	if r.Command(h, "export") || !r.Command(h, "cost") || r.Refuse(h, nil, "x") || !r.Refuse(h, errBoom{}, "prompts are not sent") {
		t.Fatal("wrong refusals")
	}
	want := "This is a recording: prompts are not sent.|This is a recording: /cost needs a live claude.|This is a recording: prompts are not sent."
	if got := strings.Join(h.notices, "|"); got != want {
		t.Fatalf("notices %q", got)
	}
}

// The playback keys rest while the prompt holds a draft or a picker is on top.
func TestReplayKeysLive(t *testing.T) {
	for _, tt := range []struct {
		s    SessionState
		live bool
	}{
		{SessionState{PromptFocused: true}, true},
		{SessionState{PromptFocused: true, Draft: true}, false},
		{SessionState{PromptFocused: true, Searching: true}, false},
		{SessionState{Dialog: true}, true},
		{SessionState{Dialog: true, PickerOnTop: true}, false},
		{SessionState{}, false},
	} {
		if got := keysLive(tt.s); got != tt.live {
			t.Errorf("%+v: live %v", tt.s, got)
		}
	}
}

type errBoom struct{}

func (errBoom) Error() string { return "boom" }
