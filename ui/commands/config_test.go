package commands

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/dialogs"
)

// settingsCLI answers get_settings with CLI 2.1.328's answer for a user settings file
// (editorMode, model, statusLine) and a project one (permissions.defaultMode), and
// update_settings as it does: outputStyle only.
type settingsCLI struct {
	asked []string
	style string
}

func (c *settingsCLI) answer(req protocol.ClientRequest) (json.RawMessage, error) {
	b, _ := json.Marshal(req)
	c.asked = append(c.asked, req.Subtype()+" "+string(b))
	switch r := req.(type) {
	case protocol.GetSettings:
		local := ""
		if c.style != "" {
			local = `,{"source":"localSettings","settings":{"outputStyle":"` + c.style + `"}}`
		}
		return json.RawMessage(`{"effective":{"editorMode":"vim","model":"sonnet","hooks":{},"permissions":{"defaultMode":"acceptEdits"},"statusLine":{"command":"echo hi","type":"command"}},` +
			`"sources":[{"source":"userSettings","settings":{"editorMode":"vim","model":"sonnet","hooks":{},"statusLine":{"command":"echo hi","type":"command"}}},` +
			`{"source":"projectSettings","settings":{"permissions":{"defaultMode":"acceptEdits"}}}` + local + `],` +
			`"applied":{"model":"claude-sonnet-5-5","effort":"medium"}}`), nil
	case protocol.UpdateSettings:
		if _, ok := r.Settings["outputStyle"]; !ok || len(r.Settings) != 1 {
			return nil, &protocol.ControlError{Message: "update_settings keys not allowed"}
		}
		c.style = r.Settings["outputStyle"]
		return json.RawMessage(`{}`), nil
	}
	return nil, errors.New("unexpected " + req.Subtype())
}

func configSession(t *testing.T) (*fakeSession, *settingsCLI) {
	cli := &settingsCLI{}
	h := &fakeSession{answer: cli.answer, vim: true, info: Info{Home: t.TempDir(), Folder: "/home/dev/project",
		Status: StatusBase{Model: "claude-sonnet-5-5", Mode: "acceptEdits"}, OutputStyles: []string{"default", "Explanatory", "Learning"}},
		launch: Launch{Theme: "auto", ThemeShown: "dark", Notify: "auto"}}
	return h, cli
}

// The panel lists each setting with its value and where it comes from.
func TestConfigPanel(t *testing.T) {
	h, _ := configSession(t)
	h.run(t, runConfig(h, ""))
	if len(h.pickers) != 1 {
		t.Fatalf("pickers %d, notices %q", len(h.pickers), h.notices)
	}
	view := ansi.Strip(h.pickers[0].View(140, 60))
	for _, want := range []string{
		"Model            claude-sonnet-5-5  ›", "from user ~/.claude/settings.json",
		"Permission mode  acceptEdits  ›", "from project .claude/settings.json (permissions.defaultMode)",
		"Effort           medium", "claude's own /effort <level> sets it",
		"Output style     default  ›",
		"Theme            auto (dark now)  ›", "from gclaude (--theme, /theme)",
		"Editor mode      vim  ›",
		"Status line      echo hi",
		"Notifications    auto", "not changed while gclaude runs",
		"Screen           fullscreen",
		"Other settings   hooks, permissions",
	} {
		if !strings.Contains(view, want) {
			t.Errorf("the panel lacks %q:\n%s", want, view)
		}
	}
	p := h.pickers[0]
	// enter on a row gclaude does not change does nothing; on one it does, ConfigChange.
	p.(*dialogs.Picker).SetFilter("Status line")
	if a, _ := p.Update(enterKey()); a != nil {
		t.Errorf("enter on the status line: %#v", a)
	}
	p.(*dialogs.Picker).SetFilter("Theme")
	if a, _ := p.Update(enterKey()); a != (dialogs.ConfigChange{Key: cfgTheme}) {
		t.Errorf("enter on the theme: %#v", a)
	}
}

// "/config list" writes the same rows into the transcript, one setting a line.
func TestConfigList(t *testing.T) {
	h, _ := configSession(t)
	h.run(t, runConfig(h, "list"))
	if len(h.notices) != 1 || !strings.Contains(h.notices[0], "\nModel            claude-sonnet-5-5\n") ||
		!strings.Contains(h.notices[0], "from user ~/.claude/settings.json · enter: choose") {
		t.Errorf("notices %q", h.notices)
	}
}

