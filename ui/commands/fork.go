package commands

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/input"
)

// /fork [prompt] copies the conversation as it is into a new session of the workspace,
// which works in the background (on the prompt, when one is given) while you keep
// working here, as Claude Code's /fork does. /branch (branch.go) does the same from an
// earlier point and brings the copy to the front. Each copy is a conversation of its
// own: claude's session file, copied under a new id, so it is resumed like any other.
func init() {
	register(Command{Command: input.Command{Name: "fork", Description: "Copy this conversation into a new session that works in the background", ArgumentHint: "[prompt]"},
		Place: placeWorkspace + 5, Live: true, Run: runFork})
}

// ForkArgs say what /fork and /branch copy, and how the new session starts: the
// conversation of the session the command runs in, into a new one of the workspace.
type ForkArgs struct {
	At     string // the last entry the copy keeps (the answer before a prompt); "" for all
	Fresh  bool   // nothing is copied: a branch from before the first prompt
	Draft  string // put in the new session's prompt (the prompt branched away from)
	Prompt string // sent in the new session at once
	Title  string // the copy's title ("" for none of its own)
	Front  bool   // the new session comes to the front; else it works in the background
}

func runFork(s Session, args string) tea.Cmd {
	in := s.Info()
	if in.ID == "" {
		s.Notice(noticeInfo, "/fork: nothing to copy yet: the conversation starts with its first prompt")
		return nil
	}
	return s.Workspace().Do(ForkArgs{Prompt: strings.TrimSpace(args), Title: titled(in.Title, "fork")})
}

// titled is a copy's title: the conversation's with what it is, in brackets, as Claude
// Code names them ("My work (Branch)"); none when the conversation has none.
func titled(title, what string) string {
	if title == "" {
		return ""
	}
	return title + " (" + what + ")"
}
