package input

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	tea "charm.land/bubbletea/v2"
)

// Claude Code keeps vim mode as the setting "editorMode" ("vim" | "normal"): /vim and
// /config write it to the user's settings.json; it is read from the settings files
// (the last that sets it wins) and, failing those, from ~/.claude.json, where older
// versions kept it. gclaude reads it the same way, so the choice carries over.

// EditorModeFiles are the files editorMode is read from.
type EditorModeFiles struct {
	Settings []string // user, project, local: the later wins
	Legacy   string   // the CLI's global config (~/.claude.json)
}

// UserSettingsPath is the user's settings.json: under $CLAUDE_CONFIG_DIR when set.
func UserSettingsPath(home string, getenv func(string) string) string {
	return filepath.Join(claudeConfigDir(home, getenv), "settings.json")
}

func claudeConfigDir(home string, getenv func(string) string) string {
	if getenv != nil {
		if dir := getenv("CLAUDE_CONFIG_DIR"); dir != "" {
			return dir
		}
	}
	return filepath.Join(home, ".claude")
}

// EditorModeFilesFor are the files for a home and a project folder (either may be
// unknown: "").
func EditorModeFilesFor(home, cwd string, getenv func(string) string) EditorModeFiles {
	var f EditorModeFiles
	configDir := ""
	if getenv != nil {
		configDir = getenv("CLAUDE_CONFIG_DIR")
	}
	switch {
	case configDir != "":
		f.Settings, f.Legacy = []string{filepath.Join(configDir, "settings.json")}, filepath.Join(configDir, ".claude.json")
	case home != "":
		f.Settings, f.Legacy = []string{filepath.Join(home, ".claude", "settings.json")}, filepath.Join(home, ".claude.json")
	}
	if cwd != "" {
		f.Settings = append(f.Settings,
			filepath.Join(cwd, ".claude", "settings.json"),
			filepath.Join(cwd, ".claude", "settings.local.json"))
	}
	return f
}

// ReadEditorMode says whether the settings turn vim mode on. A file that cannot be
// read is reported and skipped.
func ReadEditorMode(f EditorModeFiles) (vim bool, err error) {
	var errs []error
	for i := len(f.Settings) - 1; i >= 0; i-- {
		mode, ok, err := editorModeIn(f.Settings[i])
		errs = append(errs, err)
		if ok {
			return mode == "vim", errors.Join(errs...)
		}
	}
	mode, _, err := editorModeIn(f.Legacy)
	return mode == "vim", errors.Join(append(errs, err)...)
}

// editorModeIn is the editorMode a JSON file sets; ok is false when it sets none.
func editorModeIn(path string) (mode string, ok bool, err error) {
	if path == "" {
		return "", false, nil
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) || (err == nil && len(data) == 0) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	var s struct {
		EditorMode *string `json:"editorMode"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		return "", false, errors.New(path + ": " + err.Error())
	}
	if s.EditorMode == nil {
		return "", false, nil
	}
	return *s.EditorMode, true, nil
}

// LoadEditorMode reads editorMode in a Cmd and turns vim mode on if it says so.
func (p *Prompt) LoadEditorMode(f EditorModeFiles) tea.Cmd {
	return func() tea.Msg {
		vim, err := ReadEditorMode(f)
		return editorModeMsg{vim: vim, err: err}
	}
}

// editorModeMsg delivers the editorMode setting.
type editorModeMsg struct {
	vim bool
	err error
}

func (msg editorModeMsg) update(p *Prompt) (Action, tea.Cmd) {
	if msg.vim {
		p.SetVim(true)
	}
	if msg.err != nil {
		return Notice{Text: "could not read the editor mode: " + msg.err.Error()}, nil
	}
	return nil, nil
}
