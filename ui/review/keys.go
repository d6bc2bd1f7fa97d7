package review

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	gitreview "github.com/gclaude/gclaude/internal/review"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// wheelRows is how far one turn of the mouse wheel scrolls.
const wheelRows = 3

// Update handles a key, a paste, the mouse wheel or its own Highlighted; it returns
// what the root should do (nil: nothing) and a Cmd (the field's cursor, lexing the
// lines that came into view).
func (s *Screen) Update(msg tea.Msg) (Action, tea.Cmd) {
	if h, ok := msg.(Highlighted); ok {
		return nil, s.highlighted(h)
	}
	a, cmd := s.update(msg)
	return a, tea.Batch(cmd, s.highlightCmd())
}

func (s *Screen) update(msg tea.Msg) (Action, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return s.key(msg)
	case tea.PasteMsg:
		if s.Editing() {
			return s.edit(msg)
		}
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			s.scroll(-wheelRows)
		case tea.MouseWheelDown:
			s.scroll(wheelRows)
		}
	}
	return nil, nil
}

func (s *Screen) key(msg tea.KeyPressMsg) (Action, tea.Cmd) {
	switch s.mode {
	case editingNote, searching:
		return s.edit(msg)
	case confirming:
		return s.confirm(msg), nil
	}
	if !key.Matches(msg, s.keys.Review.Close) {
		s.closeAsk = false
	}
	k := s.keys.Review
	s.msg = message{}
	switch {
	case key.Matches(msg, k.Close):
		return s.close(), nil
	case key.Matches(msg, k.Up):
		s.move(s.cursor - 1)
	case key.Matches(msg, k.Down):
		s.move(s.cursor + 1)
	case key.Matches(msg, s.keys.Global.PageUp):
		s.scroll(-(s.bodyRows() - 1))
	case key.Matches(msg, s.keys.Global.PageDown):
		s.scroll(s.bodyRows() - 1)
	case key.Matches(msg, k.Top):
		s.jump(0)
	case key.Matches(msg, k.Bottom):
		s.move(len(s.rows) - 1)
	case key.Matches(msg, k.NextHunk):
		s.jumpTo(s.stop(1, s.hunkStop), "no hunk after this one")
	case key.Matches(msg, k.PrevHunk):
		s.jumpTo(s.stop(-1, s.hunkStop), "no hunk before this one")
	case key.Matches(msg, k.NextFile):
		s.jumpTo(s.stop(1, fileStop), "this is the last file")
	case key.Matches(msg, k.PrevFile):
		if s.cursor < len(s.rows) && s.rows[s.cursor].kind != rowFile {
			s.jumpTo(s.stop(-1, fileStop), "") // first the header of the file the cursor is in
		} else {
			s.jumpTo(s.stop(-1, fileStop), "this is the first file")
		}
	case key.Matches(msg, k.Toggle):
		s.toggle()
	case key.Matches(msg, k.Search):
		return nil, s.openField(searching, "", "search the changes")
	case key.Matches(msg, k.NextMatch):
		s.stepMatch(1)
	case key.Matches(msg, k.PrevMatch):
		s.stepMatch(-1)
	case key.Matches(msg, k.Note):
		return nil, s.openNote()
	case key.Matches(msg, k.Send):
		return s.sendNotes(), nil
	case key.Matches(msg, k.Revert):
		s.askRevert()
	case key.Matches(msg, k.Reload):
		s.msg = message{text: "reading the changes again…"}
		return Reload{}, nil
	}
	return nil, nil
}

// jumpTo jumps to row i, or says why not when there is no such row.
func (s *Screen) jumpTo(i int, none string) {
	if i < 0 {
		if none != "" {
			s.msg = message{text: none}
		}
		return
	}
	s.jump(i)
}

// close closes the screen, but not over waiting notes before asking once.
func (s *Screen) close() Action {
	if len(s.notes) > 0 && !s.closeAsk {
		s.closeAsk = true
		s.msg = message{text: fmt.Sprintf("%s waiting: %s sends them, %s again closes and drops them",
			countNoun(len(s.notes), "note"), s.keys.Review.Send.Help().Key, s.keys.Review.Close.Help().Key), bad: true}
		return nil
	}
	return Close{}
}

