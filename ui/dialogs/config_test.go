package dialogs

import (
	"strings"
	"testing"
)

func configRows() []ConfigRow {
	return []ConfigRow{
		{Key: "model", Label: "Model", Value: "claude-sonnet-5-5", From: "user ~/.claude/settings.json", Change: "enter: choose one for this session", Changeable: true},
		{Key: "effort", Label: "Effort", Value: "medium", From: "claude's default", Change: "not changed here: claude's own /effort <level> sets it for this session"},
		{Key: "theme", Label: "Theme", Value: "auto (dark now)", From: "gclaude (--theme, /theme)", Change: "enter: choose for this run of gclaude", Changeable: true},
	}
}

func init() {
	moreScreens = append(moreScreens,
		screen{name: "config_panel", build: func(_ *testing.T, env Env) Dialog { return NewConfigPanel(configRows(), env) }},
		screen{name: "theme_picker", build: func(_ *testing.T, env Env) Dialog { return NewThemePicker("light", "", env) }},
	)
}

// Enter changes only the settings marked ›; typing filters by name, value or source.
func TestConfigPanelChoices(t *testing.T) {
	c := newClock()
	d := open(NewConfigPanel(configRows(), testEnv(c)), c)
	view := stripped(d.View(100, 30))
	for _, want := range []string{"Settings", "Model   claude-sonnet-5-5  ›", "from user ~/.claude/settings.json · enter: choose one for this session",
		"Effort  medium\n", "Theme   auto (dark now)  ›"} {
		if !strings.Contains(strings.ReplaceAll(view, " │", ""), want) && !strings.Contains(view, strings.TrimSuffix(want, "\n")) {
			t.Errorf("the panel lacks %q:\n%s", want, view)
		}
	}
	if a := press(t, d, "enter"); a != (ConfigChange{Key: "model"}) {
		t.Errorf("enter on the model: %#v", a)
	}
	if a := press(t, d, "down", "enter"); a != nil {
		t.Errorf("enter on the effort: %#v", a)
	}
	if typeText(d, "gclaude"); !strings.Contains(stripped(d.View(100, 30)), "Theme") || strings.Contains(stripped(d.View(100, 30)), "Effort") {
		t.Errorf("filtered:\n%s", stripped(d.View(100, 30)))
	}
	if a := press(t, d, "enter"); a != (ConfigChange{Key: "theme"}) {
		t.Errorf("enter on the filtered theme: %#v", a)
	}
}

func TestThemePickerChoices(t *testing.T) {
	c := newClock()
	d := open(NewThemePicker("", "NO_COLOR is set", testEnv(c)), c)
	view := stripped(d.View(80, 20))
	if !strings.Contains(view, "Auto  ✓ current") || !strings.Contains(view, "NO_COLOR is set") {
		t.Errorf("picker:\n%s", view)
	}
	if a := press(t, d, "down", "down", "enter"); a != (ChooseTheme{Theme: "light"}) {
		t.Errorf("light: %#v", a)
	}
}
