package render

import "strings"

// joinListParagraphs works around glamour printing the paragraphs of one
// list item with nothing between them ("1. **Install**\n\n   Run it."
// shows as "1. InstallRun it."). It turns the blank line between two
// paragraphs of an item into a hard line break, so they print on separate
// lines. Nothing outside list items, and nothing in code, is touched.
func joinListParagraphs(src string) string {
	if !strings.Contains(src, "\n\n") {
		return src
	}
	lines := strings.Split(src, "\n")
	var (
		fence      string // open fence, "" outside
		itemIndent int    // content column of the current list item, 0 outside lists
		changed    bool
	)
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if fence != "" {
			if isClosingFence(l, fence) {
				fence = ""
			}
			continue
		}
		if strings.TrimSpace(l) == "" {
			continue
		}
		prevBlank := i > 0 && strings.TrimSpace(lines[i-1]) == ""
		ind := indentOf(l)
		if n := listContentIndent(l); n > 0 {
			itemIndent = n
		} else if prevBlank && ind < itemIndent {
			itemIndent = 0 // the list ended
		}
		if f := openingFence(l); f != "" {
			fence = f
			continue
		}
		// l is a paragraph line of the item; join the next paragraph of
		// the same item to it.
		j := i + 1
		for j < len(lines) && strings.TrimSpace(lines[j]) == "" {
			j++
		}
		if itemIndent == 0 || j == i+1 || j >= len(lines) || !continuesItem(lines[j], itemIndent) {
			continue
		}
		lines[i] = strings.TrimRight(l, " ") + "  "
		lines = append(lines[:i+1], lines[j:]...)
		changed = true
	}
	if !changed {
		return src
	}
	return strings.Join(lines, "\n")
}

// listContentIndent returns the column where a list item's text starts
// ("  - x" → 4, "10. x" → 4), or 0 if the line is not a list item.
func listContentIndent(line string) int {
	ind := indentOf(line)
	if ind >= len(line) || ind > 12 || !isListItem(line[ind:]) {
		return 0
	}
	rest := line[ind:]
	m := 1
	if rest[0] >= '0' && rest[0] <= '9' {
		m = strings.IndexAny(rest, ".)") + 1
	}
	sp := 0
	for m+sp < len(rest) && rest[m+sp] == ' ' {
		sp++
	}
	if sp == 0 || sp > 4 {
		sp = 1
	}
	return ind + m + sp
}

// continuesItem reports whether a line after a blank line is a plain
// paragraph line inside the item: indented into it but not as code, and
// not starting a block of its own.
func continuesItem(line string, itemIndent int) bool {
	ind := indentOf(line)
	if ind < itemIndent || ind >= itemIndent+4 {
		return false
	}
	t := line[ind:]
	if isListItem(t) || openingFence(t) != "" || isDefinition(t) {
		return false
	}
	switch t[0] {
	case '>', '#', '|', '<', '[', '=', '-', '*', '_':
		return false
	}
	return true
}
