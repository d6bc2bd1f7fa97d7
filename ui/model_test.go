package ui

import (
	"errors"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
	"github.com/gclaude/gclaude/ui/input"
)

func TestEnterSends(t *testing.T) {
	h := newHarness(t)
	h.typeText("hello there")
	h.keys("enter")
	if got := h.b.sentTexts(); !slices.Equal(got, []string{"hello there"}) {
		t.Fatalf("sent %q", got)
	}
	if h.b.sends[0].UUID == "" {
		t.Error("prompt sent without a uuid")
	}
	if h.draft() != "" {
		t.Errorf("draft not cleared: %q", h.draft())
	}
	if !h.m.turn.running {
		t.Error("turn not running after send")
	}
	if !strings.Contains(h.screen(), "hello there") {
		t.Error("prompt not shown in the transcript")
	}
	h.keys("enter") // empty: nothing more is sent
	if n := len(h.b.sends); n != 1 {
		t.Fatalf("empty enter sent something: %d sends", n)
	}
}

func TestNewlineKeysDoNotSend(t *testing.T) {
	for _, k := range []string{"shift+enter", "alt+enter", "ctrl+j"} {
		t.Run(k, func(t *testing.T) {
			h := newHarness(t)
			h.typeText("a")
			h.keys(k)
			h.typeText("b")
			if h.draft() != "a\nb" {
				t.Fatalf("draft = %q", h.draft())
			}
			if len(h.b.sends) != 0 {
				t.Fatal("newline key sent the prompt")
			}
			h.keys("enter")
			if got := h.b.sentTexts(); !slices.Equal(got, []string{"a\nb"}) {
				t.Fatalf("sent %q", got)
			}
		})
	}
}

func TestHistoryUpDown(t *testing.T) {
	path := filepath.Join(t.TempDir(), "h.jsonl")
	if err := input.AppendHistory(path, "/p", "from disk", t0); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, func(o *Options) { o.HistoryPath = path })
	h.typeText("one")
	h.keys("enter")
	h.typeText("two")
	h.keys("enter")
	h.typeText("draft")

	steps := []struct{ key, want string }{
		{"up", "two"}, {"up", "one"}, {"up", "from disk"}, {"up", "from disk"},
		{"down", "one"}, {"down", "two"}, {"down", "draft"},
	}
	for i, st := range steps {
		h.keys(st.key)
		if h.draft() != st.want {
			t.Fatalf("step %d (%s): draft %q, want %q", i, st.key, h.draft(), st.want)
		}
	}
	got, err := input.ReadHistory(path, 10)
	if err != nil || !slices.Equal(got, []string{"from disk", "one", "two"}) {
		t.Fatalf("history file = %q, %v", got, err)
	}
}

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
	if n := len(h.m.turn.queued); n != 2 {
		t.Fatalf("queued = %d, want 2", n)
	}
	if !strings.Contains(h.screen(), "2 queued") {
		t.Errorf("status bar does not show the queue:\n%s", h.screen())
	}
	// The CLI reports when each queued prompt starts.
	h.msgs(&protocol.CommandLifecycle{CommandUUID: h.b.sends[1].UUID, State: "started"})
	if n := len(h.m.turn.queued); n != 1 {
		t.Fatalf("after lifecycle started: queued = %d, want 1", n)
	}
	h.msgs(result())
	if len(h.m.turn.queued) != 0 || h.m.turn.running {
		t.Fatalf("after result: queued %d running %v", len(h.m.turn.queued), h.m.turn.running)
	}
}

func TestEscInterrupts(t *testing.T) {
	h := newHarness(t)
	h.keys("esc") // idle: nothing to interrupt
	if h.b.interrupts != 0 {
		t.Fatal("esc interrupted an idle session")
	}
	h.typeText("go")
	h.keys("enter")
	h.typeText("kept")
	h.keys("esc")
	if h.b.interrupts != 1 {
		t.Fatalf("interrupts = %d, want 1", h.b.interrupts)
	}
	if h.draft() != "kept" {
		t.Fatalf("esc lost the draft: %q", h.draft())
	}
}

