package ui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/worktree"
	"github.com/gclaude/gclaude/ui/transcript"
)

// /diff (and d in the session picker): what the session changed, shown in its
// transcript like a `!` command's output. A worktree session compares with the commit
// its worktree was branched from, so its own commits count; any other folder shows its
// uncommitted changes, as Claude Code's /diff does.
func (m *Model) showDiff() tea.Cmd {
	wt := worktree.Worktree{Path: m.place.dir, Base: "HEAD"}
	if w := m.place.worktree; w != nil {
		wt = worktree.Worktree{Repo: w.Repo, Path: w.Path, Branch: w.Branch, Base: w.Base}
	}
	id := m.conversation.AddShell("git diff " + shortCommit(wt.Base))
	if m.place.host != "" {
		h, err := m.remoteHost(m.place.host)
		dir := m.place.dir
		return func() tea.Msg {
			if err != nil {
				return diffShown{id: id, err: err}
			}
			ctx, cancel := context.WithTimeout(context.Background(), remoteTimeout)
			defer cancel()
			out, err := h.Run(ctx, dir, "git", "-c", "core.quotePath=false", "diff", "--no-color", "--no-ext-diff", "HEAD", "--")
			return diffShown{id: id, out: string(out), err: err}
		}
	}
	return func() tea.Msg {
		out, err := worktree.Diff(context.Background(), wt)
		return diffShown{id: id, out: out, err: err}
	}
}

// diffShown delivers a session's diff.
type diffShown struct {
	id  transcript.ID
	out string
	err error
}

func (msg diffShown) handle(m *Model) tea.Cmd {
	r := transcript.ShellResult{Stdout: msg.out}
	switch {
	case msg.err != nil:
		r.Stderr, r.ExitCode = msg.err.Error(), 1
	case msg.out == "":
		r.Stdout = "no changes"
	}
	m.conversation.FinishShell(msg.id, r)
	return nil
}
