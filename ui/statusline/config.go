// Package statusline runs the custom status line of Claude Code's settings
// ("statusLine": {"type": "command", "command": …}) for one session, as Claude Code
// does: `sh -c` in the project folder with the session as JSON on its stdin, again
// 300 ms after the conversation last changed, its output shown under the prompt.
package statusline

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"
)

// Config is the statusLine setting in effect.
type Config struct {
	Command string
	Padding int           // columns left blank before the line
	Refresh time.Duration // refreshInterval: run again this often as well (0: only on changes)
}

// settingsFile is the part of a settings file read here.
type settingsFile struct {
	StatusLine      map[string]json.RawMessage `json:"statusLine"`
	DisableAllHooks *bool                      `json:"disableAllHooks"`
}

// setting is the statusLine object once merged.
type setting struct {
	Type            string   `json:"type"`
	Command         string   `json:"command"`
	Padding         int      `json:"padding"`
	RefreshInterval *float64 `json:"refreshInterval"`
}

// Load reads the status line from settings files, lowest precedence first (user,
// project, local). As the CLI merges them, a later file's keys override an earlier
// one's, key by key. A missing file counts as empty; ok is false when no status line
// is set or Claude Code would not run it (not a command, or disableAllHooks).
func Load(paths ...string) (c Config, ok bool, err error) {
	merged := map[string]json.RawMessage{}
	disabled := false
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return Config{}, false, err
		}
		var f settingsFile
		if err := json.Unmarshal(data, &f); err != nil {
			return Config{}, false, fmt.Errorf("%s: %w", path, err)
		}
		for k, v := range f.StatusLine {
			merged[k] = v
		}
		if f.DisableAllHooks != nil {
			disabled = *f.DisableAllHooks
		}
	}
	if len(merged) == 0 || disabled {
		return Config{}, false, nil
	}
	raw, _ := json.Marshal(merged) // raw values of parsed JSON: cannot fail
	var s setting
	if err := json.Unmarshal(raw, &s); err != nil {
		return Config{}, false, fmt.Errorf("statusLine: %w", err)
	}
	if s.Type != "command" || s.Command == "" {
		return Config{}, false, nil
	}
	c = Config{Command: s.Command, Padding: max(0, s.Padding)}
	if r := s.RefreshInterval; r != nil && *r >= 1 {
		c.Refresh = time.Duration(*r * float64(time.Second))
	}
	return c, true, nil
}
