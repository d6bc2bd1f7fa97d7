package commands

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/ui/dialogs"
)

// /theme alone opens the picker with the theme in use marked; choosing switches it.
func TestThemePicker(t *testing.T) {
	h := &fakeSession{launch: Launch{Theme: "dark"}}
	if cmd := runTheme(h, ""); cmd != nil {
		h.run(t, cmd)
	}
	if len(h.pickers) != 1 {
		t.Fatalf("pickers %d", len(h.pickers))
	}
	view := ansi.Strip(h.pickers[0].View(80, 20))
	for _, want := range []string{"Theme", "Auto", "Dark mode  ✓ current", "Light mode"} {
		if !strings.Contains(view, want) {
			t.Errorf("the picker lacks %q:\n%s", want, view)
		}
	}
	cmd, ok := Answer(h, dialogs.ChooseTheme{Theme: "light"})
	if !ok || cmd != nil || h.theme != "light" {
		t.Errorf("choosing light: ok %v, theme %q", ok, h.theme)
	}
	if len(h.notices) != 1 || h.notices[0] != "info: Theme: light. For this run of gclaude: start it with --theme light to keep it." {
		t.Errorf("notices %q", h.notices)
	}
}

// /theme with a name switches at once; NO_COLOR is said, since no theme changes it.
func TestThemeArgument(t *testing.T) {
	h := &fakeSession{info: Info{Getenv: func(k string) string {
		if k == "NO_COLOR" {
			return "1"
		}
		return ""
	}}}
	runTheme(h, "Auto")
	if h.theme != "auto" || len(h.notices) != 1 || !strings.Contains(h.notices[0], "(dark or light, from the terminal's background)") ||
		!strings.Contains(h.notices[0], "NO_COLOR is set") {
		t.Errorf("theme %q, notices %q", h.theme, h.notices)
	}
	h.notices = nil
	runTheme(h, "solarized")
	if h.theme != "auto" || len(h.notices) != 1 || !strings.HasPrefix(h.notices[0], `warn: /theme: unknown theme "solarized"`) {
		t.Errorf("theme %q, notices %q", h.theme, h.notices)
	}
}
