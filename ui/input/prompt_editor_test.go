package input

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestExternalEditorRoundTrip(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	h := newPromptHarness(t)
	h.typeText("draft")
	cmd := h.p.openExternalEditor()
	ready, ok := cmd().(editorReadyMsg)
	if !ok || ready.err != nil {
		t.Fatalf("ready = %+v", ready)
	}
	if b, _ := os.ReadFile(ready.path); string(b) != "draft" {
		t.Fatalf("temp file holds %q", b)
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
	if h.draft() != "edited\ntext" || !strings.Contains(h.notices(), "the editor failed") {
		t.Fatalf("failed editor: draft %q notices %q", h.draft(), h.notices())
	}
}

// A second ctrl+g while the draft is out in the editor opens no second editor: it
// would come up right after the first closed, on the stale draft, and its text would
// replace what the first one wrote.
func TestExternalEditorOnlyOnce(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp) // where the draft's file is written
	files := func() int {
		des, err := os.ReadDir(tmp)
		if err != nil {
			t.Fatal(err)
		}
		return len(des)
	}
	h := newPromptHarness(t)
	h.typeText("draft")
	// The harness does not run the editor (tea.ExecProcess is the program's): it
	// stays "open".
	h.keys("ctrl+g")
	h.keys("ctrl+g")
	if n := files(); n != 1 {
		t.Fatalf("%d drafts handed to an editor, want 1", n)
	}
	des, _ := os.ReadDir(tmp)
	path := filepath.Join(tmp, des[0].Name())
	if err := os.WriteFile(path, []byte("edited"), 0o600); err != nil {
		t.Fatal(err)
	}
	h.send(editorClosedMsg{path: path})
	if h.draft() != "edited" {
		t.Fatalf("draft = %q", h.draft())
	}
	h.keys("ctrl+g") // back: a new ctrl+g opens the editor again
	if n := files(); n != 1 {
		t.Fatalf("%d drafts in the editor after the first came back, want 1", n)
	}
}

// A text from $EDITOR longer than the editor holds comes back whole, as a chip, and is
// sent whole. Before, the editor cut it at 10,000 lines, silently.
func TestExternalEditorTextTooLongBecomesAChip(t *testing.T) {
	h := newPromptHarness(t)
	var b strings.Builder
	for i := range 12000 {
		b.WriteString("line " + strings.Repeat("x", i%7) + "\n")
	}
	text := strings.TrimRight(b.String(), "\n")
	h.send(editorTextMsg{text: text})
	if !strings.HasPrefix(h.draft(), "[Pasted text #1 +12000 lines]") {
		t.Fatalf("draft = %.80q", h.draft())
	}
	h.keys("enter")
	if got := h.submits()[0].Text; got != text {
		t.Errorf("sent %d bytes, want %d", len(got), len(text))
	}
}
