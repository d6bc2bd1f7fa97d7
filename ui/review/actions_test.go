package review

import (
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// c writes a note on the selected hunk (enter keeps it), several may wait, and s sends
// them all as one prompt naming each file and line range, in the diff's order.
func TestNotesAreSentAsOnePrompt(t *testing.T) {
	s := loaded(t)
	press(s, "n", "n", "n", "j", "c")
	if !s.Editing() {
		t.Fatal("c did not open the note editor")
	}
	typeText(s, "say which guide")
	press(s, "enter")
	press(s, "g", "n", "j", "j", "c")
	typeText(s, "use a named constant everywhere")
	press(s, "enter")
	if s.WaitingNotes() != 2 || !strings.Contains(s.View(100, 30), "2 notes waiting") {
		t.Fatalf("%d notes waiting:\n%s", s.WaitingNotes(), s.View(100, 30))
	}
	// c on a hunk with a note edits it; an empty note removes it.
	press(s, "c")
	if s.input.Value() != "use a named constant everywhere" {
		t.Fatalf("editing shows %q", s.input.Value())
	}
	press(s, "esc")
	a := press(s, "s")
	send, ok := a.(SendNotes)
	if !ok || send.Count != 2 {
		t.Fatalf("s gave %#v", a)
	}
	first := strings.Index(send.Prompt, "1. internal/auth/login.go, lines 10–16:")
	second := strings.Index(send.Prompt, "2. docs/guide.md, lines 1–3:")
	if first < 0 || second < first || !strings.Contains(send.Prompt, "+\tif len(password) < minPasswordLength {") ||
		!strings.Contains(send.Prompt, "use a named constant everywhere") || !strings.Contains(send.Prompt, "say which guide") {
		t.Fatalf("prompt:\n%s", send.Prompt)
	}
	if s.WaitingNotes() != 0 {
		t.Fatal("sent notes still wait")
	}
	// Notes that did not reach the session wait again, nothing lost.
	s.NotesSent(errors.New("claude is not running"))
	if s.WaitingNotes() != 2 || !strings.Contains(s.msg.text, "claude is not running") {
		t.Fatalf("after a failed send: %d notes, %q", s.WaitingNotes(), s.msg.text)
	}
	press(s, "s")
	s.NotesSent(nil)
	if s.WaitingNotes() != 0 || s.msg.text != "2 notes sent to the session" {
		t.Fatalf("after sending: %d, %q", s.WaitingNotes(), s.msg.text)
	}
	if a := press(s, "s"); a != nil || !strings.Contains(s.msg.text, "no notes to send") {
		t.Fatalf("s with no notes: %#v %q", a, s.msg.text)
	}
}

// A note needs a hunk; esc drops what was typed; a note survives a reload that keeps
// its hunk.
func TestNoteEditing(t *testing.T) {
	s := loaded(t)
	press(s, "c")
	if s.Editing() || !strings.Contains(s.msg.text, "notes go on hunks") {
		t.Fatalf("c on a file header: editing %v, %q", s.Editing(), s.msg.text)
	}
	press(s, "n", "c")
	typeText(s, "dropped")
	press(s, "esc")
	if s.WaitingNotes() != 0 || s.Editing() {
		t.Fatal("esc kept the note")
	}
	press(s, "c")
	s.Update(tea.PasteMsg{Content: "pasted note"})
	press(s, "enter")
	s.SetDiff(sampleDiff(), nil)
	if text, ok := s.noteText(refOf(0, 0)); !ok || text != "pasted note" {
		t.Fatalf("after reload the note is %q %v", text, ok)
	}
	// Closing with notes waiting asks once.
	if a := press(s, "esc"); a != nil || !strings.Contains(s.msg.text, "1 note waiting") {
		t.Fatalf("esc with a note waiting: %#v %q", a, s.msg.text)
	}
	if _, ok := press(s, "esc").(Close); !ok {
		t.Fatal("the second esc did not close")
	}
}

// x asks before reverting; y reverts the selected hunk, or the file on its header (and
// a new or deleted file whole); any other key keeps it.
func TestRevertAsksFirst(t *testing.T) {
	s := loaded(t)
	press(s, "n", "n", "j", "x")
	if !strings.Contains(s.View(100, 30), "Revert hunk 2 of internal/auth/login.go (lines 40–47)?") {
		t.Fatalf("no question:\n%s", s.View(100, 30))
	}
	if a := press(s, "n"); a != nil || s.msg.text != "nothing reverted" {
		t.Fatalf("n answered the revert: %#v", a)
	}
	press(s, "x")
	r, ok := press(s, "y").(Revert)
	if !ok || r.File != 0 || r.Hunk != 1 || r.Diff == nil {
		t.Fatalf("y gave %#v", r)
	}
	press(s, "g", "x")
	if r, ok := press(s, "y").(Revert); !ok || r.File != 0 || r.Hunk != -1 || r.Label != "internal/auth/login.go" {
		t.Fatalf("x on a header gave %#v", r)
	}
	press(s, "G", "x")
	if r, ok := press(s, "y").(Revert); !ok || r.File != 6 || r.Hunk != -1 {
		t.Fatalf("x in a new file gave %#v", r)
	}
	s.Reverted("hunk 2", errors.New("internal/auth/login.go changed since the review was drawn: nothing was reverted"))
	if !strings.Contains(s.View(100, 30), "changed since the review was drawn") {
		t.Fatal("a refused revert is not said")
	}
}

// / searches every file as it is typed, collapsed ones too (opening them), ctrl+n and
// ctrl+p step through the matches, enter keeps the place and esc goes back.
func TestSearch(t *testing.T) {
	s := loaded(t)
	press(s, "/")
	typeText(s, "ERRLOCKED")
	if p, h := at(s); p != "internal/auth/login.go" || h != 1 || len(s.search.matches) != 1 {
		t.Fatalf("search landed on %s %d (%d matches)", p, h, len(s.search.matches))
	}
	press(s, "esc")
	if p, h := at(s); p != "internal/auth/login.go" || h != -1 || s.search.query != "" {
		t.Fatal("esc did not go back to where the search began")
	}
	press(s, "/")
	typeText(s, "x19999 ")
	if p, h := at(s); p != "api/schema.pb.go" || h != 0 || s.files[5].collapsed {
		t.Fatalf("a match in the collapsed file: %s %d", p, h)
	}
	press(s, "enter")
	press(s, "g", "/")
	typeText(s, "password")
	first := s.search.current
	press(s, "ctrl+n")
	if s.search.current != first+1 {
		t.Fatalf("ctrl+n: %d → %d", first, s.search.current)
	}
	press(s, "ctrl+p", "ctrl+p")
	if s.search.current != len(s.search.matches)-1 {
		t.Fatalf("ctrl+p wraps to %d of %d", s.search.current, len(s.search.matches))
	}
	press(s, "enter")
	if s.Editing() || s.search.query != "password" {
		t.Fatal("enter did not keep the search")
	}
	if !strings.Contains(s.View(100, 30), "\x1b[") {
		t.Fatal("no styling")
	}
}
