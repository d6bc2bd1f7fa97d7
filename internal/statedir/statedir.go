// Package statedir says where gclaude keeps what it remembers between runs (prompt
// history, saved workspaces), so every file of that kind lives under one folder.
package statedir

import (
	"errors"
	"path/filepath"
)

// Dir is $XDG_STATE_HOME/gclaude, with XDG_STATE_HOME defaulting to ~/.local/state.
// getenv is usually os.Getenv.
func Dir(getenv func(string) string) (string, error) {
	base := getenv("XDG_STATE_HOME")
	if base == "" || !filepath.IsAbs(base) { // the XDG spec says to ignore relative paths
		home := getenv("HOME")
		if home == "" {
			return "", errors.New("neither XDG_STATE_HOME nor HOME is set")
		}
		base = filepath.Join(home, ".local", "state")
	}
	return filepath.Join(base, "gclaude"), nil
}
