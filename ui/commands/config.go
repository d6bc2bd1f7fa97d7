package commands

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/input"
)

// /config is gclaude's: the CLI's own /config only edits the settings of its terminal
// screen, which does not run here (it answers "/config theme=light" with "Set Theme to
// light" and nothing changes). The panel shows the settings that matter here, each
// with where its value comes from (get_settings names the file), and changes those
// that claude or gclaude applies: the model and mode (set_model,
// set_permission_mode), the output style (update_settings, which claude saves and
// applies), the theme (gclaude's) and the editor mode (as /vim).
func init() {
	register(Command{Command: input.Command{Name: "config", Description: "Settings: values, where each comes from, change the ones that apply",
		ArgumentHint: "[list | key=value]", Aliases: []string{"settings"}},
		Place: placeScreen + 6, Live: true, Run: runConfig, Answer: answerConfig})
}

// Keys of the settings /config shows.
const (
	cfgModel    = "model"
	cfgMode     = "permissionMode"
	cfgEffort   = "effort"
	cfgStyle    = "outputStyle"
	cfgTheme    = "theme"
	cfgEditor   = "editorMode"
	cfgStatus   = "statusLine"
	cfgNotify   = "notifications"
	cfgScreen   = "screen"
	cfgOtherKey = "other"
)

// configAliases maps what may be typed after /config to a key (lower case, without
// "-" and "_").
var configAliases = map[string]string{
	"model": cfgModel, "permissionmode": cfgMode, "defaultmode": cfgMode, "mode": cfgMode,
	"effort": cfgEffort, "effortlevel": cfgEffort, "outputstyle": cfgStyle, "style": cfgStyle,
	"theme": cfgTheme, "editormode": cfgEditor, "vim": cfgEditor, "editor": cfgEditor,
	"statusline": cfgStatus, "notifications": cfgNotify, "notify": cfgNotify,
	"preferrednotifchannel": cfgNotify, "screen": cfgScreen, "tui": cfgScreen,
}

func runConfig(s Session, args string) tea.Cmd {
	args = strings.TrimSpace(args)
	if args != "" && args != "list" {
		return setConfig(s, args)
	}
	return s.Ask("config", func(ctx context.Context, ask Ask) Done {
		var set protocol.SettingsResponse
		if err := askInto(ctx, ask, protocol.GetSettings{}, &set); err != nil {
			return Done{Kind: noticeError, Text: "/config failed: " + err.Error()}
		}
		return Done{Then: func(s Session) tea.Cmd {
			rows := configRows(s.Info(), s.Workspace().Launch(), set, s.VimMode())
			if args == "list" {
				s.Notice(noticeInfo, formatConfig(rows))
				return nil
			}
			return s.OpenPicker(func(env dialogs.Env) dialogs.Dialog { return dialogs.NewConfigPanel(rows, env) })
		}}
	})
}

