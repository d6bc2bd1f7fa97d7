package land

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// subjectWidth is the longest a commit subject or PR title drafted from a prompt gets.
const subjectWidth = 72

// promptWidth is how much of each prompt the body quotes.
const promptWidth = 200

// DraftMessage drafts the commit message for a session's uncommitted work from its
// prompts: the first prompt's first line as the subject, and, when there is more to
// say, every prompt as a list in the body.
func DraftMessage(prompts []string) string {
	prompts = cleanPrompts(prompts)
	if len(prompts) == 0 {
		return "Changes made in a gclaude session\n"
	}
	subject := subjectOf(prompts[0])
	if len(prompts) == 1 && !strings.Contains(prompts[0], "\n") && !strings.HasSuffix(subject, "…") {
		return subject + "\n" // the subject says it all
	}
	return subject + "\n\n" + promptList(prompts)
}

// DraftPR drafts a pull request's title and body from the session's prompts and the
// branch's commits ("abc1234 subject").
func DraftPR(prompts, commits []string) (title, body string) {
	prompts = cleanPrompts(prompts)
	var b strings.Builder
	switch {
	case len(prompts) > 0:
		title = subjectOf(prompts[0])
		b.WriteString(promptList(prompts))
	case len(commits) > 0:
		_, title, _ = strings.Cut(commits[len(commits)-1], " ")
	default:
		title = "Changes made in a gclaude session"
	}
	if len(commits) > 0 {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		b.WriteString("Commits:\n")
		for _, c := range commits {
			b.WriteString("- " + c + "\n")
		}
	}
	return title, b.String()
}

// RebasePrompt asks the session to rebase its branch onto the base branch, for a plan
// refused over a conflict.
func RebasePrompt(branch, base string, files []string) string {
	s := "Rebase this worktree's branch " + branch + " onto " + base + " (`git rebase " + base + "`), committing any uncommitted changes first"
	if len(files) > 0 {
		s += ", and resolve the conflicts in " + listFiles(files)
	}
	return s + ". Keep the intent of both sides, run the tests, and tell me when it is done."
}

func promptList(prompts []string) string {
	var b strings.Builder
	b.WriteString("Prompts:\n")
	for _, p := range prompts {
		b.WriteString("- " + cut(oneLine(p), promptWidth) + "\n")
	}
	return b.String()
}

// cleanPrompts drops empty prompts and slash commands (they are not the work asked for).
func cleanPrompts(prompts []string) []string {
	var out []string
	for _, p := range prompts {
		p = strings.TrimSpace(p)
		if p == "" || strings.HasPrefix(p, "/") {
			continue
		}
		out = append(out, p)
	}
	return out
}

// subjectOf is a prompt's first line, capitalised, without a final full stop, cut at a
// word to fit a subject line.
func subjectOf(prompt string) string {
	first, _, _ := strings.Cut(prompt, "\n")
	s := strings.TrimRight(oneLine(first), ".")
	if r, size := utf8.DecodeRuneInString(s); r != utf8.RuneError {
		s = string(unicode.ToUpper(r)) + s[size:]
	}
	return cut(s, subjectWidth)
}

// oneLine folds whitespace runs (newlines included) into single spaces and drops
// escape sequences and control characters.
func oneLine(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) && !unicode.IsSpace(r) {
			return -1
		}
		return r
	}, ansi.Strip(s))
	return strings.Join(strings.Fields(s), " ")
}

// cut shortens s to at most width runes, at a word when one ends late enough, with "…".
func cut(s string, width int) string {
	if utf8.RuneCountInString(s) <= width {
		return s
	}
	runes := []rune(s)[:width-1]
	head := string(runes)
	if i := strings.LastIndexByte(head, ' '); i > len(head)/2 {
		head = head[:i]
	}
	return strings.TrimRight(head, " ,;:") + "…"
}