// "/config key=value" changes what claude or gclaude applies and says so; anything
// else is refused plainly, never "Set … to …".
func TestConfigSet(t *testing.T) {
	for _, tc := range []struct {
		args, notice, root, theme string
	}{
		{args: "theme=light", notice: "info: Theme: light. For this run of gclaude: start it with --theme light to keep it.", theme: "light"},
		{args: "theme light", notice: "info: Theme: light.", theme: "light"},
		{args: "theme=purple", notice: `warn: /theme: unknown theme "purple"`},
		{args: "model=opus", root: "model opus"},
		{args: "permission-mode=plan", root: "mode plan"},
		{args: "defaultMode plan", root: "mode plan"},
		{args: "model", root: "model picker"},
		{args: "effort=high", notice: "warn: gclaude does not set the effort: claude's own /effort <level> does"},
		{args: "statusLine=x", notice: "warn: gclaude does not change the status line"},
		{args: "notifications=bell", notice: "warn: Notifications are set when gclaude starts"},
		{args: "autoCompactEnabled=false", notice: `warn: gclaude does not change "autoCompactEnabled"`},
		{args: "editorMode=normal", notice: "info: Editor mode set to normal."},
		{args: "editorMode=vim", notice: "info: Editor mode is already vim."},
		{args: "editorMode=emacsish", notice: "warn: Editor mode is vim or normal."},
		{args: "outputStyle=nope", notice: `warn: claude has no output style "nope" (it has default, Explanatory, Learning). Nothing was changed.`},
	} {
		h, _ := configSession(t)
		if cmd := runConfig(h, tc.args); cmd != nil {
			h.run(t, cmd)
		}
		joined := strings.Join(h.notices, "\n")
		if tc.notice != "" && !strings.HasPrefix(joined, tc.notice) {
			t.Errorf("/config %s: notices %q, want %q", tc.args, h.notices, tc.notice)
		}
		if strings.Contains(joined, "Set ") {
			t.Errorf("/config %s said Set: %q", tc.args, joined)
		}
		if got := strings.Join(h.root, ","); got != tc.root {
			t.Errorf("/config %s: root did %q, want %q", tc.args, got, tc.root)
		}
		if h.theme != tc.theme {
			t.Errorf("/config %s: theme %q, want %q", tc.args, h.theme, tc.theme)
		}
	}
}

// The output style goes through claude's own writer, which saves and applies it.
func TestConfigOutputStyle(t *testing.T) {
	h, cli := configSession(t)
	h.run(t, runConfig(h, "output-style=explanatory"))
	want := `update_settings {"source":"localSettings","settings":{"outputStyle":"Explanatory"}}`
	if len(cli.asked) != 1 || cli.asked[0] != want {
		t.Errorf("asked %q, want %s", cli.asked, want)
	}
	if len(h.notices) != 1 || !strings.HasPrefix(h.notices[0], "info: Output style: Explanatory. claude saved it in .claude/settings.local.json") {
		t.Errorf("notices %q", h.notices)
	}
	// From the panel: the style picker marks the one in use, and choosing sends it.
	h.answerWith(t, dialogs.ConfigChange{Key: cfgStyle})
	view := ansi.Strip(h.pickers[len(h.pickers)-1].View(80, 20))
	if !strings.Contains(view, "Explanatory  ✓ current") {
		t.Errorf("style picker:\n%s", view)
	}
	h.answerWith(t, dialogs.ChooseOutputStyle{Style: "Learning"})
	if cli.style != "Learning" {
		t.Errorf("style %q", cli.style)
	}
}

// Editor mode from the panel switches vim mode and saves it as /vim does.
func TestConfigEditorMode(t *testing.T) {
	h, _ := configSession(t)
	h.answerWith(t, dialogs.ConfigChange{Key: cfgEditor})
	if h.vim {
		t.Error("still in vim mode")
	}
	data, err := os.ReadFile(filepath.Join(h.info.Home, ".claude", "settings.json"))
	if err != nil || !strings.Contains(string(data), `"editorMode": "normal"`) {
		t.Errorf("settings.json: %s, %v", data, err)
	}
}

func enterKey() tea.KeyPressMsg { return tea.KeyPressMsg{Code: tea.KeyEnter} }