// configRows are the settings as the panel shows them.
func configRows(s Info, l Launch, set protocol.SettingsResponse, vim bool) []dialogs.ConfigRow {
	files := settingsFilesFor(s.Home, s.Folder)
	from := func(key, flag, flagName, otherwise string) string {
		if flag != "" {
			return flagName
		}
		if src, _, ok := set.Source(key); ok {
			return configSource(files, src)
		}
		return otherwise
	}
	var rows []dialogs.ConfigRow
	add := func(r dialogs.ConfigRow) { rows = append(rows, r) }

	add(dialogs.ConfigRow{Key: cfgModel, Label: "Model", Value: render.OrDefault(s.Status.Model, set.Applied.Model),
		From: from("model", l.Model, "--model", "claude's default"), Change: "enter: choose one for this session", Changeable: true})

	modeFrom := "claude's default"
	if l.Mode != "" {
		modeFrom = "--permission-mode"
	} else if src, raw, ok := set.Source("permissions"); ok && jsonHas(raw, "defaultMode") {
		modeFrom = configSource(files, src) + " (permissions.defaultMode)"
	}
	add(dialogs.ConfigRow{Key: cfgMode, Label: "Permission mode", Value: render.OrDefault(s.Status.Mode, "default"), From: modeFrom,
		Change: "enter: choose one for this session (shift+tab cycles)", Changeable: true})

	effort := "none (this model has no effort levels)"
	if e := set.Applied.Effort; e != nil {
		effort = *e
	}
	add(dialogs.ConfigRow{Key: cfgEffort, Label: "Effort", Value: effort, From: from("effortLevel", "", "", "claude's default"),
		Change: "not changed here: claude's own /effort <level> sets it for this session"})

	style, styleFrom := "default", "claude's default"
	if src, raw, ok := set.Source("outputStyle"); ok {
		style, styleFrom = jsonString(raw), configSource(files, src)
	}
	styleRow := dialogs.ConfigRow{Key: cfgStyle, Label: "Output style", Value: style, From: styleFrom}
	if len(s.OutputStyles) > 0 {
		styleRow.Change, styleRow.Changeable = "enter: choose; claude saves it in .claude/settings.local.json and applies it", true
	} else {
		styleRow.Change = "claude has not said which styles it has"
	}
	add(styleRow)

	theme := render.OrDefault(l.Theme, "auto")
	if theme == "auto" && l.ThemeShown != "" {
		theme += " (" + l.ThemeShown + " now)"
	}
	themeChange := "enter: choose for this run of gclaude (--theme keeps it)"
	if s.Getenv != nil && s.Getenv("NO_COLOR") != "" {
		theme, themeChange = "no colour (NO_COLOR)", "NO_COLOR is set: no theme changes that"
	}
	add(dialogs.ConfigRow{Key: cfgTheme, Label: "Theme", Value: theme, From: "gclaude (--theme, /theme)", Change: themeChange,
		Changeable: s.Getenv == nil || s.Getenv("NO_COLOR") == ""})

	editor := "normal"
	if vim {
		editor = "vim"
	}
	add(dialogs.ConfigRow{Key: cfgEditor, Label: "Editor mode", Value: editor, From: from("editorMode", "", "", "the default, or ~/.claude.json"),
		Change: "enter: switch, saved in ~/.claude/settings.json (as /vim)", Changeable: true})

	statusLine, statusFrom := "none", "no settings file sets it"
	if src, raw, ok := set.Source("statusLine"); ok {
		var sl struct{ Type, Command string }
		_ = json.Unmarshal(raw, &sl)
		statusLine, statusFrom = render.OrDefault(sl.Command, sl.Type), configSource(files, src)
	}
	add(dialogs.ConfigRow{Key: cfgStatus, Label: "Status line", Value: statusLine, From: statusFrom,
		Change: "not changed here: edit statusLine in a settings file; gclaude reads it whenever claude starts"})

	add(dialogs.ConfigRow{Key: cfgNotify, Label: "Notifications", Value: render.OrDefault(l.Notify, "auto"), From: "gclaude (--notify, $GCLAUDE_NOTIFY)",
		Change: "not changed while gclaude runs: set --notify when it starts"})

	screen := "fullscreen"
	if l.Inline {
		screen = "inline"
	}
	add(dialogs.ConfigRow{Key: cfgScreen, Label: "Screen", Value: screen, From: "gclaude (--tui, $GCLAUDE_TUI)",
		Change: "not changed while gclaude runs: set --tui when it starts"})

	if other := otherKeys(set); len(other) > 0 {
		add(dialogs.ConfigRow{Key: cfgOtherKey, Label: "Other settings", Value: strings.Join(other, ", "), From: "the settings files",
			Change: "claude applies them; gclaude does not change them (/permissions edits the rules)"})
	}
	return rows
}

// shownKeys are the settings keys with a row of their own.
var shownKeys = map[string]bool{"model": true, "effortLevel": true, "outputStyle": true, "editorMode": true, "statusLine": true}

