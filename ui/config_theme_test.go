package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/themes"
)

// "/config theme=light" changes gclaude's colours (the CLI's own /config said "Set
// Theme to light" and nothing changed), and is never sent to claude.
func TestConfigThemeChangesTheTheme(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.run("/config theme=light")
	if h.m.theme != themes.Light || h.m.styles().Kind != themes.Light {
		t.Errorf("theme %v after /config theme=light", h.m.theme)
	}
	if sent := h.b.sentTexts(); len(sent) != 0 {
		t.Errorf("sent to claude: %q", sent)
	}
	h.transcriptHas(t, "Theme: light. For this run of gclaude")
	if md, _ := h.front().Conversation(); strings.Contains(md, "Set Theme") {
		t.Error("said Set Theme")
	}

	h.run("/theme dark")
	if h.m.theme != themes.Dark {
		t.Errorf("theme %v after /theme dark", h.m.theme)
	}
	// auto asks the terminal again and follows its answer.
	h.run("/theme auto")
	h.send(tea.BackgroundColorMsg{Color: lightBackground{}})
	if h.m.theme != themes.Light {
		t.Errorf("theme %v after /theme auto on a light terminal", h.m.theme)
	}
	h.run("/config colour=blue")
	h.transcriptHas(t, `gclaude does not change "colour"`, "Nothing was changed.")
	if sent := h.b.sentTexts(); len(sent) != 0 {
		t.Errorf("sent to claude: %q", sent)
	}
}

// lightBackground is a white terminal background.
type lightBackground struct{}

func (lightBackground) RGBA() (r, g, b, a uint32) { return 0xffff, 0xffff, 0xffff, 0xffff }
