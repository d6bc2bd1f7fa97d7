package tab

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
)

func TestSlashCompletion(t *testing.T) {
	t.Run("tab completes", func(t *testing.T) {
		h := newHarness(t)
		h.ready()
		h.typeText("/comp")
		if !h.tab.prompt.CompletionOpen() {
			t.Fatal("popup not open")
		}
		h.keys("tab")
		if h.draft() != "/compact " {
			t.Fatalf("draft = %q", h.draft())
		}
		if h.tab.prompt.CompletionOpen() {
			t.Fatal("popup still open after completing a command that takes arguments")
		}
		h.typeText("keep tests")
		h.keys("enter")
		if got := h.b.sentTexts(); !slices.Equal(got, []string{"/compact keep tests"}) {
			t.Fatalf("sent %q", got)
		}
	})
	t.Run("enter runs only the command typed", func(t *testing.T) {
		h := newHarness(t)
		h.events(process.Ready{Init: &protocol.InitializeResponse{Commands: []protocol.SlashCommand{
			{Name: "plugin-authoring", Description: "Write a plugin"},
			{Name: "review", Description: "Review a pull request"},
		}}})
		// A whole name no command has is not swapped for one it begins.
		h.typeText("/plugin")
		h.keys("enter")
		if got := h.b.sentTexts(); len(got) != 0 {
			t.Fatalf("enter on /plugin sent %q", got)
		}
		h.keys("ctrl+u")
		// A name begun is completed, not run; enter on the whole name runs it.
		h.typeText("/rev")
		h.keys("enter")
		if got := h.b.sentTexts(); len(got) != 0 || h.draft() != "/review" {
			t.Fatalf("enter on /rev: sent %q, draft %q", got, h.draft())
		}
		h.keys("enter")
		if got := h.b.sentTexts(); !slices.Equal(got, []string{"/review"}) || h.draft() != "" {
			t.Fatalf("enter on /review: sent %q, draft %q", got, h.draft())
		}
	})
	t.Run("down moves the highlight, local commands run locally", func(t *testing.T) {
		h := newHarness(t)
		h.ready()
		h.typeText("/help")
		h.keys("enter")
		if !h.ws.asked("help") || len(h.b.sends) != 0 {
			t.Fatalf("help asked %v sends %d", h.ws.asked("help"), len(h.b.sends))
		}
		h.typeText("/mo")
		h.keys("down", "enter") // mode, model → model: the one chosen runs
		if !h.tab.topIsPicker() || !strings.Contains(h.screen(), "Switch model") {
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
		if h.tab.conversation.Len() != 0 {
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
		if h.tab.prompt.CompletionOpen() || h.draft() != "/c" {
			t.Fatalf("open %v draft %q", h.tab.prompt.CompletionOpen(), h.draft())
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
		if h.tab.sess.Mode != want {
			t.Fatalf("mode shown %q, want %q", h.tab.sess.Mode, want)
		}
	}

	t.Run("auto when the CLI accepts it", func(t *testing.T) {
		h := newHarness(t)
		h.events(process.Ready{Init: &protocol.InitializeResponse{
			Models:                []protocol.ModelInfo{{Value: "default", DisplayName: "Default", SupportsAutoMode: true}},
			CurrentPermissionMode: "default",
		}})
		h.keys("shift+tab", "shift+tab", "shift+tab")
		if got := h.b.modes[len(h.b.modes)-1]; got != protocol.ModeAuto {
			t.Fatalf("the third shift+tab asked for %q, want auto", got)
		}
		h.keys("shift+tab")
		if got := h.b.modes[len(h.b.modes)-1]; got != protocol.ModeDefault {
			t.Fatalf("after auto the cycle went to %q, want default", got)
		}
		h.typeText("/mode")
		h.keys("enter")
		if s := h.screen(); !strings.Contains(s, "Auto") || !strings.Contains(s, "Don't ask") {
			t.Errorf("/mode does not list every mode the CLI accepts:\n%s", s)
		}
	})
	t.Run("no auto when logged out", func(t *testing.T) {
		h := newHarness(t)
		h.events(process.Ready{Init: &protocol.InitializeResponse{
			Models:                []protocol.ModelInfo{{Value: "default", DisplayName: "Default", SupportsAutoMode: true}},
			Account:               protocol.Account{TokenSource: "none", APIProvider: "firstParty"},
			CurrentPermissionMode: "default",
		}})
		h.keys("shift+tab", "shift+tab", "shift+tab")
		if got := h.b.modes[len(h.b.modes)-1]; got != protocol.ModeDefault {
			t.Fatalf("the third shift+tab asked for %q, want default (no auto without credentials)", got)
		}
	})
	t.Run("bypass only when launched with it", func(t *testing.T) {
		h := newHarness(t, func(o *launchOptions) { o.BypassAllowed = true })
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
		if h.tab.sess.Mode != "default" || !strings.Contains(h.screen(), "dangerously-skip-permissions") {
			t.Fatalf("mode %q screen:\n%s", h.tab.sess.Mode, h.screen())
		}
	})
}

func TestSetModelNotFoundKeepsModel(t *testing.T) {
	h := newHarness(t)
	h.msgs(systemInit())
	h.b.setModelErr = &process.ControlError{Subtype: "set_model", Code: protocol.ErrCodeNotFound, Model: "claude-opus-5-5"}
	h.typeText("/model nope")
	h.keys("enter")
	if h.tab.sess.Model != "claude-opus-5-5" || !strings.Contains(h.screen(), `"nope" not found`) {
		t.Fatalf("model %q screen:\n%s", h.tab.sess.Model, h.screen())
	}
	h.b.setModelErr = nil
	h.typeText("/model sonnet")
	h.keys("enter")
	if h.tab.sess.Model != "resolved-sonnet" {
		t.Fatalf("model = %q, want the CLI's answer", h.tab.sess.Model)
	}
}

func TestPickers(t *testing.T) {
	t.Run("alt+p picks a model", func(t *testing.T) {
		h := newHarness(t)
		h.ready()
		h.msgs(systemInit())
		h.keys("alt+p")
		if !h.tab.topIsPicker() {
			t.Fatal("alt+p did not open the model picker")
		}
		h.typeText("sonnet")
		h.keys("enter")
		if !slices.Equal(h.b.models, []string{"sonnet"}) || h.tab.dialogs.Len() != 0 {
			t.Fatalf("set_model calls %q, dialogs %d", h.b.models, h.tab.dialogs.Len())
		}
		if h.tab.sess.Model != "resolved-sonnet" {
			t.Fatalf("model = %q", h.tab.sess.Model)
		}
	})
	t.Run("/mode picks a mode, esc closes", func(t *testing.T) {
		h := newHarness(t)
		h.ready()
		h.typeText("/mode")
		h.keys("enter")
		if !h.tab.topIsPicker() || !strings.Contains(h.screen(), "Permission mode") {
			t.Fatalf("no mode picker:\n%s", h.screen())
		}
		h.keys("esc")
		if h.tab.dialogs.Len() != 0 || len(h.b.modes) != 0 {
			t.Fatalf("esc: dialogs %d modes %q", h.tab.dialogs.Len(), h.b.modes)
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
		if h.tab.dialogs.Len() != 1 {
			t.Fatal("ctrl+c closed a permission request while idle")
		}
	})
}
