package tab

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/worktree"
	"github.com/gclaude/gclaude/ui/transcript"
)

// What a session changed: /diff shows it in the session's transcript like a `!`
// command's output; d in the session picker shows it in the picker's place, leaving
// every transcript as it was. A worktree session compares with the commit its worktree
// was branched from, so its own commits count; any other folder shows its uncommitted
// changes, as Claude Code's /diff does.

// DiffReader is how the session's diff is read (blocking: call read in a Cmd), and the
// command line that says so.
func (t *Tab) DiffReader() (what string, read func() (string, error)) {
	wt := worktree.Worktree{Path: t.place.Dir, Base: "HEAD"}
	if w := t.place.Worktree; w != nil {
		wt = *w
	}
	what = "git diff " + worktree.Short(wt.Base)
	if t.place.Host != "" {
		h, err := t.env.Remote(t.place.Host)
		dir := t.place.Dir
		return what, func() (string, error) {
			if err != nil {
				return "", err
			}
			ctx, cancel := context.WithTimeout(context.Background(), RemoteTimeout)
			defer cancel()
			out, err := h.Run(ctx, dir, "git", "-c", "core.quotePath=false", "diff", "--no-color", "--no-ext-diff", "HEAD", "--")
			return string(out), err
		}
	}
	return what, func() (string, error) { return worktree.Diff(context.Background(), wt) }
}

// showDiff is /diff: the session's changes in its transcript.
func (t *Tab) showDiff() tea.Cmd {
	what, read := t.DiffReader()
	id := t.conversation.AddShell(what)
	return func() tea.Msg {
		out, err := read()
		return diffShown{id: id, out: out, err: err}
	}
}

// diffShown delivers a session's diff.
type diffShown struct {
	id  transcript.ID
	out string
	err error
}

func (msg diffShown) handle(t *Tab) tea.Cmd {
	r := transcript.ShellResult{Stdout: msg.out}
	switch {
	case msg.err != nil:
		r.Stderr, r.ExitCode = msg.err.Error(), 1
	case msg.out == "":
		r.Stdout = "no changes"
	}
	t.conversation.FinishShell(msg.id, r)
	return nil
}
