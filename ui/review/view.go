package review

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// View draws the screen at width × height: the title line, the rows from the top
// of the view, the footer (the field, the question, the last message or the keys).
func (s *Screen) View(width, height int) string {
	width, height = max(width, 1), max(height, 1)
	st := s.theme.Get()
	out := make([]string, 0, height)
	if height >= 3 {
		out = append(out, s.titleLine(width, st))
	}
	body := height
	if height >= 3 {
		body = height - 2
	}
	out = append(out, s.bodyLines(width, body, st)...)
	if height >= 3 {
		out = append(out, s.footer(width, st))
	}
	for i, l := range out {
		out[i] = render.Pad(render.Truncate(l, width), width)
	}
	return strings.Join(out, "\n")
}

// bodyLines are the rows on screen, or what stands in for them.
func (s *Screen) bodyLines(width, body int, st *themes.Styles) []string {
	lines := make([]string, 0, body)
	switch {
	case !s.loaded:
		lines = append(lines, st.Muted.Render(" reading the changes…"))
	case s.loadErr != "":
		lines = append(lines, st.Notice.ErrorIcon.Render(" "+st.Icons.Error+" ")+st.Notice.Error.Render(render.Sanitize(render.OneLine(s.loadErr))))
	case len(s.rows) == 0:
		lines = append(lines, st.Muted.Render(" No changes."))
	default:
		top := s.viewTop(body)
		sel, inHunk := s.selected()
		s.cache.check(width, st, s.search.gen)
		for i := top; i < top+body && i < len(s.rows); i++ {
			r := s.rows[i]
			mark := " "
			switch {
			case i == s.cursor:
				mark = st.Accent.Render("›")
			case inHunk && r.kind != rowFile && int(r.file) == sel.File && int(r.hunk) == sel.Hunk:
				mark = st.Accent.Render("▎")
			}
			lines = append(lines, mark+" "+s.rowText(r, width-2, st))
		}
	}
	for len(lines) < body {
		lines = append(lines, "")
	}
	return lines
}

// viewTop is the first row shown in body rows: the scroll position, moved if need be
// so that the cursor shows (the root may draw at a size it did not give SetSize).
func (s *Screen) viewTop(body int) int {
	top := s.top
	if s.cursor >= top+body {
		top = s.cursor - body + 1
	}
	if s.cursor < top {
		top = s.cursor
	}
	return max(min(top, len(s.rows)-body), 0)
}

// titleLine is "Review · name · 4 files +120 −34 · 2 notes waiting" and, on the
// right, where the cursor is.
func (s *Screen) titleLine(width int, st *themes.Styles) string {
	left := st.Accent.Render("Review")
	if s.title != "" {
		left += st.Muted.Render(" · " + render.Sanitize(render.OneLine(s.title)))
	}
	right := ""
	if s.diff != nil && len(s.diff.Files) > 0 {
		sum := s.diff.Summary()
		left += st.Muted.Render(" · "+countNoun(sum.Files, "file")+" ") +
			st.Diff.Added.Render(fmt.Sprintf("+%d", sum.Added)) + " " + st.Diff.Removed.Render(fmt.Sprintf("−%d", sum.Removed))
		if n := len(s.notes); n > 0 {
			left += st.Muted.Render(" · ") + st.Accent.Render(countNoun(n, "note")+" waiting")
		}
		if fi := s.selectedFile(); fi >= 0 {
			right = fmt.Sprintf("file %d/%d", fi+1, len(s.diff.Files))
			if ref, ok := s.selected(); ok {
				right += fmt.Sprintf(" · hunk %d/%d", ref.Hunk+1, len(s.diff.Files[fi].Hunks))
			}
		}
	}
	return spread(left, st.Subtle.Render(right), width)
}

// footer is the note editor, the search field, the revert question, the last message,
// or the keys.
func (s *Screen) footer(width int, st *themes.Styles) string {
	k := s.keys.Review
	switch s.mode {
	case editingNote:
		s.input.SetWidth(max(width-ansi.StringWidth(s.notePrompt())-3, 4))
		return st.Accent.Render(s.notePrompt()) + s.input.View()
	case searching:
		count := ""
		if s.search.query != "" {
			count = fmt.Sprintf("%d of %d", s.search.current+1, len(s.search.matches))
			if len(s.search.matches) == 0 {
				count = "no match"
			}
		}
		hint := keyHint(st, k.NextMatch.Help().Key+"/"+k.PrevMatch.Help().Key, "next/previous") + "  " + keyHint(st, k.EditKeep.Help().Key, "keep") + "  " + keyHint(st, k.EditCancel.Help().Key, "cancel")
		right := st.Muted.Render(count) + "  " + hint
		s.input.SetWidth(max(width-ansi.StringWidth(right)-5, 4))
		return spread(st.Accent.Render("/")+s.input.View(), right, width)
	case confirming:
		if s.revert != nil {
			return st.Notice.Warning.Render("Revert "+s.revert.Label+"? ") +
				keyHint(st, k.Confirm.Help().Key, "reverts") + st.Muted.Render(" · any other key keeps it")
		}
	}
	if s.msg.text != "" {
		style := st.Muted
		if s.msg.bad {
			style = st.Notice.Warning
		}
		return style.Render(render.Sanitize(render.OneLine(s.msg.text)))
	}
	return s.keyLine(width, st)
}

func (s *Screen) notePrompt() string {
	if s.diff == nil || s.noteRef.File >= len(s.diff.Files) {
		return "note: "
	}
	f := &s.diff.Files[s.noteRef.File]
	return "note on " + render.Sanitize(f.Path()) + " " + rangeOf(f, s.noteRef.Hunk) + ": "
}

// keyLine lists the screen's keys, as many as fit.
func (s *Screen) keyLine(width int, st *themes.Styles) string {
	k := s.keys.Review
	send := "send notes"
	if n := len(s.notes); n > 0 {
		send = fmt.Sprintf("send %d", n)
	}
	pairs := [][2]string{
		{k.Down.Help().Key + " " + k.Up.Help().Key, "move"},
		{k.NextHunk.Help().Key + "/" + k.PrevHunk.Help().Key, "hunk"},
		{k.NextFile.Help().Key + "/" + k.PrevFile.Help().Key, "file"},
		{k.Note.Help().Key, "note"},
		{k.Send.Help().Key, send},
		{k.Revert.Help().Key, "revert"},
		{k.Close.Help().Key, "close"},
		{k.Search.Help().Key, "search"},
		{k.Toggle.Help().Key, "fold"},
	}
	line, used := "", 0
	for _, p := range pairs {
		part := keyHint(st, p[0], p[1])
		w := ansi.StringWidth(part)
		if used > 0 {
			w += 2
		}
		if used+w > width {
			break
		}
		if used > 0 {
			line += "  "
		}
		line += part
		used += w
	}
	return line
}

func keyHint(st *themes.Styles, k, desc string) string {
	return st.Help.Key.Render(k) + " " + st.Help.Desc.Render(desc)
}

// spread puts left at the start of the line and right at its end, dropping right when
// both do not fit.
func spread(left, right string, width int) string {
	lw, rw := ansi.StringWidth(left), ansi.StringWidth(right)
	if right == "" || lw+rw+2 > width {
		return left
	}
	return left + strings.Repeat(" ", width-lw-rw) + right
}
