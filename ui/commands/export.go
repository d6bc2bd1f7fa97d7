package commands

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/safewrite"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/input"
	"github.com/gclaude/gclaude/ui/status"
	"github.com/gclaude/gclaude/ui/transcript"
)

func init() {
	register(Command{Command: input.Command{Name: "export", Description: "Write the conversation to a markdown file", ArgumentHint: "[--replace] [file]"},
		Place: placeConversation + 5, Run: runExport})
}

// replaceFlag is /export's explicit confirmation that an existing file may be replaced.
const replaceFlag = "--replace"

// defaultExportTries bounds the numbered names tried when the default name is taken.
const defaultExportTries = 100

// runExport writes the transcript as markdown: atomically, never through a symbolic link,
// and never over an existing file unless the user said --replace. The markdown is made
// here (it is the model's state); the file is written in a Cmd.
func runExport(s Session, args string) tea.Cmd {
	conversation, ok := s.Conversation()
	if !ok {
		s.Notice(transcript.NoticeInfo, "nothing to export yet")
		return nil
	}
	args = strings.TrimSpace(args)
	replace := false
	if rest, ok := strings.CutPrefix(args, replaceFlag); ok && (rest == "" || rest[0] == ' ') {
		replace, args = true, strings.TrimSpace(rest)
	}
	md := []byte(conversation)
	lines := strings.Count(string(md), "\n")
	if args == "" {
		// The default name is gclaude's to choose: a free one, numbered if need be.
		base := exportPath(s, "")
		return func() tea.Msg {
			msg := Exported{lines: lines}
			for i := 1; i <= defaultExportTries; i++ {
				msg.path = numbered(base, i)
				if msg.err = safewrite.Create(msg.path, md, 0o644); !errors.Is(msg.err, safewrite.ErrExists) {
					return msg
				}
			}
			return msg
		}
	}
	path := exportPath(s, args)
	return func() tea.Msg {
		msg := Exported{path: path, arg: args, lines: lines, replaced: replace}
		if replace {
			msg.err = safewrite.Replace(path, md, 0o644)
		} else {
			msg.err = safewrite.Create(path, md, 0o644)
		}
		return msg
	}
}

// numbered is path for i = 1, else path with "-i" before its extension.
func numbered(path string, i int) string {
	if i == 1 {
		return path
	}
	ext := filepath.Ext(path)
	return fmt.Sprintf("%s-%d%s", strings.TrimSuffix(path, ext), i, ext)
}

// exportPath resolves /export's argument: ~ is the home folder, a relative path is
// taken from the working folder, and none is gclaude-<date>-<session>.md there.
func exportPath(s Session, file string) string {
	in := s.Info()
	if file == "" {
		id := in.ID
		if len(id) > 8 {
			id = id[:8]
		}
		if id == "" {
			id = "new"
		}
		file = fmt.Sprintf("gclaude-%s-%s.md", s.Now().Format("2006-01-02"), id)
	}
	if rest, ok := strings.CutPrefix(file, "~"); ok && in.Home != "" && (rest == "" || rest[0] == '/') {
		file = filepath.Join(in.Home, rest)
	}
	if !filepath.IsAbs(file) {
		file = filepath.Join(in.Folder, file)
	}
	return file
}

// Exported reports what /export did.
type Exported struct {
	path     string
	arg      string // the file as the user gave it ("" for the default name)
	lines    int
	replaced bool
	err      error
}

// Apply says what was written, or why nothing was.
func (msg Exported) Apply(s Session) tea.Cmd {
	where := render.Sanitize(status.ShortenPath(msg.path, s.Info().Home))
	var link *safewrite.SymlinkError
	switch {
	case errors.Is(msg.err, safewrite.ErrExists):
		s.Notice(transcript.NoticeWarn, fmt.Sprintf("%s already exists: nothing was written. /export %s %s replaces it.",
			where, replaceFlag, render.Sanitize(msg.arg)))
	case errors.As(msg.err, &link):
		s.Notice(transcript.NoticeError, fmt.Sprintf("%s is a symbolic link (to %s): nothing was written, and gclaude does not write through links.",
			where, render.Sanitize(link.Target)))
	case msg.err != nil:
		s.Notice(transcript.NoticeError, "could not export the conversation: "+render.Sanitize(msg.err.Error()))
	case msg.replaced:
		s.Notice(transcript.NoticeInfo, fmt.Sprintf("conversation exported to %s (%d %s), replacing the file that was there",
			where, msg.lines, render.Plural(msg.lines, "line")))
	default:
		s.Notice(transcript.NoticeInfo, fmt.Sprintf("conversation exported to %s (%d %s, a new file)",
			where, msg.lines, render.Plural(msg.lines, "line")))
	}
	return nil
}
