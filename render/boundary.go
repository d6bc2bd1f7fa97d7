package render

import "strings"

// blockScanner reads complete lines of markdown, one at a time, and tracks
// the latest stable boundary: the start of a line where everything before
// it can be rendered on its own and give exactly what it gives inside the
// whole document. That holds at a line that follows a blank line, outside
// any fenced code block or multi-line HTML block, and that cannot continue
// the block before it (it is not indented and not a list item, which could
// belong to a loose list). Work is proportional to the lines fed in, never
// to the whole text.
type blockScanner struct {
	offset    int    // bytes consumed so far
	boundary  int    // latest stable boundary (byte offset), 0 if none
	prevBlank bool   // the previous line was blank
	fence     string // closing fence we are waiting for ("```", "~~~~"), "" outside
	// fenceIndent is the indentation of the open fence's opening line.
	// An indented fence may sit in a list item, and then a less indented
	// line ends it along with the item: something only a full parse can
	// tell, so such a line freezes the boundary for good (frozen).
	fenceIndent int
	frozen      bool
	htmlEnd     []string // end markers of an open HTML block (any ends it), nil outside
	// htmlLines is set from a line that may open an HTML block a blank
	// line ends (CommonMark's kinds 6 and 7) to the next blank line. In
	// such a block a fence or comment opener is text, but whether the block
	// opened takes a full parse (kind 7 cannot interrupt a paragraph), so
	// such an opener there freezes the boundary.
	htmlLines bool
	// whole is set once a link reference definition or a definition-list
	// definition is seen. The first changes how text anywhere else
	// renders, the second turns the paragraph before it, possibly already
	// cached, into a term. From then on no part can be rendered alone.
	whole bool
}

// feed consumes complete lines (text must end with '\n').
func (s *blockScanner) feed(text string) {
	for text != "" {
		i := strings.IndexByte(text, '\n')
		line := text[:i]
		s.line(line)
		s.offset += i + 1
		text = text[i+1:]
	}
}

func (s *blockScanner) line(line string) {
	if s.fence != "" {
		s.prevBlank = false
		if s.fenceIndent > 0 && strings.TrimSpace(line) != "" && indentOf(line) < s.fenceIndent {
			s.frozen = true // the list item, and its fence, may have ended here
		}
		if isClosingFence(line, s.fence) {
			s.fence = ""
		}
		return
	}
	if s.htmlEnd != nil {
		if containsAny(strings.ToLower(line), s.htmlEnd) {
			s.htmlEnd = nil
		}
		s.prevBlank = false
		return
	}
	if strings.TrimSpace(line) == "" {
		s.prevBlank = true
		s.htmlLines = false
		return
	}
	if s.prevBlank {
		if startsFreshBlock(line) && !s.whole && !s.frozen {
			s.boundary = s.offset
		}
	}
	s.prevBlank = false
	if f := openingFence(line); f != "" {
		s.fence, s.fenceIndent = f, indentOf(line)
		s.frozen = s.frozen || s.htmlLines
		return
	}
	if end := htmlBlockEnd(line); end != nil {
		s.htmlEnd = end
		s.frozen = s.frozen || s.htmlLines
		return
	}
	if looksLikeHTML(line) {
		s.htmlLines = true
	}
	if isLinkRefDef(line) || isDefinition(line) {
		s.whole = true
		s.boundary = 0
	}
}

// startsFreshBlock reports whether a line after a blank line necessarily
// starts a new top-level block rather than continuing the previous one.
func startsFreshBlock(line string) bool {
	switch line[0] {
	case ' ', '\t':
		return false // list continuation or indented code
	case ':':
		return false // a definition, whose term may be the block before
	}
	return !isListItem(line)
}

// isListItem matches "-", "+", "*" or "1." / "1)" followed by a space or
// the end of the line.
func isListItem(line string) bool {
	switch line[0] {
	case '-', '+', '*':
		return len(line) == 1 || line[1] == ' ' || line[1] == '\t'
	}
	i := 0
	for i < len(line) && i < 9 && line[i] >= '0' && line[i] <= '9' {
		i++
	}
	if i == 0 || i >= len(line) || (line[i] != '.' && line[i] != ')') {
		return false
	}
	return i+1 == len(line) || line[i+1] == ' ' || line[i+1] == '\t'
}

