package review

import (
	"slices"
	"strings"

	gitreview "github.com/gclaude/gclaude/internal/review"
)

// note is a note waiting to be sent, holding its own copy of the file's names and of
// the hunk it is on: a reload that loses the hunk does not lose the note.
type note struct {
	file gitreview.File // with Hunks = the one hunk
	text string
}

func (n *note) hunk() *gitreview.Hunk { return &n.file.Hunks[0] }

// setNote keeps text as the note on ref (replacing one there); empty text removes it.
func (s *Screen) setNote(ref gitreview.HunkRef, text string) {
	text = strings.TrimSpace(text)
	i, had := s.noteAt[ref]
	switch {
	case text == "" && had:
		s.notes = slices.Delete(s.notes, i, i+1)
	case text == "":
		return
	case had:
		s.notes[i].text = text
	default:
		f := s.diff.Files[ref.File]
		f.Hunks = []gitreview.Hunk{f.Hunks[ref.Hunk]}
		s.notes = append(s.notes, note{file: f, text: text})
	}
	s.reattachNotes()
	s.rebuild()
}

// reattachNotes finds each note's hunk in the diff shown: the same file, the same lines.
func (s *Screen) reattachNotes() {
	clear(s.noteAt)
	s.cache.reset() // hunk headers mark their notes
	if s.diff == nil {
		return
	}
	for ni := range s.notes {
		n := &s.notes[ni]
		for fi := range s.diff.Files {
			f := &s.diff.Files[fi]
			if f.Path() != n.file.Path() {
				continue
			}
			for hi := range f.Hunks {
				if slices.Equal(f.Hunks[hi].Lines, n.hunk().Lines) {
					s.noteAt[gitreview.HunkRef{File: fi, Hunk: hi}] = ni
				}
			}
		}
	}
}

// noteText is the note on ref, if any.
func (s *Screen) noteText(ref gitreview.HunkRef) (string, bool) {
	i, ok := s.noteAt[ref]
	if !ok {
		return "", false
	}
	return s.notes[i].text, true
}

// sendNotes takes every waiting note, in the order of the files and hunks, into one
// prompt; they wait in sending until the root says whether it went.
func (s *Screen) sendNotes() Action {
	if len(s.notes) == 0 {
		s.msg = message{text: "no notes to send: " + s.keys.Review.Note.Help().Key + " writes one on the selected hunk", bad: true}
		return nil
	}
	order := s.noteOrder()
	list := make([]gitreview.Note, len(order))
	for i, n := range order {
		list[i] = gitreview.Note{File: &n.file, Hunk: 0, Text: n.text}
	}
	prompt := gitreview.NotesPrompt(list)
	s.sending, s.notes = order, nil
	s.reattachNotes()
	s.rebuild()
	s.msg = message{text: "sending " + countNoun(len(order), "note") + " to the session…"}
	return SendNotes{Prompt: prompt, Count: len(order)}
}

// noteOrder is the notes in the order of the diff (files, then hunks); notes whose hunk
// is gone come last, in the order written.
func (s *Screen) noteOrder() []note {
	gone := gitreview.HunkRef{File: len(s.files)}
	at := make([]gitreview.HunkRef, len(s.notes))
	for i := range at {
		at[i] = gone
	}
	for ref, i := range s.noteAt {
		at[i] = ref
	}
	idx := make([]int, len(s.notes))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		if at[a].File != at[b].File {
			return at[a].File - at[b].File
		}
		return at[a].Hunk - at[b].Hunk
	})
	out := make([]note, len(idx))
	for i, j := range idx {
		out[i] = s.notes[j]
	}
	return out
}