func TestCtrlC(t *testing.T) {
	t.Run("interrupts a running turn", func(t *testing.T) {
		h := newHarness(t)
		h.typeText("go")
		h.keys("enter")
		h.typeText("draft")
		h.keys("ctrl+c")
		if h.b.interrupts != 1 || h.draft() != "draft" || h.quit {
			t.Fatalf("interrupts %d draft %q quit %v", h.b.interrupts, h.draft(), h.quit)
		}
	})
	t.Run("clears the draft when idle", func(t *testing.T) {
		h := newHarness(t)
		h.typeText("draft")
		h.keys("ctrl+c")
		if h.draft() != "" || h.b.interrupts != 0 || h.quit {
			t.Fatalf("draft %q interrupts %d quit %v", h.draft(), h.b.interrupts, h.quit)
		}
		if !strings.Contains(h.screen(), "press ctrl+c again to quit") {
			t.Fatalf("no quit hint:\n%s", h.screen())
		}
	})
	t.Run("twice within 2s quits and closes the CLI", func(t *testing.T) {
		h := newHarness(t)
		h.keys("ctrl+c")
		h.now = h.now.Add(1500 * time.Millisecond)
		h.keys("ctrl+c")
		if !h.quit || h.b.closed != 1 {
			t.Fatalf("quit %v closed %d", h.quit, h.b.closed)
		}
	})
	t.Run("twice 3s apart does not quit", func(t *testing.T) {
		h := newHarness(t)
		h.keys("ctrl+c")
		h.advance(3 * time.Second) // the hint expires too
		if strings.Contains(h.screen(), "again to quit") {
			t.Fatal("hint did not expire")
		}
		h.keys("ctrl+c")
		if h.quit {
			t.Fatal("quit after 3 s")
		}
		h.now = h.now.Add(time.Second)
		h.keys("ctrl+c")
		if !h.quit {
			t.Fatal("did not quit on the second press within 2 s")
		}
	})
}

func TestCtrlD(t *testing.T) {
	h := newHarness(t)
	h.typeText("ab")
	h.keys("left", "ctrl+d") // not empty: deletes forward
	if h.quit || h.draft() != "a" {
		t.Fatalf("quit %v draft %q", h.quit, h.draft())
	}
	h.keys("ctrl+u", "ctrl+d")
	if h.draft() != "" || !h.quit || h.b.closed != 1 {
		t.Fatalf("draft %q quit %v closed %d", h.draft(), h.quit, h.b.closed)
	}
}

func TestFocusSwitchKeepsDraft(t *testing.T) {
	h := newHarness(t)
	h.msgs(systemInit(), &protocol.Result{Subtype: "success"})
	h.typeText("my draft")
	h.keys("tab")
	if h.m.focus != focusTranscript || h.m.editor.Focused() {
		t.Fatal("tab did not move focus to the transcript")
	}
	h.typeText("x") // goes to the transcript, not the draft
	for _, back := range []string{"esc", "tab", "i"} {
		if h.m.focus == focusInput {
			h.keys("tab")
		}
		h.keys(back)
		if h.m.focus != focusInput {
			t.Fatalf("%s did not return focus to the input", back)
		}
		if h.draft() != "my draft" {
			t.Fatalf("draft after %s: %q", back, h.draft())
		}
	}
}

func TestSlashCompletion(t *testing.T) {
	t.Run("tab completes", func(t *testing.T) {
		h := newHarness(t)
		h.ready()
		h.typeText("/comp")
		if !h.m.complete.Open() {
			t.Fatal("popup not open")
		}
		h.keys("tab")
		if h.draft() != "/compact " {
			t.Fatalf("draft = %q", h.draft())
		}
		if h.m.complete.Open() {
			t.Fatal("popup still open after completing a command that takes arguments")
		}
		h.typeText("keep tests")
		h.keys("enter")
		if got := h.b.sentTexts(); !slices.Equal(got, []string{"/compact keep tests"}) {
			t.Fatalf("sent %q", got)
		}
	})
	t.Run("enter runs the highlighted command", func(t *testing.T) {
		h := newHarness(t)
		h.ready()
		h.typeText("/rev")
		h.keys("enter")
		if got := h.b.sentTexts(); !slices.Equal(got, []string{"/review"}) {
			t.Fatalf("sent %q", got)
		}
		if h.draft() != "" {
			t.Fatalf("draft = %q", h.draft())
		}
	})
	t.Run("down moves the highlight, local commands run locally", func(t *testing.T) {
		h := newHarness(t)
		h.ready()
		h.typeText("/he")
		h.keys("enter")
		if !h.m.showHelp || len(h.b.sends) != 0 {
			t.Fatalf("help %v sends %d", h.m.showHelp, len(h.b.sends))
		}
		h.keys("q") // any key closes help
		h.typeText("/mo")
		h.keys("down", "enter") // mode, model → model
		if !h.m.topIsPicker() || !strings.Contains(h.screen(), "Switch model") {
			t.Fatalf("/model did not open the model picker:\n%s", h.screen())
		}
	})
	t.Run("/clear starts a new session", func(t *testing.T) {
		h := newHarness(t)
		old := h.b
		h.typeText("hi")
		h.keys("enter")
		h.typeText("/clear")
		h.keys("enter")
		if old.closed != 1 || len(h.starts) != 1 || h.starts[0].Resume != "" {
			t.Fatalf("closed %d starts %+v", old.closed, h.starts)
		}
		if h.m.transcript.Len() != 0 {
			t.Fatal("transcript not cleared")
		}
		h.typeText("again")
		h.keys("enter")
		if got := h.b.sentTexts(); !slices.Equal(got, []string{"again"}) {
			t.Fatalf("new session got %q", got)
		}
	})
	t.Run("esc closes the popup", func(t *testing.T) {
		h := newHarness(t)
		h.ready()
		h.typeText("/c")
		h.keys("esc")
		if h.m.complete.Open() || h.draft() != "/c" {
			t.Fatalf("open %v draft %q", h.m.complete.Open(), h.draft())
		}
	})
}

