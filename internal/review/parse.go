package review

import (
	"strconv"
	"strings"
)

// Parse reads `git diff --full-index` output (the prefixes a/ and b/) into files.
// Anything it does not know in a file's header is skipped; it never fails.
func Parse(text string) []File {
	p := parser{lines: strings.Split(text, "\n")}
	if n := len(p.lines); n > 0 && p.lines[n-1] == "" {
		p.lines = p.lines[:n-1]
	}
	for p.i < len(p.lines) {
		if strings.HasPrefix(p.lines[p.i], "diff --git ") {
			p.file()
			continue
		}
		p.i++
	}
	return p.files
}

type parser struct {
	lines []string
	i     int
	files []File
}

// file reads one file's header and hunks, from its "diff --git" line.
func (p *parser) file() {
	f := File{}
	f.OldPath, f.NewPath = gitLinePaths(strings.TrimPrefix(p.lines[p.i], "diff --git "))
	p.i++
	for p.i < len(p.lines) {
		l := p.lines[p.i]
		switch {
		case strings.HasPrefix(l, "diff --git "):
			p.add(f)
			return
		case strings.HasPrefix(l, "@@ "):
			p.hunk(&f)
			continue
		case strings.HasPrefix(l, "old mode "):
			f.OldMode = strings.TrimPrefix(l, "old mode ")
		case strings.HasPrefix(l, "new mode "):
			f.NewMode = strings.TrimPrefix(l, "new mode ")
		case strings.HasPrefix(l, "new file mode "):
			f.Status, f.NewMode = Added, strings.TrimPrefix(l, "new file mode ")
		case strings.HasPrefix(l, "deleted file mode "):
			f.Status, f.OldMode = Deleted, strings.TrimPrefix(l, "deleted file mode ")
		case strings.HasPrefix(l, "similarity index "):
			f.Similarity, _ = strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(l, "similarity index "), "%"))
		case strings.HasPrefix(l, "rename from "):
			f.Status, f.OldPath = Renamed, unquotePath(strings.TrimPrefix(l, "rename from "))
		case strings.HasPrefix(l, "rename to "):
			f.Status, f.NewPath = Renamed, unquotePath(strings.TrimPrefix(l, "rename to "))
		case strings.HasPrefix(l, "index "):
			f.indexLine(strings.TrimPrefix(l, "index "))
		case strings.HasPrefix(l, "--- "):
			if path, ok := sidePath(strings.TrimPrefix(l, "--- "), "a/"); ok {
				f.OldPath = path
			}
		case strings.HasPrefix(l, "+++ "):
			if path, ok := sidePath(strings.TrimPrefix(l, "+++ "), "b/"); ok {
				f.NewPath = path
			}
		case strings.HasPrefix(l, "Binary files ") || l == "GIT binary patch":
			f.Binary = true
		}
		p.i++
	}
	p.add(f)
}

// add completes a file: an added file has no old path, a deleted one no new path, and
// a mode git wrote once stands for both sides.
func (p *parser) add(f File) {
	switch f.Status {
	case Added:
		f.OldPath = ""
	case Deleted:
		f.NewPath = ""
	}
	if f.Status != Added && f.OldMode == "" {
		f.OldMode = f.NewMode
	}
	if f.Status != Deleted && f.NewMode == "" {
		f.NewMode = f.OldMode
	}
	p.files = append(p.files, f)
}

// indexLine reads "OLD..NEW[ MODE]".
func (f *File) indexLine(s string) {
	hashes, mode, _ := strings.Cut(s, " ")
	f.OldBlob, f.NewBlob, _ = strings.Cut(hashes, "..")
	if mode != "" {
		f.OldMode, f.NewMode = mode, mode
	}
}

// hunk reads one hunk from its "@@" line: as many lines as its header counts (so a
// removed line that reads "-- x" is not taken for a header), then any "\ No newline".
func (p *parser) hunk(f *File) {
	h, ok := parseHunkHeader(p.lines[p.i])
	p.i++
	if !ok {
		return
	}
	oldLeft, newLeft := h.OldLines, h.NewLines
	for p.i < len(p.lines) && (oldLeft > 0 || newLeft > 0 || strings.HasPrefix(p.lines[p.i], `\`)) {
		l := p.lines[p.i]
		kind := byte(' ')
		if l != "" {
			kind = l[0]
		} else {
			l = " " // an empty context line whose space something stripped
		}
		switch kind {
		case ' ':
			oldLeft--
			newLeft--
		case '-':
			oldLeft--
			f.Removed++
		case '+':
			newLeft--
			f.Added++
		case '\\':
		default:
			f.Hunks = append(f.Hunks, h)
			return // not a hunk line: the hunk is shorter than its header said
		}
		h.Lines = append(h.Lines, l)
		p.i++
	}
	f.Hunks = append(f.Hunks, h)
}

// parseHunkHeader reads "@@ -a[,b] +c[,d] @@ section".
func parseHunkHeader(l string) (Hunk, bool) {
	rest, ok := strings.CutPrefix(l, "@@ -")
	if !ok {
		return Hunk{}, false
	}
	ranges, section, ok := strings.Cut(rest, " @@")
	if !ok {
		return Hunk{}, false
	}
	oldR, newR, ok := strings.Cut(ranges, " +")
	if !ok {
		return Hunk{}, false
	}
	var h Hunk
	var ok1, ok2 bool
	h.OldStart, h.OldLines, ok1 = parseRange(oldR)
	h.NewStart, h.NewLines, ok2 = parseRange(newR)
	h.Section = strings.TrimPrefix(section, " ")
	return h, ok1 && ok2
}

func parseRange(s string) (start, count int, ok bool) {
	a, b, hasCount := strings.Cut(s, ",")
	start, err := strconv.Atoi(a)
	if err != nil {
		return 0, 0, false
	}
	count = 1
	if hasCount {
		if count, err = strconv.Atoi(b); err != nil {
			return 0, 0, false
		}
	}
	return start, count, true
}

// sidePath reads a "---"/"+++" line's path: "/dev/null" is no path, ok false.
func sidePath(s, prefix string) (string, bool) {
	s = strings.TrimSuffix(s, "\t") // git ends a name holding a space with a tab
	if s == "/dev/null" {
		return "", false
	}
	s = unquotePath(s)
	return strings.TrimPrefix(s, prefix), true
}

// gitLinePaths reads "a/OLD b/NEW" from a "diff --git" line. Unquoted names holding
// spaces are ambiguous there; the line is read as two equal halves, which it is unless
// the file was renamed (and then "rename from/to" say the names).
func gitLinePaths(s string) (string, string) {
	if strings.HasPrefix(s, `"`) {
		first, rest := splitQuoted(s)
		second := strings.TrimPrefix(rest, " ")
		if strings.HasPrefix(second, `"`) {
			second, _ = splitQuoted(second)
		}
		return strings.TrimPrefix(first, "a/"), strings.TrimPrefix(second, "b/")
	}
	if n := len(s); n >= 5 && (n-5)%2 == 0 {
		half := (n - 5) / 2
		oldP, newP := s[2:2+half], s[2+half+3:]
		if strings.HasPrefix(s, "a/") && s[2+half:2+half+3] == " b/" && oldP == newP {
			return oldP, newP
		}
	}
	if a, b, ok := strings.Cut(s, " b/"); ok {
		if strings.HasPrefix(b, `"`) {
			b, _ = splitQuoted(b)
		}
		return strings.TrimPrefix(a, "a/"), b
	}
	return strings.TrimPrefix(s, "a/"), strings.TrimPrefix(s, "a/")
}
