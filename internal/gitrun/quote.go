package gitrun

import "strings"

// ShellLine is argv as a line to paste into a POSIX shell, each word quoted only when
// it needs to be: what to run, when gclaude cannot run it itself.
func ShellLine(argv ...string) string {
	words := make([]string, len(argv))
	for i, a := range argv {
		words[i] = shellWord(a)
	}
	return strings.Join(words, " ")
}

// shellWord quotes a word with single quotes unless it holds only characters no shell
// treats specially.
func shellWord(s string) string {
	if s == "" {
		return "''"
	}
	safe := true
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:=@+,%", r)) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