func TestShiftTabCyclesPermissionMode(t *testing.T) {
	h := newHarness(t)
	h.ready()
	for _, want := range []string{"acceptEdits", "plan", "default", "acceptEdits"} {
		h.keys("shift+tab")
		if got := h.b.modes[len(h.b.modes)-1]; got != want {
			t.Fatalf("set_permission_mode %q, want %q", got, want)
		}
		if h.m.sess.mode != want {
			t.Fatalf("mode shown %q, want %q", h.m.sess.mode, want)
		}
	}

	t.Run("bypass only when launched with it", func(t *testing.T) {
		h := newHarness(t, func(o *Options) { o.BypassAllowed = true })
		h.ready()
		h.keys("shift+tab", "shift+tab", "shift+tab")
		if got := h.b.modes[len(h.b.modes)-1]; got != protocol.ModeBypassPermissions {
			t.Fatalf("cycle ended at %q", got)
		}
		if !strings.Contains(h.screen(), "BYPASS PERMISSIONS") {
			t.Fatalf("no bypass warning:\n%s", h.screen())
		}
	})
	t.Run("refusal is shown and the mode kept", func(t *testing.T) {
		h := newHarness(t)
		h.ready()
		h.b.setModeErr = &process.ControlError{Subtype: "set_permission_mode", Code: protocol.ErrCodeBypassNotLaunched}
		h.send(tea.KeyPressMsg(keyMsg("shift+tab")))
		if h.m.sess.mode != "default" || !strings.Contains(h.screen(), "dangerously-skip-permissions") {
			t.Fatalf("mode %q screen:\n%s", h.m.sess.mode, h.screen())
		}
	})
}

