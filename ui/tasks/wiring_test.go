package tasks

import (
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/themes"
)

// Beside the transcript on a wide terminal while there are tasks (or the pane has
// focus); in its place on a narrow one, and only while it has focus.
func TestPanePlacement(t *testing.T) {
	w := newWorld(themes.Mono)
	wide, narrow := WideMin+20, WideMin-1
	if w.pane.Side(wide) || w.pane.Covers(narrow) || w.pane.LeftWidth(wide) != wide {
		t.Fatal("an empty, unfocused pane takes room")
	}
	if w.pane.Frame("left", wide, 3) != "left" {
		t.Fatal("an empty pane is drawn")
	}
	sceneRunning(w)
	if !w.pane.Side(wide) || w.pane.Side(narrow) || w.pane.Covers(narrow) {
		t.Fatal("tasks: the side pane shows only when wide")
	}
	if lw := w.pane.LeftWidth(wide); lw != wide-w.pane.PreferredWidth(wide) {
		t.Fatalf("left width %d", lw)
	}
	w.pane.SetFocused(true)
	if !w.pane.Covers(narrow) || w.pane.Side(narrow) {
		t.Fatal("a focused pane on a narrow terminal covers the transcript")
	}
	// The wheel belongs to the pane only over it.
	left := tea.MouseWheelMsg{X: 0, Button: tea.MouseWheelDown}
	right := tea.MouseWheelMsg{X: wide - 1, Button: tea.MouseWheelDown}
	if w.pane.Wheel(left, wide, 3) || !w.pane.Wheel(right, wide, 3) || !w.pane.Wheel(left, narrow, 3) {
		t.Fatal("the wheel went to the wrong side")
	}
}

// A refused stop takes the stopping mark back and names the task.
func TestStopRefused(t *testing.T) {
	w := newWorld(themes.Mono)
	sceneRunning(w)
	w.store.SetStopping(idSurvey, true)
	text := w.pane.StopRefused(idSurvey, errors.New("no such task"))
	if task, _ := w.store.Task(idSurvey); task.Stopping {
		t.Fatal("still marked stopping")
	}
	if !strings.HasPrefix(text, "could not stop “") || !strings.HasSuffix(text, ": no such task") {
		t.Fatalf("text %q", text)
	}
}

// A task that finishes while the session is idle is announced at once; during a turn
// it waits for the turn's end, and a reset forgets it.
func TestAnnounceWaitsForTheTurn(t *testing.T) {
	s, _ := newTestStore()
	n := notification("b1", "", "completed", "done", 0, 0, 0)
	if s.Announce(n, false) == "" {
		t.Fatal("not announced while idle")
	}
	if s.Announce(n, true) != "" {
		t.Fatal("announced during the turn")
	}
	if s.TurnEnded(true) != nil {
		t.Fatal("announced while the next turn runs")
	}
	if got := s.TurnEnded(false); len(got) != 1 || s.TurnEnded(false) != nil {
		t.Fatalf("after the turn: %q", got)
	}
	s.Announce(n, true)
	s.Reset()
	if s.TurnEnded(false) != nil {
		t.Fatal("a reset kept the announcement")
	}
}

// Typing goes to the prompt, mode and model keys to the global bindings, the rest
// stays with the pane.
func TestUnhandledKey(t *testing.T) {
	keys := keymap.Default()
	for _, tt := range []struct {
		msg  tea.KeyPressMsg
		want KeyFate
	}{
		{tea.KeyPressMsg{Code: 'x', Text: "x"}, KeyToPrompt},
		{tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift}, KeyGlobal},
		{tea.KeyPressMsg{Code: '?', Text: "?"}, KeyHelp},
		{tea.KeyPressMsg{Code: tea.KeyF5}, KeyKept},
	} {
		if got := UnhandledKey(keys, tt.msg); got != tt.want {
			t.Errorf("%v: %v, want %v", tt.msg, got, tt.want)
		}
	}
}
