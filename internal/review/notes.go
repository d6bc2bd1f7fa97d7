package review

import (
	"fmt"
	"strings"
)

// Note is a reviewer's remark on one hunk.
type Note struct {
	File *File
	Hunk int // index in File.Hunks
	Text string
}

// quotedLines is how many lines of a hunk a note quotes before "… N more lines".
const quotedLines = 40

// NotesPrompt is the prompt that sends notes to the session, as a code review reads:
// each note names its file and line range and quotes the hunk it is about.
func NotesPrompt(notes []Note) string {
	var b strings.Builder
	if len(notes) == 1 {
		b.WriteString("I reviewed your changes and left a note. Please address it.\n")
	} else {
		fmt.Fprintf(&b, "I reviewed your changes and left %d notes. Please address each of them.\n", len(notes))
	}
	for i, n := range notes {
		h := &n.File.Hunks[n.Hunk]
		fmt.Fprintf(&b, "\n%d. %s, %s:\n", i+1, n.File.Path(), LineRange(h))
		fence := fenceFor(h.Lines)
		b.WriteString(fence + "diff\n")
		b.WriteString(HunkHeader(h) + "\n")
		for j, l := range h.Lines {
			if j == quotedLines {
				fmt.Fprintf(&b, "… %d more lines\n", len(h.Lines)-j)
				break
			}
			b.WriteString(strings.TrimSuffix(l, "\r") + "\n")
		}
		b.WriteString(fence + "\n")
		b.WriteString(strings.TrimSpace(n.Text) + "\n")
	}
	return b.String()
}

// LineRange names the lines a hunk covers in the file as it is now: "lines 12–18",
// "line 12", or for lines only removed, where they were ("removed after line 11").
func LineRange(h *Hunk) string {
	switch {
	case h.NewLines == 0:
		if h.NewStart == 0 {
			return "lines removed at the top"
		}
		return fmt.Sprintf("lines removed after line %d", h.NewStart)
	case h.NewLines == 1:
		return fmt.Sprintf("line %d", h.NewStart)
	}
	return fmt.Sprintf("lines %d–%d", h.NewStart, h.NewStart+h.NewLines-1)
}

// HunkHeader is the hunk's "@@ -a,b +c,d @@ section" line, as git writes it.
func HunkHeader(h *Hunk) string {
	s := "@@ -" + hunkRange(h.OldStart, h.OldLines) + " +" + hunkRange(h.NewStart, h.NewLines) + " @@"
	if h.Section != "" {
		s += " " + h.Section
	}
	return s
}

// fenceFor is a code fence longer than any run of backticks in lines.
func fenceFor(lines []string) string {
	longest := 0
	for _, l := range lines {
		run := 0
		for i := 0; i < len(l); i++ {
			if l[i] == '`' {
				run++
				longest = max(longest, run)
			} else {
				run = 0
			}
		}
	}
	return strings.Repeat("`", max(3, longest+1))
}
