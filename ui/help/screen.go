package help

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/keymap"
)

// Screen is the help screen's state: whether it is open and how far it is scrolled.
// The root owns one, gives it the keys while it is open and draws Lines from Top.
// Every method takes the screen's size as it is now (total lines, visible rows),
// since both change with the width, the terminal and the commands on offer.
type Screen struct {
	open bool
	top  int
}

// Open shows the help screen from its top.
func (s *Screen) Open() { s.open, s.top = true, 0 }

// IsOpen reports whether the help screen is shown.
func (s *Screen) IsOpen() bool { return s.open }

// Top is the first line shown of total, with rows visible.
func (s *Screen) Top(total, rows int) int { return min(s.top, max(total-rows, 0)) }

// Scroll moves the screen by n lines, within its content.
func (s *Screen) Scroll(n, total, rows int) {
	s.top = min(max(s.top+n, 0), max(total-rows, 0))
}

// Key scrolls for the scroll keys; any other key closes the help screen.
func (s *Screen) Key(msg tea.KeyPressMsg, k keymap.HelpScreen, total, rows int) {
	page := max(rows-1, 1)
	switch {
	case key.Matches(msg, k.Up):
		s.Scroll(-1, total, rows)
	case key.Matches(msg, k.Down):
		s.Scroll(1, total, rows)
	case key.Matches(msg, k.PageUp):
		s.Scroll(-page, total, rows)
	case key.Matches(msg, k.PageDown):
		s.Scroll(page, total, rows)
	case key.Matches(msg, k.Top):
		s.top = 0
	case key.Matches(msg, k.Bottom):
		s.Scroll(total, total, rows)
	default:
		s.open = false
	}
}

// ScrollKeys are the help line's keys while the screen is open: how to scroll when it
// does not fit, and where the view is.
func (s *Screen) ScrollKeys(k keymap.HelpScreen, total, rows int) [][2]string {
	if total <= rows {
		return [][2]string{{"any key", "closes help"}}
	}
	top := s.Top(total, rows)
	return [][2]string{
		{k.Up.Help().Key + " " + k.Down.Help().Key, "scroll"},
		{k.PageDown.Help().Key, k.PageDown.Help().Desc},
		{"", "any other key closes"},
		{"", fmt.Sprintf("lines %d–%d of %d", top+1, top+rows, total)},
	}
}
