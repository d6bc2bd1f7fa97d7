// Package statusline runs the custom status line of Claude Code's settings
// ("statusLine": {"type": "command", "command": …}) for one session, as Claude Code
// does: `sh -c` in the project folder with the session as JSON on its stdin, again
// 300 ms after the conversation last changed, its output shown under the prompt.
package statusline

import (
	"encoding/json"
	"time"

	"github.com/gclaude/gclaude/protocol"
)

// Config is the statusLine setting in effect.
type Config struct {
	Command string
	Padding int           // columns left blank before the line
	Refresh time.Duration // refreshInterval: run again this often as well (0: only on changes)
}

// settingsAnswer is the part of get_settings' answer read here: the settings merged
// by the CLI itself (user < project < local < --settings < policy).
type settingsAnswer struct {
	Effective struct {
		StatusLine *struct {
			Type            string   `json:"type"`
			Command         string   `json:"command"`
			Padding         int      `json:"padding"`
			RefreshInterval *float64 `json:"refreshInterval"`
		} `json:"statusLine"`
		DisableAllHooks bool `json:"disableAllHooks"`
	} `json:"effective"`
}

// SettingsRequest asks the CLI for the settings in effect.
func SettingsRequest() protocol.HostRequest {
	return protocol.RawHostRequest{Name: "get_settings", Body: []byte("{}")}
}

// ParseSettings reads the status line from get_settings' answer; ok is false when none
// is set (or Claude Code would not run it: not a command, or disableAllHooks).
func ParseSettings(body json.RawMessage) (c Config, ok bool, err error) {
	var a settingsAnswer
	if err := json.Unmarshal(body, &a); err != nil {
		return Config{}, false, err
	}
	sl := a.Effective.StatusLine
	if sl == nil || sl.Type != "command" || sl.Command == "" || a.Effective.DisableAllHooks {
		return Config{}, false, nil
	}
	c = Config{Command: sl.Command, Padding: max(0, sl.Padding)}
	if r := sl.RefreshInterval; r != nil && *r >= 1 {
		c.Refresh = time.Duration(*r * float64(time.Second))
	}
	return c, true, nil
}
