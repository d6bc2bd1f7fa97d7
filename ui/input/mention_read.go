package input

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// The CLI reads a file an @mention names into the prompt (as a Read tool's result in a
// system-reminder) and says nothing of it on stdout; Claude Code shows
// "Read notes.md (3 lines)" under the prompt, and so does gclaude, from the file itself.

// maxMentionBytes bounds how much of a mentioned file is read to count its lines.
const maxMentionBytes = 16 << 20

// MentionedFiles are the "@path" words of a prompt (the "@" starts the text or follows
// white space), in order, each once.
func MentionedFiles(text string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range strings.Fields(text) {
		p, ok := strings.CutPrefix(w, "@")
		if !ok || p == "" || seen[p] {
			continue
		}
		seen[p] = true
		out = append(out, p)
	}
	return out
}

// MentionReads says what reading each mentioned regular file of the prompt gives,
// Claude Code's words: "Read notes.md (3 lines)". Paths are relative to cwd; words that
// name no file (an e-mail, a folder, a missing file) say nothing. It reads files: call
// it in a Cmd.
func MentionReads(cwd, text string) []string {
	var out []string
	for _, p := range MentionedFiles(text) {
		full := p
		if !filepath.IsAbs(full) {
			full = filepath.Join(cwd, p)
		}
		n, ok := fileLines(full)
		if !ok {
			continue
		}
		unit := "lines"
		if n == 1 {
			unit = "line"
		}
		out = append(out, fmt.Sprintf("Read %s (%d %s)", p, n, unit))
	}
	return out
}

// fileLines counts a regular file's lines as an editor does: a last line without a
// newline counts, the empty "line" after a final newline does not.
func fileLines(path string) (int, bool) {
	st, err := os.Stat(path)
	if err != nil || !st.Mode().IsRegular() {
		return 0, false
	}
	f, err := os.Open(path)
	if err != nil {
		return 0, false
	}
	defer f.Close()
	r := bufio.NewReader(io.LimitReader(f, maxMentionBytes))
	n, last := 0, byte('\n')
	for {
		b, err := r.ReadByte()
		if err != nil {
			break
		}
		if b == '\n' {
			n++
		}
		last = b
	}
	if last != '\n' {
		n++
	}
	return n, true
}
