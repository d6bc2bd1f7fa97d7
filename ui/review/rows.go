package review

import gitreview "github.com/gclaude/gclaude/internal/review"

// rowKind is what a screen row shows.
type rowKind uint8

const (
	rowFile rowKind = iota // a file's header
	rowHunk                // a hunk's @@ line and origin
	rowNote                // the note waiting on a hunk
	rowLine                // a diff line
)

// row is one screen row, naming what it shows (line is an index in the hunk's Lines).
type row struct {
	kind             rowKind
	file, hunk, line int32
}

// rebuild lays the rows out again from the files' collapsed states and the notes.
func (s *Screen) rebuild() {
	s.rows = s.rows[:0]
	if s.diff == nil {
		return
	}
	for fi := range s.files {
		v := &s.files[fi]
		s.rows = append(s.rows, row{kind: rowFile, file: int32(fi)})
		if v.collapsed {
			continue
		}
		for hi, h := range v.f.Hunks {
			s.rows = append(s.rows, row{kind: rowHunk, file: int32(fi), hunk: int32(hi)})
			if _, ok := s.noteAt[gitreview.HunkRef{File: fi, Hunk: hi}]; ok {
				s.rows = append(s.rows, row{kind: rowNote, file: int32(fi), hunk: int32(hi)})
			}
			for li := range h.Lines {
				s.rows = append(s.rows, row{kind: rowLine, file: int32(fi), hunk: int32(hi), line: int32(li)})
			}
		}
	}
	s.cursor = min(max(s.cursor, 0), max(len(s.rows)-1, 0))
	s.keepCursorVisible()
}

// selected is the hunk the cursor is in; ok false on a file's header.
func (s *Screen) selected() (gitreview.HunkRef, bool) {
	if s.cursor >= len(s.rows) {
		return gitreview.HunkRef{}, false
	}
	r := s.rows[s.cursor]
	return gitreview.HunkRef{File: int(r.file), Hunk: int(r.hunk)}, r.kind != rowFile
}

// selectedFile is the file the cursor is in (-1 when there is none).
func (s *Screen) selectedFile() int {
	if s.cursor >= len(s.rows) {
		return -1
	}
	return int(s.rows[s.cursor].file)
}

// bodyRows is how many rows the diff gets: all but the title and the footer.
func (s *Screen) bodyRows() int { return max(s.h-2, 1) }

// move puts the cursor on row i (within the rows) and scrolls to it.
func (s *Screen) move(i int) {
	s.cursor = min(max(i, 0), max(len(s.rows)-1, 0))
	s.keepCursorVisible()
}

// jump moves to row i and scrolls so that it is near the top, with what follows it in
// view: for a hunk or a file the reader wants to read on.
func (s *Screen) jump(i int) {
	s.move(i)
	if body := s.bodyRows(); s.cursor < s.top || s.cursor > s.top+body/2 {
		s.top = max(min(s.cursor-min(2, body/4), len(s.rows)-body), 0)
	}
}

// scrollMargin is how many rows stay visible above and below the cursor.
const scrollMargin = 2

// keepCursorVisible scrolls the least that shows the cursor with a margin.
func (s *Screen) keepCursorVisible() {
	body := s.bodyRows()
	margin := min(scrollMargin, (body-1)/2)
	if s.cursor-margin < s.top {
		s.top = s.cursor - margin
	}
	if s.cursor+margin >= s.top+body {
		s.top = s.cursor + margin - body + 1
	}
	s.top = max(min(s.top, len(s.rows)-body), 0)
}

// scroll moves the view by n rows, the cursor with it when it would leave the view.
func (s *Screen) scroll(n int) {
	body := s.bodyRows()
	s.top = max(min(s.top+n, len(s.rows)-body), 0)
	s.cursor = min(max(s.cursor, s.top), s.top+body-1, max(len(s.rows)-1, 0))
}

// stop finds the next (dir 1) or previous (dir -1) row from the cursor that want
// accepts; -1 when there is none.
func (s *Screen) stop(dir int, want func(row) bool) int {
	for i := s.cursor + dir; i >= 0 && i < len(s.rows); i += dir {
		if want(s.rows[i]) {
			return i
		}
	}
	return -1
}

// hunkStop accepts a hunk's header, and the header of a file that shows no hunk
// (collapsed, binary, only renamed): n and N stop at everything there is to review.
func (s *Screen) hunkStop(r row) bool {
	if r.kind == rowHunk {
		return true
	}
	v := &s.files[r.file]
	return r.kind == rowFile && (v.collapsed || len(v.f.Hunks) == 0)
}

func fileStop(r row) bool { return r.kind == rowFile }

// place is where the cursor is, by names that survive a reload.
type place struct {
	path       string
	hunk, line int
	onFile     bool
	top        int
}

func (s *Screen) position() place {
	if s.diff == nil || s.cursor >= len(s.rows) {
		return place{}
	}
	r := s.rows[s.cursor]
	return place{path: s.diff.Files[r.file].Path(), hunk: int(r.hunk), line: int(r.line), onFile: r.kind == rowFile, top: s.cursor - s.top}
}

// restore puts the cursor back on the same file (and hunk, and line) after a reload;
// on the file that is now where it was when that file is gone.
func (s *Screen) restore(p place) {
	if p.path == "" {
		return
	}
	target := -1
	for i, r := range s.rows {
		if r.kind != rowFile || s.diff.Files[r.file].Path() != p.path {
			continue
		}
		target = i
		for j := i + 1; j < len(s.rows) && s.rows[j].file == r.file && !p.onFile; j++ {
			rr := s.rows[j]
			if int(rr.hunk) > p.hunk {
				break
			}
			if int(rr.hunk) == p.hunk && (rr.kind == rowHunk || rr.kind == rowLine && int(rr.line) <= p.line) {
				target = j
			}
		}
		break
	}
	if target < 0 {
		target = s.cursor
	}
	s.cursor = min(max(target, 0), max(len(s.rows)-1, 0))
	s.top = s.cursor - p.top
	s.keepCursorVisible()
}