// openingFence returns the run of fence characters a closing fence must
// match ("```", "~~~~"), or "" if the line does not open a fenced block.
func openingFence(line string) string {
	l := trimIndent(line)
	if l == "" || (l[0] != '`' && l[0] != '~') {
		return ""
	}
	n := 0
	for n < len(l) && l[n] == l[0] {
		n++
	}
	if n < 3 || (l[0] == '`' && strings.IndexByte(l[n:], '`') >= 0) {
		return ""
	}
	return l[:n]
}

// isClosingFence: same character, at least as long, nothing but spaces after.
func isClosingFence(line, fence string) bool {
	l := trimIndent(line)
	if !strings.HasPrefix(l, fence) {
		return false
	}
	return strings.TrimSpace(strings.TrimLeft(l, fence[:1])) == ""
}

// trimIndent strips up to three leading spaces; four or more make an
// indented code line, returned as "" (it opens nothing).
func trimIndent(line string) string {
	for i := 0; i < 4; i++ {
		if i == len(line) || line[i] != ' ' {
			return line[i:]
		}
	}
	return ""
}

// rawTextEnds end an HTML block of CommonMark's kind 1, whichever of its
// tags opened it.
var rawTextEnds = []string{"</script>", "</pre>", "</style>", "</textarea>"}

// htmlBlocks are the CommonMark HTML blocks that a blank line does not end:
// the start (a tag name must be followed by a space, '>' or the line's
// end) and the markers that end it.
var htmlBlocks = []struct {
	start string
	tag   bool
	end   []string
}{
	{"<!--", false, []string{"-->"}},
	{"<script", true, rawTextEnds},
	{"<pre", true, rawTextEnds},
	{"<style", true, rawTextEnds},
	{"<textarea", true, rawTextEnds},
	{"<?", false, []string{"?>"}},
	{"<![cdata[", false, []string{"]]>"}},
}

// htmlBlockEnd returns the end markers of a multi-line HTML block that
// this line opens and does not close, or nil.
func htmlBlockEnd(line string) []string {
	l := strings.ToLower(trimIndent(line))
	if !strings.HasPrefix(l, "<") {
		return nil
	}
	for _, h := range htmlBlocks {
		if !strings.HasPrefix(l, h.start) {
			continue
		}
		rest := l[len(h.start):]
		if h.tag && rest != "" && !strings.ContainsRune(" \t>", rune(rest[0])) {
			continue // <prefix>, <scripts>: not this kind
		}
		if containsAny(rest, h.end) {
			return nil
		}
		return h.end
	}
	if len(l) > 2 && l[1] == '!' && l[2] >= 'a' && l[2] <= 'z' && !strings.Contains(l, ">") {
		return []string{">"} // a declaration, <!DOCTYPE …>
	}
	return nil
}

// containsAny reports whether s contains one of the markers.
func containsAny(s string, markers []string) bool {
	for _, m := range markers {
		if strings.Contains(s, m) {
			return true
		}
	}
	return false
}

// isLinkRefDef matches "[label]: destination".
func isLinkRefDef(line string) bool {
	l := trimIndent(line)
	if !strings.HasPrefix(l, "[") {
		return false
	}
	end := strings.Index(l, "]:")
	return end > 1 && !strings.Contains(l[1:end], "]")
}

// looksLikeHTML reports whether a line starts like an HTML block: '<'
// followed by a tag name, '/', '!' or '?'.
func looksLikeHTML(line string) bool {
	l := trimIndent(line)
	if len(l) < 2 || l[0] != '<' {
		return false
	}
	c := l[1]
	return c == '/' || c == '!' || c == '?' || (c|0x20 >= 'a' && c|0x20 <= 'z')
}

// indentOf counts leading spaces (a tab counts as reaching the next stop,
// which is at least 4: more than any fence indentation).
func indentOf(line string) int {
	n := 0
	for n < len(line) && line[n] == ' ' {
		n++
	}
	if n < len(line) && line[n] == '\t' {
		return n + 4
	}
	return n
}

// isDefinition matches a definition-list description line, ": text".
func isDefinition(line string) bool {
	l := trimIndent(line)
	return l != "" && l[0] == ':' && (len(l) == 1 || l[1] == ' ' || l[1] == '\t')
}
