package review

import (
	"fmt"
	"image/color"
	"slices"
	"sort"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	gitreview "github.com/gclaude/gclaude/internal/review"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// rowCache keeps drawn rows while the width, the theme and the search stay the same:
// scrolling draws only the rows that come into view.
type rowCache struct {
	width int
	st    *themes.Styles
	gen   int
	rows  map[row]string
}

func (c *rowCache) reset() { c.rows = nil }

func (c *rowCache) check(width int, st *themes.Styles, gen int) {
	if c.rows == nil || c.width != width || c.st != st || c.gen != gen {
		c.rows, c.width, c.st, c.gen = map[row]string{}, width, st, gen
	}
}

// rowText draws row r at width (without the cursor column).
func (s *Screen) rowText(r row, width int, st *themes.Styles) string {
	if r.kind == rowFile || r.kind == rowNote {
		return s.drawRow(r, width, st) // they change with collapsing and notes: never cached
	}
	if text, ok := s.cache.rows[r]; ok {
		return text
	}
	text := s.drawRow(r, width, st)
	s.cache.rows[r] = text
	return text
}

func (s *Screen) drawRow(r row, width int, st *themes.Styles) string {
	v := &s.files[r.file]
	switch r.kind {
	case rowFile:
		return s.fileHeader(v, width, st)
	case rowHunk:
		return s.hunkHeader(int(r.file), int(r.hunk), width, st)
	case rowNote:
		text, _ := s.noteText(gitreview.HunkRef{File: int(r.file), Hunk: int(r.hunk)})
		return render.Truncate(st.Accent.Render("  ✎ ")+st.Italic.Render(render.Sanitize(render.OneLine(text))), width)
	}
	return s.diffLine(int(r.file), int(r.hunk), int(r.line), width, st)
}

// fileHeader is "▾ path  +12 −3  new · mode 100644 → 100755".
func (s *Screen) fileHeader(v *fileView, width int, st *themes.Styles) string {
	f := v.f
	fold := "▾ "
	if v.collapsed || !v.canExpand() {
		fold = "▸ "
	}
	name := render.Sanitize(f.Path())
	if f.Status == gitreview.Renamed {
		name = render.Sanitize(f.OldPath) + " → " + name
	}
	var tags []string
	switch f.Status {
	case gitreview.Added:
		tags = append(tags, "new")
		if f.Untracked {
			tags[0] = "new, untracked"
		}
	case gitreview.Deleted:
		tags = append(tags, "deleted")
	case gitreview.Renamed:
		tags = append(tags, fmt.Sprintf("renamed, %d%% alike", f.Similarity))
	}
	if f.ModeChanged() {
		tags = append(tags, "mode "+f.OldMode+" → "+f.NewMode)
	}
	switch {
	case f.Binary && f.Untracked && f.NewBlob == "":
		tags = append(tags, "not read (too many new files)")
	case f.Binary:
		tags = append(tags, "binary, not shown")
	case v.collapsed:
		tag := "collapsed (" + s.keys.Review.Toggle.Help().Key + " expands)"
		if v.why != "" {
			tag = v.why + ", " + tag
		}
		tags = append(tags, tag)
	}
	stats := ""
	if !f.Binary && len(f.Hunks) > 0 {
		stats = "  " + st.Diff.Added.Render(fmt.Sprintf("+%d", f.Added)) + " " + st.Diff.Removed.Render(fmt.Sprintf("−%d", f.Removed))
	}
	tail := stats
	if len(tags) > 0 {
		tail += "  " + st.Muted.Render(strings.Join(tags, " · "))
	}
	// The tail keeps its room; a long path gives way from its left.
	room := width - 2 - ansi.StringWidth(tail)
	if room < 8 {
		return render.Truncate(st.Muted.Render(fold)+st.Diff.Path.Render(name)+tail, width)
	}
	return st.Muted.Render(fold) + st.Diff.Path.Render(render.TruncateLeft(name, room)) + tail
}

// hunkHeader is the @@ line, and on the right the tool call that made the hunk.
func (s *Screen) hunkHeader(fi, hi int, width int, st *themes.Styles) string {
	f := &s.diff.Files[fi]
	h := &f.Hunks[hi]
	left := "  " + render.Sanitize(gitreview.HunkHeader(h))
	right := ""
	if o, ok := s.origins[gitreview.HunkRef{File: fi, Hunk: hi}]; ok {
		right = render.Sanitize(o.String())
	}
	if _, ok := s.noteText(gitreview.HunkRef{File: fi, Hunk: hi}); ok {
		right = strings.TrimSpace(right + "  ✎")
	}
	if right == "" {
		return st.Diff.Hunk.Render(render.Truncate(left, width))
	}
	rw := min(ansi.StringWidth(right), width/2)
	right = render.Truncate(right, rw)
	lw := width - rw - 2
	if lw < 8 {
		return st.Diff.Hunk.Render(render.Truncate(left, width))
	}
	left = render.Truncate(left, lw)
	return st.Diff.Hunk.Render(left) + strings.Repeat(" ", width-ansi.StringWidth(left)-rw) + st.Muted.Render(right)
}

// diffLine is "old new ± text": the text syntax coloured, the changed part of a
// replaced line marked, search matches marked, cut at the width.
func (s *Screen) diffLine(fi, hi, li, width int, st *themes.Styles) string {
	v := &s.files[fi]
	hv := v.hunk(hi)
	kind, text := hv.kind[li], hv.text[li]
	nw := v.numWidth
	num := func(n int32) string {
		if n == 0 {
			return strings.Repeat(" ", nw)
		}
		return fmt.Sprintf("%*d", nw, n)
	}
	numStyle, base, marker := st.Diff.LineNumber, st.Diff.Context, " "
	changed := st.Diff.Context
	switch kind {
	case '-':
		numStyle, base, changed, marker = st.Diff.LineNumberRemove, st.Diff.Remove, st.Diff.RemoveChanged, "-"
	case '+':
		numStyle, base, changed, marker = st.Diff.LineNumberAdd, st.Diff.Add, st.Diff.AddChanged, "+"
	case '\\':
		return render.Truncate(strings.Repeat(" ", 2*nw+2)+st.Diff.NoNewline.Render(text), width)
	}
	gutter := num(hv.oldN[li]) + " " + num(hv.newN[li]) + " "
	room := width - ansi.StringWidth(gutter) - 2
	if room < 1 {
		return render.Truncate(numStyle.Render(gutter), width)
	}
	var b strings.Builder
	b.WriteString(numStyle.Render(gutter))
	b.WriteString(base.Render(marker + " "))
	used := s.styledText(&b, fi, hi, li, room, base, changed, st)
	if kind != ' ' && st.Kind != themes.Mono && used < room {
		b.WriteString(base.Render(strings.Repeat(" ", room-used)))
	}
	return b.String()
}

// styledText writes a line's text in pieces that each have one style, and returns the
// cells it took (at most room; a longer line ends in "…").
func (s *Screen) styledText(b *strings.Builder, fi, hi, li, room int, base, changed lipgloss.Style, st *themes.Styles) int {
	v := &s.files[fi]
	hv := v.hunk(hi)
	text := hv.text[li]
	toks := hv.toks[li]
	span := hv.span[li]
	marks := s.lineMatches(fi, hi, li)
	cuts := []int{0, len(text)}
	for _, t := range toks {
		cuts = append(cuts, t.start, t.end)
	}
	if !span.Empty() {
		cuts = append(cuts, span.Start, span.End)
	}
	for _, m := range marks {
		cuts = append(cuts, m.start, m.end)
	}
	cuts = sortedUnique(cuts)
	overflow := ansi.StringWidth(text) > room
	limit := room
	if overflow {
		limit = room - 1
	}
	used, ti := 0, 0
	for i := 0; i+1 < len(cuts) && used < limit; i++ {
		a, z := cuts[i], cuts[i+1]
		piece := text[a:z]
		style := base
		if !span.Empty() && a >= span.Start && z <= span.End {
			style = changed
		}
		for ti < len(toks) && toks[ti].end <= a {
			ti++
		}
		if ti < len(toks) && toks[ti].start <= a && st.Kind != themes.Mono {
			style = style.Foreground(syntaxColour(toks[ti].cls, st))
		}
		for _, m := range marks {
			if a >= m.start && z <= m.end {
				style = st.Search.Match
				if m.current {
					style = st.Search.Current
				}
			}
		}
		if w := ansi.StringWidth(piece); used+w > limit {
			piece = ansi.Truncate(piece, limit-used, "")
		}
		b.WriteString(style.Render(piece))
		used += ansi.StringWidth(piece)
	}
	if overflow {
		b.WriteString(base.Render("…"))
		used++
	}
	return used
}

// lineMark is a search match within a line.
type lineMark struct {
	start, end int
	current    bool
}

// lineMatches are the search's matches on a diff line.
func (s *Screen) lineMatches(fi, hi, li int) []lineMark {
	ms := s.search.matches
	at := order{fi, hi, li}
	var out []lineMark
	for i := sort.Search(len(ms), func(i int) bool { return ms[i].order().cmp(at) >= 0 }); i < len(ms) && ms[i].order() == at; i++ {
		out = append(out, lineMark{ms[i].start, ms[i].end, i == s.search.current})
	}
	return out
}

func syntaxColour(c class, st *themes.Styles) color.Color {
	p := st.Palette
	switch c {
	case keyword:
		return p.SyntaxKeyword
	case str:
		return p.SyntaxString
	case number:
		return p.SyntaxNumber
	case comment:
		return p.SyntaxComment
	case function:
		return p.SyntaxFunction
	case typeName:
		return p.SyntaxType
	case operator:
		return p.SyntaxOperator
	}
	return nil
}

func sortedUnique(xs []int) []int {
	slices.Sort(xs)
	return slices.Compact(xs)
}

// rangeOf is a hunk's lines in words, for prompts and questions.
func rangeOf(f *gitreview.File, hi int) string {
	if hi < 0 || hi >= len(f.Hunks) {
		return ""
	}
	return gitreview.LineRange(&f.Hunks[hi])
}