// toggle collapses or expands the file the cursor is in, and puts the cursor on its
// header.
func (s *Screen) toggle() {
	fi := s.selectedFile()
	if fi < 0 {
		return
	}
	v := &s.files[fi]
	if !v.canExpand() {
		s.msg = message{text: "nothing to show of " + render.Sanitize(v.f.Path()) + " but its header"}
		return
	}
	v.collapsed = !v.collapsed
	s.rebuild()
	for i, r := range s.rows {
		if r.kind == rowFile && int(r.file) == fi {
			s.move(i)
			break
		}
	}
}

// openNote opens the note editor on the selected hunk, with its note if it has one.
func (s *Screen) openNote() tea.Cmd {
	ref, ok := s.selected()
	if !ok {
		s.msg = message{text: "notes go on hunks: move into one (" + s.keys.Review.NextHunk.Help().Key + " goes to the next)", bad: true}
		return nil
	}
	s.noteRef = ref
	text, _ := s.noteText(ref)
	return s.openField(editingNote, text, "a note for the session on this hunk")
}

func (s *Screen) openField(m mode, value, placeholder string) tea.Cmd {
	s.mode = m
	s.search.from = s.cursor
	styleInput(&s.input, s.theme.Get())
	s.input.Placeholder = placeholder
	s.input.SetValue(value)
	s.input.CursorEnd()
	return s.input.Focus()
}

// edit gives a key to the note editor or the search field.
func (s *Screen) edit(msg tea.Msg) (Action, tea.Cmd) {
	k := s.keys.Review
	if press, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(press, k.EditKeep):
			if s.mode == editingNote {
				s.setNote(s.noteRef, s.input.Value())
			}
			s.closeField()
			return nil, nil
		case key.Matches(press, k.EditCancel):
			if s.mode == searching {
				s.search = searchState{gen: s.search.gen + 1}
				s.move(s.search.from)
			}
			s.closeField()
			return nil, nil
		case s.mode == searching && key.Matches(press, k.NextMatch):
			s.stepMatch(1)
			return nil, nil
		case s.mode == searching && key.Matches(press, k.PrevMatch):
			s.stepMatch(-1)
			return nil, nil
		}
	}
	var cmd tea.Cmd
	s.input, cmd = s.input.Update(msg)
	if s.mode == searching && s.input.Value() != s.search.query {
		from := s.search.from
		s.search.query = s.input.Value()
		s.search.find(s)
		s.goToMatch(s.matchFrom(from, 1))
		s.search.from = from
	}
	return nil, cmd
}

func (s *Screen) closeField() {
	s.mode = browsing
	s.input.Blur()
}

// askRevert asks before reverting the selected hunk, or the file on its header.
func (s *Screen) askRevert() {
	fi := s.selectedFile()
	if fi < 0 {
		return
	}
	f := &s.diff.Files[fi]
	if f.Untracked && f.NewBlob == "" {
		s.msg = message{text: render.Sanitize(f.Path()) + " was not read (too many new files): remove it yourself if it must go", bad: true}
		return
	}
	ref, inHunk := s.selected()
	r := Revert{Diff: s.diff, File: fi, Hunk: -1, Label: render.Sanitize(f.Path())}
	if inHunk && f.Status != gitreview.Added && f.Status != gitreview.Deleted {
		h := &f.Hunks[ref.Hunk]
		r.Hunk = ref.Hunk
		r.Label = fmt.Sprintf("hunk %d of %s (%s)", ref.Hunk+1, render.Sanitize(f.Path()), gitreview.LineRange(h))
	}
	s.revert = &r
	s.mode = confirming
}

// confirm answers the revert question: y reverts, anything else keeps it.
func (s *Screen) confirm(msg tea.KeyPressMsg) Action {
	r := s.revert
	s.revert, s.mode = nil, browsing
	if r == nil || !key.Matches(msg, s.keys.Review.Confirm) {
		s.msg = message{text: "nothing reverted"}
		return nil
	}
	s.msg = message{text: "reverting " + r.Label + "…"}
	return *r
}

// newInput is the one-line field for notes and the search.
func newInput(st *themes.Styles) textinput.Model {
	in := textinput.New()
	in.Prompt = ""
	in.CharLimit = 2000
	styleInput(&in, st)
	return in
}

func styleInput(in *textinput.Model, st *themes.Styles) {
	s := in.Styles()
	s.Focused.Text, s.Blurred.Text = st.Text, st.Muted
	s.Focused.Placeholder, s.Blurred.Placeholder = st.Subtle, st.Subtle
	s.Focused.Prompt, s.Blurred.Prompt = st.Accent, st.Muted
	s.Cursor.Color = st.Palette.Primary
	s.Cursor.Blink = false
	in.SetStyles(s)
}