// otherKeys are the keys in effect that have no row of their own, in order.
func otherKeys(set protocol.SettingsResponse) []string {
	var out []string
	for k := range set.Effective {
		if !shownKeys[k] {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// configSource names a settings source for /config.
func configSource(files SettingsFiles, source string) string {
	if source == protocol.SourceFlagSettings {
		return "--settings, or set by gclaude for this session"
	}
	return files.Where(source)
}

func jsonHas(raw json.RawMessage, key string) bool {
	var m map[string]json.RawMessage
	_ = json.Unmarshal(raw, &m)
	_, ok := m[key]
	return ok
}

func jsonString(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return string(raw)
	}
	return s
}

// formatConfig is /config list: the rows as lines.
func formatConfig(rows []dialogs.ConfigRow) string {
	var b strings.Builder
	b.WriteString("Settings")
	width := 0
	for _, r := range rows {
		width = max(width, len(r.Label))
	}
	for _, r := range rows {
		fmt.Fprintf(&b, "\n%s  %s\n%s  from %s · %s", render.Pad(r.Label, width), r.Value, strings.Repeat(" ", width), r.From, r.Change)
	}
	return b.String()
}

// setConfig runs "/config key=value" (or "key value"): the change where claude or
// gclaude applies it, else a plain refusal; a key alone opens its chooser.
func setConfig(s Session, args string) tea.Cmd {
	name, value, _ := strings.Cut(args, "=")
	if !strings.Contains(args, "=") {
		name, value, _ = strings.Cut(args, " ")
	}
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	key, ok := configAliases[strings.NewReplacer("-", "", "_", "").Replace(strings.ToLower(name))]
	if !ok {
		s.Notice(noticeWarning, fmt.Sprintf("gclaude does not change %q: /config changes the theme, model, permission mode, output style and editor mode. Nothing was changed.", name))
		return nil
	}
	if value == "" {
		return changeConfig(s, key)
	}
	switch key {
	case cfgTheme:
		return applyTheme(s, strings.ToLower(value))
	case cfgModel:
		return s.ChooseModel(value)
	case cfgMode:
		return s.ChooseMode(value)
	case cfgStyle:
		return setOutputStyle(s, value)
	case cfgEditor:
		switch strings.ToLower(value) {
		case "vim", "on", "true":
			return setVim(s, true)
		case "normal", "off", "false", "emacs":
			return setVim(s, false)
		}
		s.Notice(noticeWarning, "Editor mode is vim or normal. Nothing was changed.")
		return nil
	}
	s.Notice(noticeWarning, configRefusal(key))
	return nil
}

// configRefusal says why a setting does not change from /config.
func configRefusal(key string) string {
	switch key {
	case cfgEffort:
		return "gclaude does not set the effort: claude's own /effort <level> does, for this session. Nothing was changed."
	case cfgStatus:
		return "gclaude does not change the status line: edit statusLine in a settings file; gclaude reads it whenever claude starts. Nothing was changed."
	case cfgNotify:
		return "Notifications are set when gclaude starts (--notify or $GCLAUDE_NOTIFY). Nothing was changed."
	case cfgScreen:
		return "The screen is set when gclaude starts (--tui or $GCLAUDE_TUI). Nothing was changed."
	}
	return "gclaude does not change that setting. Nothing was changed."
}

// changeConfig opens the chooser of a setting, or says why it does not change here.
func changeConfig(s Session, key string) tea.Cmd {
	switch key {
	case cfgModel:
		return s.PickModel()
	case cfgMode:
		return s.PickMode()
	case cfgTheme:
		return runTheme(s, "")
	case cfgEditor:
		return setVim(s, !s.VimMode())
	case cfgStyle:
		return s.Ask("config", func(ctx context.Context, ask Ask) Done {
			var set protocol.SettingsResponse
			if err := askInto(ctx, ask, protocol.GetSettings{}, &set); err != nil {
				return Done{Kind: noticeError, Text: "/config failed: " + err.Error()}
			}
			current := "default"
			if _, raw, ok := set.Source("outputStyle"); ok {
				current = jsonString(raw)
			}
			return Done{Then: func(s Session) tea.Cmd {
				styles := s.Info().OutputStyles
				return s.OpenPicker(func(env dialogs.Env) dialogs.Dialog { return dialogs.NewOutputStylePicker(styles, current, env) })
			}}
		})
	}
	s.Notice(noticeWarning, configRefusal(key))
	return nil
}

func answerConfig(s Session, a dialogs.Action) (tea.Cmd, bool) {
	switch a := a.(type) {
	case dialogs.ConfigChange:
		return changeConfig(s, a.Key), true
	case dialogs.ChooseOutputStyle:
		return setOutputStyle(s, a.Style), true
	}
	return nil, false
}

// setOutputStyle has claude save and apply an output style (update_settings).
func setOutputStyle(s Session, style string) tea.Cmd {
	if styles := s.Info().OutputStyles; len(styles) > 0 && !containsFold(styles, style) {
		s.Notice(noticeWarning, fmt.Sprintf("claude has no output style %q (it has %s). Nothing was changed.", style, strings.Join(styles, ", ")))
		return nil
	}
	style = matchFold(s.Info().OutputStyles, style)
	return s.Ask("config", func(ctx context.Context, ask Ask) Done {
		req := protocol.UpdateSettings{Source: protocol.SourceLocalSettings, Settings: map[string]string{"outputStyle": style}}
		if _, err := ask(ctx, req); err != nil {
			return Done{Kind: noticeWarning, Text: "Output style not changed: " + claudeSaid(err)}
		}
		return Done{Kind: noticeInfo, Text: "Output style: " + style + ". claude saved it in .claude/settings.local.json and applies it."}
	})
}

// setVim turns vim mode on or off and saves it as /vim does.
func setVim(s Session, on bool) tea.Cmd {
	if on != s.VimMode() {
		return runVim(s, "")
	}
	mode := "normal"
	if on {
		mode = "vim"
	}
	s.Notice(noticeInfo, "Editor mode is already "+mode+".")
	return nil
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// matchFold is the entry of list equal to s but for case, else s.
func matchFold(list []string, s string) string {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return x
		}
	}
	return s
}
