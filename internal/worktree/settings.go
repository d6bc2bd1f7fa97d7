package worktree

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// SettingsFile holds a repository's workspace settings, relative to its root: a file
// the project can commit so everyone gets the same setup.
const SettingsFile = ".gclaude/workspace.json"

// Settings are a repository's workspace settings.
type Settings struct {
	Setup      string `json:"worktreeSetup"` // run with sh -c in each new worktree before claude starts
	MaxRunning int    `json:"maxRunning"`    // limit on running claude processes; 0: the default
}

// LoadSettings reads <repoRoot>/.gclaude/workspace.json. No file means zero Settings;
// a file that does not decode, or holds a negative maxRunning, is an error naming it.
func LoadSettings(repoRoot string) (Settings, error) {
	path := filepath.Join(repoRoot, filepath.FromSlash(SettingsFile))
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Settings{}, nil
	}
	if err != nil {
		return Settings{}, err
	}
	var s Settings
	if err := json.Unmarshal(data, &s); err != nil {
		return Settings{}, fmt.Errorf("%s: %w", path, err)
	}
	if s.MaxRunning < 0 {
		return Settings{}, fmt.Errorf("%s: maxRunning is %d, it must be 0 (the default) or more", path, s.MaxRunning)
	}
	return s, nil
}
