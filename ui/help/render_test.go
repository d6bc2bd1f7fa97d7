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
			Tips:     PromptTips(recording),
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

// The help screen keeps to keys and gclaude's own commands: the CLI's commands and
// skills (one skill's description alone runs to 20 lines) are left to the / menu,
// which the screen points to.
func TestCommandsKeepToGclaude(t *testing.T) {
	long := strings.Repeat("Use this skill whenever you are about to create a chart. ", 30)
	sec := Commands([]input.Command{
		{Name: "export", Description: "Write the conversation to a markdown file", ArgumentHint: "[file]"},
		{Name: "compact", Description: "Free up context", Group: input.GroupClaude},
		{Name: "config", Description: "Set a setting by key", Group: input.GroupClaude},
		{Name: "dataviz", Description: long, Group: input.GroupSkill},
	})
	text := strings.Join(Lines(Content{Commands: sec}, 80, themes.New(themes.Mono)), "\n")
	for _, absent := range []string{"/compact", "/config", "/dataviz", "create a chart"} {
		if strings.Contains(text, absent) {
			t.Errorf("the help screen lists %q:\n%s", absent, text)
		}
	}
	for _, want := range []string{"/export [file]", "claude's 2 commands and 1 skill"} {
		if !strings.Contains(text, want) {
			t.Errorf("the help screen lacks %q:\n%s", want, text)
		}
	}
}
