package commands

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// /keybindings makes ~/.claude/keybindings.json in Claude Code's format when it is
// missing, opens it in the editor, and says after the edit whether its shape is right;
// an existing file is opened as it is.
func TestKeybindingsOpensTheFile(t *testing.T) {
	home := t.TempDir()
	h := &fakeSession{}
	h.info.Home = home
	h.info.Getenv = func(k string) string {
		if k == "EDITOR" {
			return "myeditor"
		}
		return ""
	}
	path := filepath.Join(home, ".claude", "keybindings.json")
	c, ok := Lookup("keybindings")
	if !ok {
		t.Fatal("/keybindings is unknown")
	}
	results(t, h, c.Run(h, ""))
	if b, err := os.ReadFile(path); err != nil || !strings.Contains(string(b), `"bindings": []`) {
		t.Fatalf("file = %q, %v", b, err)
	}
	if len(h.execs) != 1 || h.execs[0] != "myeditor "+path {
		t.Errorf("ran %q", h.execs)
	}
	if len(h.notices) != 1 || h.notices[0] != "info: Saved ~/.claude/keybindings.json." {
		t.Errorf("notices %q", h.notices)
	}

	h.notices = nil
	h.edit = func(p string) { _ = os.WriteFile(p, []byte(`{"bindings": {"ctrl+s": null}}`), 0o644) }
	results(t, h, c.Run(h, ""))
	if len(h.notices) != 1 || !strings.Contains(h.notices[0], `"bindings" array`) {
		t.Errorf("after a bad edit: %q", h.notices)
	}
	h.notices, h.edit = nil, nil
	results(t, h, c.Run(h, ""))
	if b, _ := os.ReadFile(path); !strings.Contains(string(b), `"ctrl+s"`) {
		t.Errorf("the existing file was replaced: %q", b)
	}
}
