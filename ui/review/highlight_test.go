package review

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	gitreview "github.com/gclaude/gclaude/internal/review"
	"github.com/gclaude/gclaude/themes"
)

// Lines are drawn plain until their tokens come back from the background; then their
// rows redraw in colour, and the next batch starts for what is still missing. Tokens
// for a diff no longer shown are dropped.
func TestHighlightingArrivesInTheBackground(t *testing.T) {
	s := newScreen(themes.Dark, 100, 30)
	cmd := s.SetDiff(sampleDiff(), sampleOrigins())
	if cmd == nil {
		t.Fatal("no lexing started")
	}
	plain := s.View(100, 30)
	if again := s.SetSize(100, 30); again != nil {
		t.Fatal("a second batch started while one is under way")
	}
	msg := cmd().(Highlighted)
	s.Update(msg)
	coloured := s.View(100, 30)
	if coloured == plain {
		t.Fatal("the tokens changed nothing on screen")
	}
	hv := s.files[0].hunk(0)
	if !hv.lexed[3] || len(hv.toks[3]) == 0 {
		t.Fatalf("line not lexed: %v", hv.toks[3])
	}

	// A diff shown meanwhile drops the late tokens.
	late := s.highlightCmd()
	s.lexBusy = false
	next := s.SetDiff(sampleDiff(), nil)
	if late != nil {
		if _, more := s.Update(late()); more != nil {
			t.Fatal("late tokens started a batch")
		}
	}
	if s.files[0].hunk(0).lexed[3] {
		t.Fatal("late tokens were kept")
	}
	_ = next
}

// Keys that scroll return the Cmd that lexes what came into view.
func TestScrollingLexesWhatComesIntoView(t *testing.T) {
	s := newScreen(themes.Dark, 100, 10)
	s.SetDiff(gitreview.Diff{Files: gitreview.Parse(bigDiff())}, nil)
	settle(s)
	var cmd tea.Cmd
	for range 5 {
		s.lexBusy = false // as if each batch had come back
		_, cmd = s.Update(keyMsg("pgdown"))
	}
	if cmd == nil {
		t.Fatal("scrolling a page down lexes nothing")
	}
	if _, cmd = s.Update(keyMsg("j")); cmd != nil {
		t.Fatal("a second batch started while one is under way")
	}
}
