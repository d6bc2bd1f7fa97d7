package input

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// NORMAL-mode keys edit the draft through the real editor, and enter sends it.
func TestVimPromptEditsAndSends(t *testing.T) {
	h := newPromptHarness(t)
	if got := h.p.VimModeName(); got != "" {
		t.Fatalf("mode %q without vim mode", got)
	}
	h.p.SetVim(true)
	if got := h.p.VimIndicator(); got != "-- INSERT --" {
		t.Fatalf("indicator %q", got)
	}
	h.typeText("hello big world")
	h.keys("esc")
	if got := h.p.VimIndicator(); got != "" || h.p.VimModeName() != "NORMAL" {
		t.Fatalf("NORMAL mode shows %q (%s)", got, h.p.VimModeName())
	}
	if c := h.p.Cursor(); c == nil || c.Shape != tea.CursorBlock {
		t.Errorf("cursor in NORMAL mode: %+v", c)
	}
	h.typeText("0wdw") // delete "big "
	if got := h.draft(); got != "hello world" {
		t.Fatalf("after 0wdw: %q", got)
	}
	h.typeText("A!")
	h.keys("esc")
	h.typeText("0x")
	if got := h.draft(); got != "ello world!" {
		t.Fatalf("after A!, 0x: %q", got)
	}
	h.keys("enter")
	if s := h.submits(); len(s) != 1 || s[0].Text != "ello world!" {
		t.Fatalf("submits %+v", s)
	}
	if got := h.p.VimIndicator(); got != "-- INSERT --" {
		t.Errorf("after sending: %q, want INSERT for the next prompt", got)
	}
}

// In INSERT mode the prompt works as without vim: slash completion, history, and
// esc closes the popup before it leaves INSERT mode.
func TestVimInsertKeepsCompletionAndHistory(t *testing.T) {
	h := newPromptHarness(t)
	h.p.SetCommands([]Command{{Name: "compact"}, {Name: "cost"}})
	h.p.SetVim(true)
	h.typeText("/comp")
	if !h.p.CompletionOpen() {
		t.Fatal("no completion popup in INSERT mode")
	}
	h.keys("tab")
	if got := h.draft(); got != "/compact" {
		t.Fatalf("tab completed to %q", got)
	}
	h.typeText("/")
	h.keys("backspace")
	h.p.complete.Update("/co")
	h.p.SetValue("/co")
	if !h.p.CompletionOpen() {
		t.Fatal("no popup for /co")
	}
	h.keys("esc")
	if h.p.CompletionOpen() || h.p.VimIndicator() != "-- INSERT --" {
		t.Fatalf("esc: popup open %v, mode %q", h.p.CompletionOpen(), h.p.VimIndicator())
	}
	h.p.Reset()
	h.typeText("first")
	h.keys("enter")
	h.keys("up")
	if got := h.draft(); got != "first" {
		t.Fatalf("up in INSERT mode: %q", got)
	}
	// and from NORMAL mode: up walks the history too
	h.p.Clear()
	h.keys("esc", "up")
	if got := h.draft(); got != "first" {
		t.Fatalf("up in NORMAL mode: %q", got)
	}
}

// esc in NORMAL mode (nothing pending) and esc in INSERT mode on an empty draft keep
// their meaning (interrupt; twice, /rewind); with text, esc in INSERT only switches.
func TestVimEscKeepsItsMeaning(t *testing.T) {
	h := newPromptHarness(t)
	h.p.SetVim(true)
	h.keys("esc")
	if n := countInterrupts(h.actions); n != 1 {
		t.Fatalf("esc on an empty INSERT draft: %d interrupts", n)
	}
	h.typeText("ihi")
	h.keys("esc")
	if n := countInterrupts(h.actions); n != 1 {
		t.Fatalf("esc leaving INSERT with text interrupted (%d)", n)
	}
	h.typeText("d")
	h.keys("esc") // cancels the d
	if n := countInterrupts(h.actions); n != 1 {
		t.Fatalf("esc cancelling d interrupted (%d)", n)
	}
	h.keys("esc")
	if n := countInterrupts(h.actions); n != 2 {
		t.Fatalf("esc in NORMAL mode: %d interrupts, want 2", n)
	}
	if got := h.draft(); got != "hi" {
		t.Errorf("draft %q", got)
	}
}

func countInterrupts(as []Action) int {
	n := 0
	for _, a := range as {
		if _, ok := a.(Interrupt); ok {
			n++
		}
	}
	return n
}

