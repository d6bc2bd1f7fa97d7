package help

import (
	"strings"
	"testing"

	"charm.land/lipgloss/v2"

	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/themes"
	"github.com/gclaude/gclaude/ui/input"
)

// The help screen fits any width it is given, shows every section's title, and
// shows the playback keys only when a recording plays.
func TestLinesFitAndShowEverySection(t *testing.T) {
	km := keymap.Default()
	for _, recording := range []bool{false, true} {
		c := Content{
			Keys:     KeySections(km, recording),
			Commands: Commands([]input.Command{{Name: "export", Description: "Write the conversation\nSECONDLINE", ArgumentHint: "[file]"}}),
			Tips:     PromptTips(),
		}
		for _, width := range []int{30, 80, 200} {
			lines := Lines(c, width, themes.New(themes.Mono))
			text := strings.Join(lines, "\n")
			for i, l := range lines {
				if w := lipgloss.Width(l); w > width {
					t.Errorf("recording %v width %d: line %d is %d wide: %q", recording, width, i, w, l)
				}
			}
			for _, sec := range append(c.Keys, c.Commands, c.Tips) {
				if !strings.Contains(text, sec.Title) {
					t.Errorf("recording %v width %d: section %q missing", recording, width, sec.Title)
				}
			}
			if strings.Contains(text, "SECONDLINE") {
				t.Errorf("width %d: a description's second line is shown", width)
			}
		}
		hasReplay := false
		for _, s := range c.Keys {
			hasReplay = hasReplay || strings.Contains(s.Title, "Replay")
		}
		if hasReplay != recording {
			t.Errorf("recording %v: playback keys shown %v", recording, hasReplay)
		}
	}
}
