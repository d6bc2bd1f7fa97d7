package commands

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/input"
)

// /branch [name] copies the conversation into a new session of the workspace and
// brings it to the front, as Claude Code's /branch does; the session it came from stays
// in the workspace. The copy starts where the user picks: the conversation as it is,
// or before one of this session's earlier prompts (whose text comes back into the new
// session's prompt, as /rewind puts it back).
func init() {
	register(Command{Command: input.Command{Name: "branch", Description: "Branch the conversation, now or from an earlier prompt, into a new session", ArgumentHint: "[name]"},
		Place: placeWorkspace + 6, Live: true, Run: runBranch, Answer: answerBranch})
}

func runBranch(s Session, args string) tea.Cmd {
	in := s.Info()
	if in.ID == "" {
		s.Notice(noticeInfo, "/branch: nothing to branch yet: the conversation starts with its first prompt")
		return nil
	}
	name := strings.TrimSpace(args)
	points, desc := s.Rewinds().Newest()
	if len(points) == 0 {
		return s.Workspace().Do(ForkArgs{Title: branchTitle(in, name), Front: true})
	}
	list := make([]dialogs.RewindPrompt, len(points))
	for i, p := range points {
		list[i] = dialogs.RewindPrompt{UUID: p.UUID, Text: p.Text, Desc: desc[i]}
	}
	return s.OpenPicker(func(env dialogs.Env) dialogs.Dialog { return dialogs.NewBranchPicker(list, name, env) })
}

// branchTitle is the branch's title: the name given, else the conversation's marked
// as a branch.
func branchTitle(in Info, name string) string {
	if name != "" {
		return name
	}
	return titled(in.Title, "Branch")
}

func answerBranch(s Session, a dialogs.Action) (tea.Cmd, bool) {
	b, ok := a.(dialogs.BranchFrom)
	if !ok {
		return nil, false
	}
	title := branchTitle(s.Info(), b.Name)
	if b.UUID == "" {
		return s.Workspace().Do(ForkArgs{Title: title, Front: true}), true
	}
	p, ok := s.Rewinds().Find(b.UUID)
	switch {
	case !ok:
		return nil, true
	case p.Continued:
		s.Notice(noticeInfo, "/branch: this conversation was resumed, and claude cannot be taken back to before its first prompt here")
		return nil, true
	}
	return s.Workspace().Do(ForkArgs{At: p.Before, Fresh: p.Before == "", Draft: p.Text, Title: title, Front: true}), true
}