// Multi-line drafts: the cursor the vim machine sets is where the editor puts it.
func TestVimPromptMultiline(t *testing.T) {
	h := newPromptHarness(t)
	h.p.SetVim(true)
	h.p.SetValue("one\ntwo\nthree")
	h.keys("esc")
	h.typeText("ggjdd")
	if got := h.draft(); got != "one\nthree" {
		t.Fatalf("ggjdd: %q", got)
	}
	h.typeText("Gx")
	if got := h.draft(); got != "one\nhree" {
		t.Fatalf("Gx: %q", got)
	}
	h.typeText("ggyyGp")
	if got := h.draft(); got != "one\nhree\none" {
		t.Fatalf("yyp: %q", got)
	}
	if b := h.p.editor.vimBuffer(); b.Cursor != len("one\nhree\n") {
		t.Errorf("cursor %d", b.Cursor)
	}
}

// editorMode is read like Claude Code reads it: the settings files (local over
// project over user), then ~/.claude.json.
func TestReadEditorMode(t *testing.T) {
	write := func(path, text string) {
		t.Helper()
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	home, proj := t.TempDir(), t.TempDir()
	files := EditorModeFilesFor(home, proj, nil)
	check := func(want bool) {
		t.Helper()
		got, err := ReadEditorMode(files)
		if err != nil || got != want {
			t.Fatalf("vim %v (err %v), want %v", got, err, want)
		}
	}
	check(false)
	write(filepath.Join(home, ".claude.json"), `{"editorMode":"vim","numStartups":3}`)
	check(true)
	write(filepath.Join(home, ".claude", "settings.json"), `{"editorMode":"normal"}`)
	check(false)
	write(filepath.Join(proj, ".claude", "settings.local.json"), `{"editorMode":"vim"}`)
	check(true)

	cfg := t.TempDir()
	write(filepath.Join(cfg, "settings.json"), `{"editorMode":"vim"}`)
	getenv := func(k string) string {
		if k == "CLAUDE_CONFIG_DIR" {
			return cfg
		}
		return ""
	}
	if got, err := ReadEditorMode(EditorModeFilesFor(home, "", getenv)); err != nil || !got {
		t.Errorf("CLAUDE_CONFIG_DIR: vim %v, err %v", got, err)
	}
	write(filepath.Join(home, ".claude", "settings.json"), `{not json`)
	if _, err := ReadEditorMode(EditorModeFilesFor(home, "", nil)); err == nil {
		t.Error("no error for a broken settings file")
	}
}

// The setting read at start turns vim mode on.
func TestLoadEditorModeTurnsVimOn(t *testing.T) {
	home := t.TempDir()
	os.MkdirAll(filepath.Join(home, ".claude"), 0o755)
	os.WriteFile(filepath.Join(home, ".claude", "settings.json"), []byte(`{"editorMode":"vim"}`), 0o644)
	h := newPromptHarness(t)
	h.exec(h.p.LoadEditorMode(EditorModeFilesFor(home, "", nil)))
	h.send(nil)
	if !h.p.VimOn() {
		t.Fatal("vim mode not on")
	}
}

// A line wrapped over several rows of the editor: the cursor still lands on the
// logical line and column vim chose.
func TestVimPromptWrappedLines(t *testing.T) {
	h := newPromptHarness(t)
	h.p.SetVim(true)
	long := strings.Repeat("word ", 40)
	h.p.SetValue(long + "\nsecond\nthird")
	h.keys("esc")
	h.typeText("ggjx")
	if got := h.draft(); got != long+"\necond\nthird" {
		t.Fatalf("ggjx: %q", got)
	}
	h.typeText("gg$x")
	if got := h.draft(); got != strings.TrimSuffix(long, " ")+"\necond\nthird" {
		t.Fatalf("gg$x: %q", got)
	}
	h.typeText("Gkk")
	if b := h.p.editor.vimBuffer(); b.Cursor != 0 {
		t.Errorf("Gkk: cursor %d, want 0", b.Cursor)
	}
}

// VISUAL mode highlights the selection (anchor to cursor, both included) with the
// editor's selection, and leaving it drops the highlight.
func TestVimVisualHighlights(t *testing.T) {
	h := newPromptHarness(t)
	h.p.SetVim(true)
	h.p.SetValue("one two\nthree")
	h.keys("esc")
	h.typeText("ggwv")
	if got := h.p.editor.ta.SelectedText(); got != "t" {
		t.Fatalf("v: selected %q", got)
	}
	h.typeText("j")
	if got := h.p.editor.ta.SelectedText(); got != "two\nthree" {
		t.Fatalf("vj: selected %q", got)
	}
	if b := h.p.editor.vimBuffer(); b.Cursor != len("one two\nthre") {
		t.Errorf("cursor %d", b.Cursor)
	}
	h.typeText("y")
	if h.p.editor.ta.HasSelection() || h.p.VimModeName() != "NORMAL" {
		t.Fatalf("after y: selection %v, mode %s", h.p.editor.ta.HasSelection(), h.p.VimModeName())
	}
	h.typeText("vld") // y left the cursor at the selection's start
	if got := h.draft(); got != "one o\nthree" || h.p.editor.ta.HasSelection() {
		t.Fatalf("vld: %q, selection %v", got, h.p.editor.ta.HasSelection())
	}
}
