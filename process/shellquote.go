package process

import "strings"

// shellQuote makes s one word for a POSIX shell, as ssh's remote side reads its
// command: bare when every byte is harmless, otherwise in single quotes, where only a
// single quote needs care (it ends the quoting, is escaped, and quoting resumes).
// Newlines, $, backquotes and spaces inside single quotes are literal.
func shellQuote(s string) string {
	if s == "" {
		return "''"
	}
	if strings.IndexFunc(s, needsQuoting) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func needsQuoting(r rune) bool {
	switch {
	case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', '0' <= r && r <= '9':
		return false
	}
	return !strings.ContainsRune("_-+=./:,@%", r)
}

// shellJoin quotes each word and joins them with spaces.
func shellJoin(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = shellQuote(w)
	}
	return strings.Join(q, " ")
}
