package ui

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/help"
)

// The help screen: whether it is open and where it is scrolled; ui/help draws it.

// helpLines is the help screen at width.
func (m *Model) helpLines(width int) []string {
	c := help.Content{
		Keys:     help.KeySections(m.keys, m.mode.recording()),
		Commands: help.Commands(m.complete.Commands()),
		Tips:     help.PromptTips(),
	}
	return help.Lines(c, width, m.styles())
}

// openHelp shows the help screen from its top.
func (m *Model) openHelp() {
	m.showHelp = true
	m.helpTop = 0
}

// helpKey scrolls the help screen; any other key closes it.
func (m *Model) helpKey(msg tea.KeyPressMsg) {
	k := m.keys.HelpScreen
	page := max(m.screen.transcriptRows-1, 1)
	switch {
	case key.Matches(msg, k.Up):
		m.scrollHelp(-1)
	case key.Matches(msg, k.Down):
		m.scrollHelp(1)
	case key.Matches(msg, k.PageUp):
		m.scrollHelp(-page)
	case key.Matches(msg, k.PageDown):
		m.scrollHelp(page)
	case key.Matches(msg, k.Top):
		m.helpTop = 0
	case key.Matches(msg, k.Bottom):
		m.scrollHelp(m.helpOverflow())
	default:
		m.showHelp = false
	}
}

// scrollHelp moves the help screen by n lines, within its content.
func (m *Model) scrollHelp(n int) {
	m.helpTop = min(max(m.helpTop+n, 0), m.helpOverflow())
}

// helpOverflow is how many lines of the help screen do not fit at once.
func (m *Model) helpOverflow() int {
	return max(len(m.helpLines(m.width))-m.screen.transcriptRows, 0)
}

// fullHelpView draws the help screen in width×height, from the line it is scrolled to.
func (m *Model) fullHelpView(width, height int) string {
	lines := m.helpLines(width)
	top := min(m.helpTop, max(len(lines)-height, 0))
	return fitBlock(lines[top:], width, height)
}

// helpScrollKeys are the help line's keys while the help screen is open: how to scroll
// when it does not fit, and where the view is.
func (m *Model) helpScrollKeys() [][2]string {
	total := len(m.helpLines(m.width))
	rows := m.screen.transcriptRows
	if total <= rows {
		return [][2]string{{"any key", "closes help"}}
	}
	k := m.keys.HelpScreen
	top := min(m.helpTop, total-rows)
	return [][2]string{
		{k.Up.Help().Key + " " + k.Down.Help().Key, "scroll"},
		{k.PageDown.Help().Key, k.PageDown.Help().Desc},
		{"", "any other key closes"},
		{"", fmt.Sprintf("lines %d–%d of %d", top+1, top+rows, total)},
	}
}
