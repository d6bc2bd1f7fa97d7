package tab

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
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
	if !h.tab.turn.Running {
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
	if err := input.AppendPromptHistory(path, "/p", "from disk", t0); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, func(o *launchOptions) { o.PromptHistoryPath = path })
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
	got, err := input.ReadPromptHistory(path, 10)
	if err != nil || !slices.Equal(got, []string{"from disk", "one", "two"}) {
		t.Fatalf("history file = %q, %v", got, err)
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

func TestFocusSwitchKeepsDraft(t *testing.T) {
	h := newHarness(t)
	h.msgs(systemInit(), &protocol.Result{Subtype: "success"})
	h.typeText("my draft")
	h.keys("tab")
	if h.tab.focus != focusTranscript || h.tab.prompt.Focused() {
		t.Fatal("tab did not move focus to the transcript")
	}
	h.typeText("x") // goes to the transcript, not the draft
	for _, back := range []string{"esc", "tab", "i"} {
		if h.tab.focus == focusInput {
			h.keys("tab")
		}
		h.keys(back)
		if h.tab.focus != focusInput {
			t.Fatalf("%s did not return focus to the input", back)
		}
		if h.draft() != "my draft" {
			t.Fatalf("draft after %s: %q", back, h.draft())
		}
	}
}

func TestPasteGoesToTheDraft(t *testing.T) {
	h := newHarness(t)
	h.typeText("a ")
	h.keys("tab") // focus on the transcript: a paste still lands in the draft
	h.send(tea.PasteMsg{Content: "line one\nline two"})
	if h.draft() != "a line one\nline two" || h.tab.focus != focusInput {
		t.Fatalf("draft %q focus %v", h.draft(), h.tab.focus)
	}
	if len(h.b.sends) != 0 {
		t.Fatal("a pasted newline sent the prompt")
	}
}

func TestWheelScrollsTheTranscript(t *testing.T) {
	h := newHarness(t)
	for i := range 40 {
		h.tab.notice(noticeInfo, fmt.Sprintf("line %d", i))
	}
	h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	if !h.tab.transcript.Following() {
		t.Fatal("transcript does not follow the tail at first")
	}
	h.send(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	if h.tab.transcript.Following() {
		t.Fatal("wheel up did not scroll away from the tail")
	}
	h.keys("pgdown", "pgdown", "pgdown", "pgdown", "pgdown", "pgdown")
	if !h.tab.transcript.Following() {
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
	if h.draft() != "my draft" || h.tab.prompt.Searching() {
		t.Fatalf("esc: draft %q search %v", h.draft(), h.tab.prompt.Searching())
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

func TestTypingInTheTranscriptGoesToThePrompt(t *testing.T) {
	h := newHarness(t)
	h.msgs(systemInit(), &protocol.Result{Subtype: "success"})
	h.typeText("my draft")
	h.keys("tab")
	h.typeText("j") // the transcript's own key: moves its cursor
	if h.tab.focus != focusTranscript || h.draft() != "my draft" {
		t.Fatalf("j: focus %v draft %q", h.tab.focus, h.draft())
	}
	h.typeText("w") // no use in the transcript: meant for the prompt
	if h.tab.focus != focusInput || h.draft() != "my draftw" {
		t.Fatalf("typing in the transcript: focus %v draft %q", h.tab.focus, h.draft())
	}
}

// The dialogs' $EDITOR (editing a tool's input or a plan) is looked up where the
// prompt's is: in Options.Getenv.
func TestDialogEditorFollowsGetenv(t *testing.T) {
	h := newHarness(t, func(o *launchOptions) {
		o.Getenv = func(k string) string {
			if k == "VISUAL" {
				return "my-editor --wait"
			}
			return ""
		}
	})
	env := h.tab.dialogEnv()
	if env.Editor == nil {
		t.Fatal("dialogs look $EDITOR up in the process environment")
	}
	if got := env.Editor("/tmp/f").Args; !slices.Equal(got, []string{"my-editor", "--wait", "/tmp/f"}) {
		t.Fatalf("editor command %q", got)
	}
}

// What the prompt asks to tell the user lands in the transcript as a notice.
func TestPromptNoticeReachesTheTranscript(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "fake.png")
	if err := os.WriteFile(fake, []byte("just text"), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, func(o *launchOptions) { o.CWD = dir })
	h.send(tea.PasteMsg{Content: fake})
	if h.draft() != fake {
		t.Fatalf("draft %q: the paste must stay as text", h.draft())
	}
	if md := h.tab.conversation.Markdown(); !strings.Contains(md, "fake.png was not attached") {
		t.Fatalf("no notice:\n%s", md)
	}
}
