package frame

import (
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/themes"
)

// Every screen is exactly width×height, whatever it was given.
func TestScreensFillExactly(t *testing.T) {
	s := themes.New(themes.Mono)
	for name, screen := range map[string]string{
		"fit":       Fit("a\nbb\nccc\nd\ne", 10, 3),
		"welcome":   Welcome(s, "~/project\x1b]0;x\a", 70, 12),
		"too small": TooSmall(s, 40, 10, true),
	} {
		lines := strings.Split(screen, "\n")
		w := map[string]int{"fit": 10, "welcome": 70, "too small": 40}[name]
		h := map[string]int{"fit": 3, "welcome": 12, "too small": 10}[name]
		if len(lines) != h {
			t.Errorf("%s: %d lines, want %d", name, len(lines), h)
		}
		for i, l := range lines {
			if lipgloss.Width(l) != w {
				t.Errorf("%s: line %d is %d wide, want %d", name, i, lipgloss.Width(l), w)
			}
		}
		if strings.Contains(screen, "\a") {
			t.Errorf("%s: a control character got through", name)
		}
	}
	if got := ansi.Strip(TooSmall(s, 40, 10, false)); !strings.Contains(got, "gclaude needs 60×15, this is 40×10") || strings.Contains(got, "draft") {
		t.Errorf("too small without a draft:\n%s", got)
	}
}

// The first screen says how to reach the workspace: another session, the list of
// sessions, the inbox.
func TestWelcomeNamesTheWorkspace(t *testing.T) {
	got := ansi.Strip(Welcome(themes.New(themes.Mono), "~/project", 80, 12))
	for _, want := range []string{"/open starts another session", "alt+s lists them", "alt+i: the inbox"} {
		if !strings.Contains(got, want) {
			t.Errorf("the welcome lacks %q:\n%s", want, got)
		}
	}
}
