package help

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/keymap"
)

func TestScreenScrollsWithinItsContentAndClosesOnOtherKeys(t *testing.T) {
	k := keymap.Default().HelpScreen
	var s Screen
	s.Open()
	const total, rows = 50, 20
	s.Key(tea.KeyPressMsg{Code: tea.KeyPgDown}, k, total, rows)
	if got := s.Top(total, rows); got != rows-1 {
		t.Errorf("page down: top %d, want %d", got, rows-1)
	}
	s.Scroll(1000, total, rows)
	if got := s.Top(total, rows); got != total-rows {
		t.Errorf("scrolled past the end: top %d, want %d", got, total-rows)
	}
	s.Scroll(-1000, total, rows)
	if got := s.Top(total, rows); got != 0 {
		t.Errorf("scrolled past the top: top %d", got)
	}
	if keys := s.ScrollKeys(k, 10, rows); len(keys) != 1 {
		t.Errorf("a screen that fits offers only closing: %v", keys)
	}
	s.Key(tea.KeyPressMsg{Code: 'q', Text: "q"}, k, total, rows)
	if s.IsOpen() {
		t.Error("another key should close the help screen")
	}
	s.Open()
	if !s.IsOpen() || s.Top(total, rows) != 0 {
		t.Error("Open shows the screen from its top")
	}
}
