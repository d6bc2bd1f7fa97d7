package ui

import (
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// Each session of the workspace is its own: what the workspace changes for all (the
// theme) reaches the sessions behind the one in front too, and what one session reads
// is read in its own folder.

// A theme switch reaches every session: one behind the front when the terminal turned
// light draws its prompt in the light palette when it comes back, as the one in front
// does. (Before, only the session in front was told; the others kept drawing their
// prompt and transcript in the old palette.)
func TestThemeSwitchReachesTheSessionsBehind(t *testing.T) {
	h := newHarness(t, func(o *Options) { o.Theme = "auto" })
	h.ready()
	second := h.openTab(t.TempDir())
	dark := strings.Join(second.ViewBottom(nil), "\n")
	h.send(keyMsg("alt+,"))
	h.send(tea.BackgroundColorMsg{Color: color.White})
	first := h.m.tabs.front
	light := strings.Join(first.ViewBottom(nil), "\n")
	if light == dark {
		t.Fatal("the prompt draws the same in both palettes: the test shows nothing")
	}
	h.send(keyMsg("alt+."))
	if h.m.tabs.front != second {
		t.Fatal("alt+. did not bring the second session back")
	}
	if got := strings.Join(second.ViewBottom(nil), "\n"); got != light {
		t.Errorf("the session that was behind draws its prompt in the old palette:\n%q\nwant\n%q", got, light)
	}
}

// The files a prompt's @mentions name are read in the folder of the session it was
// typed in, as claude reads them there. (Before, every session read them in the folder
// gclaude was started in: "Read notes.md" was missing, or counted another file.)
func TestMentionsAreReadInTheSessionsFolder(t *testing.T) {
	h := newHarness(t, func(o *Options) { o.CWD = t.TempDir() })
	h.ready()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "notes.md"), []byte("one\ntwo\nthree\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	h.openTab(dir)
	h.typeText("summarise @notes.md")
	h.keys("esc", "enter")
	if !strings.Contains(flat(h.screen()), "Read notes.md (3 lines)") {
		t.Fatalf("the mention was not read in the session's folder:\n%s", h.screen())
	}
}
