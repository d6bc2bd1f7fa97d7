package commands

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/ui/input"
)

// /vim toggles the prompt's vim mode and saves editorMode in the user's settings.json
// as Claude Code does: the other keys, their order and the indentation stay.
func TestVimTogglesAndSaves(t *testing.T) {
	home := t.TempDir()
	path := filepath.Join(home, ".claude", "settings.json")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	before := "{\n    \"model\": \"opus\",\n    \"permissions\": {\n        \"allow\": []\n    }\n}\n"
	if err := os.WriteFile(path, []byte(before), 0o600); err != nil {
		t.Fatal(err)
	}
	h := &fakeSession{info: Info{Home: home, Getenv: func(string) string { return "" }}}
	h.run(t, runVim(h, ""))
	if !h.vim {
		t.Fatal("vim mode not on")
	}
	want := "{\n    \"model\": \"opus\",\n    \"permissions\": {\n        \"allow\": []\n    },\n    \"editorMode\": \"vim\"\n}\n"
	if got, _ := os.ReadFile(path); string(got) != want {
		t.Errorf("settings:\n%s\nwant\n%s", got, want)
	}
	if len(h.notices) != 1 || !strings.Contains(h.notices[0], "Editor mode set to vim") {
		t.Errorf("notices %q", h.notices)
	}
	if on, err := input.ReadEditorMode(input.EditorModeFilesFor(home, "", nil)); err != nil || !on {
		t.Errorf("read back: vim %v, err %v", on, err)
	}

	h.run(t, runVim(h, ""))
	if h.vim {
		t.Fatal("vim mode still on")
	}
	if got, _ := os.ReadFile(path); !strings.Contains(string(got), `"editorMode": "normal"`) {
		t.Errorf("settings after the second /vim:\n%s", got)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", fi.Mode().Perm())
	}
}

// A settings file that is not JSON is left alone, and the toggle still happens.
func TestVimUnsavedSettingsSaysSo(t *testing.T) {
	home := t.TempDir()
	path := filepath.Join(home, ".claude", "settings.json")
	os.MkdirAll(filepath.Dir(path), 0o755)
	os.WriteFile(path, []byte("{oops"), 0o644)
	h := &fakeSession{info: Info{Home: home}}
	h.run(t, runVim(h, ""))
	if !h.vim || len(h.notices) != 1 || !strings.Contains(h.notices[0], "could not be saved") {
		t.Errorf("vim %v, notices %q", h.vim, h.notices)
	}
	if got, _ := os.ReadFile(path); string(got) != "{oops" {
		t.Errorf("file changed: %q", got)
	}
}
