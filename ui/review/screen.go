// Package review is the review screen (/diff): a session's changed files hunk by hunk,
// syntax highlighted, the changes within a line marked, each hunk's origin (the turn
// and tool call that made it) beside it; notes on hunks sent to the session as one
// prompt; a hunk or a file reverted after asking. It is a plain struct: the root gives
// it keys and a size, draws View, and acts on the Actions it returns (sending, reverting,
// reloading, closing), which run git through internal/review in a Cmd.
package review

import (
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	gitreview "github.com/gclaude/gclaude/internal/review"
	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/themes"
)

// Options build a Screen.
type Options struct {
	Title string // the session's name, for the title line
	Keys  keymap.KeyMap
	Theme *themes.Ref
}

// Screen is the review screen's state.
type Screen struct {
	keys  keymap.KeyMap
	theme *themes.Ref
	title string
	w, h  int

	loaded  bool
	loadErr string
	diff    *gitreview.Diff
	origins map[gitreview.HunkRef]gitreview.Origin
	files   []fileView
	rows    []row
	cursor  int
	top     int

	notes   []note
	sending []note
	noteAt  map[gitreview.HunkRef]int // index in notes of the note on a hunk

	mode     mode
	input    textinput.Model
	noteRef  gitreview.HunkRef
	revert   *Revert
	closeAsk bool // esc was pressed once with notes waiting

	search searchState
	msg    message
	cache  rowCache

	lexGen  int  // bumped with each diff shown, so that late tokens are dropped
	lexBusy bool // a batch of lines is being lexed
}

// mode is what takes the keys.
type mode int

const (
	browsing mode = iota
	editingNote
	searching
	confirming
)

// message is the footer's one-line report of the last action.
type message struct {
	text string
	bad  bool
}

// New is a screen waiting for its diff (SetDiff or SetError).
func New(o Options) *Screen {
	s := &Screen{keys: o.Keys, theme: o.Theme, title: o.Title, noteAt: map[gitreview.HunkRef]int{}}
	s.input = newInput(o.Theme.Get())
	return s
}

// SetSize is the screen's size: the whole terminal, or what the root gives it. The Cmd
// lexes the lines that came into view.
func (s *Screen) SetSize(width, height int) tea.Cmd {
	s.w, s.h = max(width, 1), max(height, 1)
	s.keepCursorVisible()
	return s.highlightCmd()
}

// SetDiff shows d, the tool calls' origins of its hunks (nil: none known). The cursor
// stays on the file and hunk it was on, where they are still there; notes stay on the
// hunks they were written on. The Cmd lexes the lines in view (Highlighted).
func (s *Screen) SetDiff(d gitreview.Diff, origins map[gitreview.HunkRef]gitreview.Origin) tea.Cmd {
	at := s.position()
	s.loaded, s.loadErr = true, ""
	s.diff, s.origins = &d, origins
	s.files = make([]fileView, len(d.Files))
	for i := range d.Files {
		s.files[i] = newFileView(&d.Files[i])
	}
	s.cache.reset()
	s.lexGen++
	s.lexBusy = false
	s.reattachNotes()
	s.rebuild()
	s.restore(at)
	if s.search.query != "" {
		s.search.find(s)
	}
	return s.highlightCmd()
}

// SetError shows why the diff could not be read (not a git folder, …).
func (s *Screen) SetError(err error) {
	s.loaded, s.loadErr = true, err.Error()
}

// Reverted reports the outcome of a Revert the root carried out. After one that
// worked the root reloads the diff.
func (s *Screen) Reverted(label string, err error) {
	if err != nil {
		s.msg = message{text: err.Error() + " (r reloads)", bad: true}
		return
	}
	s.msg = message{text: "reverted " + label}
}

// NotesSent reports whether the notes of the last SendNotes reached the session; if
// not, they are waiting again, nothing lost.
func (s *Screen) NotesSent(err error) {
	sent := s.sending
	s.sending = nil
	if err != nil {
		s.notes = append(sent, s.notes...)
		s.reattachNotes()
		s.rebuild()
		s.msg = message{text: "the notes were not sent: " + err.Error(), bad: true}
		return
	}
	s.msg = message{text: countNoun(len(sent), "note") + " sent to the session"}
}

// WaitingNotes is how many notes wait to be sent.
func (s *Screen) WaitingNotes() int { return len(s.notes) }

// Editing reports whether a text field has the keys (the root then sends it every key,
// global ones included, but ctrl+c).
func (s *Screen) Editing() bool { return s.mode == editingNote || s.mode == searching }
