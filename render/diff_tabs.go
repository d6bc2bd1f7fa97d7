package render

import "strings"

// The CLI's structuredPatch is made for its own screen: it writes every leading tab
// as two spaces. gclaude expands tabs in one place, Sanitize (TabWidth), and the
// permission dialog diffs the real text; so before a result's patch is drawn its
// tabs are put back from the file texts the result also carries. Otherwise the same
// change is indented one way in the dialog and another in the transcript.

// cliTabs is the CLI's rewrite of a line: each leading tab becomes two spaces.
func cliTabs(line string) string {
	n := len(line) - len(strings.TrimLeft(line, "\t"))
	if n == 0 {
		return line
	}
	return strings.Repeat("  ", n) + line[n:]
}

// restoreTabs returns hunks with each line that is, after the CLI's rewrite, the
// line at its place in oldText ('-' and context) or newText ('+') replaced by that
// line. Lines that do not match stay as they are, so a text the result lacks or
// that disagrees with the patch costs nothing. hunks is not changed.
func restoreTabs(hunks []Hunk, oldText, newText string) []Hunk {
	if !strings.Contains(oldText, "\t") && !strings.Contains(newText, "\t") {
		return hunks
	}
	oldLines, newLines := strings.Split(oldText, "\n"), strings.Split(newText, "\n")
	out := make([]Hunk, len(hunks))
	for i, h := range hunks {
		lines := make([]string, len(h.Lines))
		oldN, newN := h.OldStart, h.NewStart
		for j, l := range h.Lines {
			lines[j] = l
			kind, text := byte(' '), ""
			if l != "" {
				kind, text = l[0], l[1:]
			}
			var src []string
			var n int
			switch kind {
			case '-':
				src, n = oldLines, oldN
				oldN++
			case '+':
				src, n = newLines, newN
				newN++
			case ' ':
				src, n = oldLines, oldN
				oldN++
				newN++
			default: // "\ No newline at end of file"
				continue
			}
			if n >= 1 && n <= len(src) && src[n-1] != text && cliTabs(src[n-1]) == text {
				lines[j] = string(kind) + src[n-1]
			}
		}
		h.Lines = lines
		out[i] = h
	}
	return out
}
