package tab

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// /vim shows the mode on the help line, where Claude Code shows it under the prompt:
// "-- INSERT --" at first, nothing in NORMAL mode; a second /vim turns it off.
func TestVimModeOnHelpLine(t *testing.T) {
	home := t.TempDir() // /vim saves editorMode in its .claude/settings.json
	h := newHarness(t, func(o *launchOptions) { o.Home = home })
	h.ready()
	h.msgs(systemInit(), result())
	if line := stripANSI(h.keyLine()); strings.Contains(line, "INSERT") {
		t.Fatalf("vim mode shown before /vim: %q", line)
	}
	h.typeText("/vim")
	h.keys("enter")
	if line := stripANSI(h.keyLine()); !strings.Contains(line, "-- INSERT --") {
		t.Fatalf("after /vim: help line %q", line)
	}
	h.typeText("ab")
	h.keys("esc")
	if line := stripANSI(h.keyLine()); strings.Contains(line, "--") || h.tab.prompt.Value() != "ab" {
		t.Fatalf("NORMAL mode: help line %q, draft %q", line, h.tab.prompt.Value())
	}
	h.typeText("x")
	if got := h.tab.prompt.Value(); got != "a" {
		t.Fatalf("x in NORMAL mode: draft %q", got)
	}
	if data, err := os.ReadFile(filepath.Join(home, ".claude", "settings.json")); err != nil || !strings.Contains(string(data), `"editorMode": "vim"`) {
		t.Errorf("settings (%v): %s", err, data)
	}
}
