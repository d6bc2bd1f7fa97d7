package commands

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/safewrite"
	"github.com/gclaude/gclaude/internal/statedir"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/input"
)

// /copy [N] copies Claude's Nth-last answer, as Claude Code does: to the terminal's
// clipboard (OSC 52, which works over ssh and in tmux with set-clipboard on), and into
// a file, for a terminal that ignores OSC 52.
func init() {
	register(Command{Command: input.Command{Name: "copy", Description: "Copy the last answer to the clipboard (/copy 2 for the one before)", ArgumentHint: "[N]"},
		Place: placeConversation + 5, Run: runCopy})
}

// copyFile is where /copy also writes the answer, in gclaude's state folder.
const copyFile = "response.md"

func runCopy(s Session, args string) tea.Cmd {
	answers := s.Answers()
	if len(answers) == 0 {
		s.Notice(noticeInfo, "/copy: no answer to copy yet")
		return nil
	}
	n := 1
	if arg := strings.TrimSpace(args); arg != "" {
		v, err := strconv.Atoi(arg)
		if err != nil || v < 1 {
			s.Notice(noticeWarning, fmt.Sprintf("usage: /copy [N], where N is 1 (the last answer), 2, 3, …; got %q", arg))
			return nil
		}
		if v > len(answers) {
			s.Notice(noticeWarning, fmt.Sprintf("/copy %d: only %d %s to copy", v, len(answers), render.Plural(len(answers), "answer")))
			return nil
		}
		n = v
	}
	text := answers[n-1]
	which := "the last answer"
	if n > 1 {
		which = fmt.Sprintf("answer %d from the end", n)
	}
	size := fmt.Sprintf("%s %s, %d %s", groupDigits(len([]rune(text))), render.Plural(len([]rune(text)), "character"),
		strings.Count(text, "\n")+1, render.Plural(strings.Count(text, "\n")+1, "line"))
	getenv := s.Info().Getenv
	return s.Later(func() Done {
		said := "/copy: " + which + " (" + size + ") sent to your terminal's clipboard"
		path, err := writeCopy(getenv, text)
		if err != nil {
			said += "; it could not also be written to a file: " + err.Error()
		} else {
			said += "; if pasting fails, it is in " + path
		}
		return Done{Kind: noticeInfo, Text: said, Then: func(Session) tea.Cmd { return tea.SetClipboard(text) }}
	})
}

// writeCopy writes text to gclaude's state folder (private to the user), replacing the
// last copy.
func writeCopy(getenv func(string) string, text string) (string, error) {
	dir, err := statedir.Dir(getenv)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	path := filepath.Join(dir, copyFile)
	return path, safewrite.Replace(path, []byte(text), 0o600)
}

// groupDigits writes n with thousands separators: 12,345.
func groupDigits(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