func TestSetModelNotFoundKeepsModel(t *testing.T) {
	h := newHarness(t)
	h.msgs(systemInit())
	h.b.setModelErr = &process.ControlError{Subtype: "set_model", Code: protocol.ErrCodeNotFound, Model: "claude-opus-5-5"}
	h.typeText("/model nope")
	h.keys("enter")
	if h.m.sess.model != "claude-opus-5-5" || !strings.Contains(h.screen(), `"nope" not found`) {
		t.Fatalf("model %q screen:\n%s", h.m.sess.model, h.screen())
	}
	h.b.setModelErr = nil
	h.typeText("/model sonnet")
	h.keys("enter")
	if h.m.sess.model != "resolved-sonnet" {
		t.Fatalf("model = %q, want the CLI's answer", h.m.sess.model)
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
	if len(h.m.dialogs) != 1 {
		t.Fatalf("dialogs = %d, want 1", len(h.m.dialogs))
	}
	if st, _ := h.m.transcript.ToolState("toolu_1"); st != render.ToolWaitingPermission {
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
	if st, _ := h.m.transcript.ToolState("toolu_1"); st != render.ToolRunning {
		t.Fatalf("tool state after allow = %v", st)
	}
	if len(h.m.dialogs) != 1 || h.m.dialogs[0].requestID != "req-2" {
		t.Fatalf("next dialog not shown: %+v", h.m.dialogs)
	}
	h.now = h.now.Add(time.Second)
	h.keys("esc")
	if len(h.b.responds) != 2 {
		t.Fatalf("esc did not answer: %+v", h.b.responds)
	}
	if _, ok := h.b.responds[1].decision.(protocol.PermissionDeny); !ok {
		t.Fatalf("decision %T, want deny", h.b.responds[1].decision)
	}
	if len(h.m.dialogs) != 0 || h.draft() != "" {
		t.Fatalf("dialogs %d draft %q", len(h.m.dialogs), h.draft())
	}
}

func TestCancelledClosesDialog(t *testing.T) {
	h := newHarness(t)
	h.typeText("go")
	h.keys("enter")
	h.events(process.PermissionRequest{Req: bashRequest("req-1", "toolu_1")})
	h.events(process.Cancelled{RequestID: "req-1"})
	if len(h.m.dialogs) != 0 {
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
	if len(h.m.dialogs) != 0 {
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
	if len(h.m.dialogs) != 0 {
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
	if h.m.sess.costUSD != 0.0246 {
		t.Fatalf("cost after restart = %v, want 0.0246", h.m.sess.costUSD)
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
	if h.m.sess.mode != "acceptEdits" {
		t.Fatalf("mode = %q", h.m.sess.mode)
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

func TestTooSmallKeepsDraft(t *testing.T) {
	h := newHarness(t)
	h.typeText("draft")
	h.send(tea.WindowSizeMsg{Width: 40, Height: 10})
	if !strings.Contains(h.screen(), "terminal too small") {
		t.Fatalf("screen:\n%s", h.screen())
	}
	h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	if h.draft() != "draft" || !strings.Contains(h.screen(), "draft") {
		t.Fatalf("draft lost: %q", h.draft())
	}
}

func TestScreenIsExactlyTheTerminal(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.typeText("go")
	h.keys("enter")
	h.msgs(systemInit())
	for _, size := range [][2]int{{60, 15}, {80, 24}, {120, 40}, {59, 14}, {200, 60}} {
		h.send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		lines := strings.Split(h.m.render(), "\n")
		if len(lines) != size[1] {
			t.Fatalf("%v: %d lines", size, len(lines))
		}
		for i, l := range lines {
			if w := len([]rune(stripANSI(l))); w > size[0] {
				t.Fatalf("%v: line %d is %d wide: %q", size, i, w, stripANSI(l))
			}
		}
	}
}

func TestPickers(t *testing.T) {
	t.Run("alt+p picks a model", func(t *testing.T) {
		h := newHarness(t)
		h.ready()
		h.msgs(systemInit())
		h.keys("alt+p")
		if !h.m.topIsPicker() {
			t.Fatal("alt+p did not open the model picker")
		}
		h.typeText("sonnet")
		h.keys("enter")
		if !slices.Equal(h.b.models, []string{"sonnet"}) || len(h.m.dialogs) != 0 {
			t.Fatalf("set_model calls %q, dialogs %d", h.b.models, len(h.m.dialogs))
		}
		if h.m.sess.model != "resolved-sonnet" {
			t.Fatalf("model = %q", h.m.sess.model)
		}
	})
	t.Run("/mode picks a mode, esc closes", func(t *testing.T) {
		h := newHarness(t)
		h.ready()
		h.typeText("/mode")
		h.keys("enter")
		if !h.m.topIsPicker() || !strings.Contains(h.screen(), "Permission mode") {
			t.Fatalf("no mode picker:\n%s", h.screen())
		}
		h.keys("esc")
		if len(h.m.dialogs) != 0 || len(h.b.modes) != 0 {
			t.Fatalf("esc: dialogs %d modes %q", len(h.m.dialogs), h.b.modes)
		}
		h.typeText("/mode")
		h.keys("enter", "down", "enter")
		if !slices.Equal(h.b.modes, []string{"acceptEdits"}) {
			t.Fatalf("set_permission_mode calls %q", h.b.modes)
		}
	})
	t.Run("ctrl+c while idle leaves a request dialog open", func(t *testing.T) {
		h := newHarness(t)
		h.ready()
		h.events(process.PermissionRequest{Req: bashRequest("req-1", "")})
		h.send(keyMsg("ctrl+c")) // idle: ctrl+c does not touch a request dialog
		if len(h.m.dialogs) != 1 {
			t.Fatal("ctrl+c closed a permission request while idle")
		}
	})
}

func TestTheme(t *testing.T) {
	light := tea.BackgroundColorMsg{Color: color.White}
	tests := []struct {
		name  string
		theme string
		env   map[string]string
		want  themes.Kind
	}{
		{"auto follows a light terminal", "auto", nil, themes.Light},
		{"--theme dark wins", "dark", nil, themes.Dark},
		{"NO_COLOR wins", "auto", map[string]string{"NO_COLOR": "1"}, themes.Mono},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, func(o *Options) {
				o.Theme = tt.theme
				o.Getenv = func(k string) string { return tt.env[k] }
			})
			h.send(light)
			if h.m.theme != tt.want || h.m.styles.Kind != tt.want {
				t.Fatalf("theme = %v, want %v", h.m.theme, tt.want)
			}
		})
	}
}

func TestPasteGoesToTheDraft(t *testing.T) {
	h := newHarness(t)
	h.typeText("a ")
	h.keys("tab") // focus on the transcript: a paste still lands in the draft
	h.send(tea.PasteMsg{Content: "line one\nline two"})
	if h.draft() != "a line one\nline two" || h.m.focus != focusInput {
		t.Fatalf("draft %q focus %v", h.draft(), h.m.focus)
	}
	if len(h.b.sends) != 0 {
		t.Fatal("a pasted newline sent the prompt")
	}
}

func TestWheelScrollsTheTranscript(t *testing.T) {
	h := newHarness(t)
	for i := range 40 {
		h.m.notice(noticeInfo, fmt.Sprintf("line %d", i))
	}
	h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	if !h.m.transcript.Following() {
		t.Fatal("transcript does not follow the tail at first")
	}
	h.send(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	if h.m.transcript.Following() {
		t.Fatal("wheel up did not scroll away from the tail")
	}
	h.keys("pgdown", "pgdown", "pgdown", "pgdown", "pgdown", "pgdown")
	if !h.m.transcript.Following() {
		t.Fatal("pgdown did not return to the tail")
	}
}

func TestHistorySearch(t *testing.T) {
	h := newHarness(t)
	for _, p := range []string{"git status", "make test", "git push origin"} {
		h.typeText(p)
		h.keys("enter")
	}
	h.typeText("my draft")
	h.keys("ctrl+r")
	h.typeText("git")
	if h.draft() != "git push origin" {
		t.Fatalf("first match = %q", h.draft())
	}
	if !strings.Contains(h.screen(), "search history: git") {
		t.Fatalf("no search line:\n%s", h.screen())
	}
	h.keys("ctrl+r")
	if h.draft() != "git status" {
		t.Fatalf("older match = %q", h.draft())
	}
	h.keys("esc")
	if h.draft() != "my draft" || h.m.search != nil {
		t.Fatalf("esc: draft %q search %v", h.draft(), h.m.search)
	}
	h.keys("ctrl+r")
	h.typeText("make")
	h.keys("enter") // keeps the match without sending it
	if h.draft() != "make test" || len(h.b.sends) != 3 {
		t.Fatalf("enter: draft %q sends %d", h.draft(), len(h.b.sends))
	}
	h.keys("enter")
	if got := h.b.sentTexts(); got[len(got)-1] != "make test" {
		t.Fatalf("sent %q", got)
	}
}

func TestExternalEditorRoundTrip(t *testing.T) {
	h := newHarness(t, func(o *Options) {
		o.Getenv = func(k string) string {
			if k == "EDITOR" {
				return "my-editor --wait"
			}
			return ""
		}
	})
	h.typeText("draft")
	cmd := h.m.openExternalEditor()
	ready, ok := cmd().(editorReadyMsg)
	if !ok || ready.err != nil {
		t.Fatalf("ready = %+v", ready)
	}
	if b, _ := os.ReadFile(ready.path); string(b) != "draft" {
		t.Fatalf("temp file holds %q", b)
	}
	if c := h.m.editorCommand(ready.path); !slices.Equal(c.Args, []string{"my-editor", "--wait", ready.path}) {
		t.Fatalf("editor command %q", c.Args)
	}
	// The editor saved a new text and exited.
	if err := os.WriteFile(ready.path, []byte("edited\ntext\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	h.send(editorClosedMsg{path: ready.path})
	if h.draft() != "edited\ntext" {
		t.Fatalf("draft = %q", h.draft())
	}
	if _, err := os.Stat(ready.path); !os.IsNotExist(err) {
		t.Fatal("temp file left behind")
	}
	h.send(editorClosedMsg{path: ready.path, err: errors.New("exit status 1")})
	if h.draft() != "edited\ntext" || !strings.Contains(h.screen(), "the editor failed") {
		t.Fatalf("failed editor: draft %q", h.draft())
	}
}
