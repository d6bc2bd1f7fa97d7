package worktree

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
)

// Loss is what removing a worktree and its branch would lose.
type Loss struct {
	Uncommitted []string // `git status --porcelain` lines: changed and untracked files
	Unmerged    []string // `git log --oneline` lines: commits of the branch on no other branch
}

// Empty is true when nothing would be lost.
func (l Loss) Empty() bool { return len(l.Uncommitted) == 0 && len(l.Unmerged) == 0 }

// lossListed is how many entries of each kind String names before "and N more".
const lossListed = 5

// String says in words what would be lost, for a refusal or a confirmation.
func (l Loss) String() string {
	if l.Empty() {
		return "nothing that would be lost"
	}
	var parts []string
	if n := len(l.Uncommitted); n > 0 {
		parts = append(parts, fmt.Sprintf("%d uncommitted %s (%s)", n, plural(n, "change", "changes"), listSome(l.Uncommitted)))
	}
	if n := len(l.Unmerged); n > 0 {
		parts = append(parts, fmt.Sprintf("%d %s on no other branch (%s)", n, plural(n, "commit", "commits"), listSome(l.Unmerged)))
	}
	return strings.Join(parts, " and ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// listSome joins the first few entries and counts the rest.
func listSome(entries []string) string {
	shown := entries
	if len(shown) > lossListed {
		shown = shown[:lossListed]
	}
	s := strings.Join(shown, "; ")
	if rest := len(entries) - len(shown); rest > 0 {
		s += fmt.Sprintf("; and %d more", rest)
	}
	return s
}

// CheckRemoval says what removing wt and its branch would lose: the worktree's
// uncommitted changes and untracked files (ignored ones, like copied .env files, do not
// count), and the branch's commits that no other branch, remote-tracking branch or
// the main checkout's HEAD reaches. A folder or branch already gone loses nothing.
func CheckRemoval(ctx context.Context, wt Worktree) (Loss, error) {
	var loss Loss
	if _, err := os.Stat(wt.Path); err == nil {
		out, err := git(ctx, wt.Path, nil, "-c", "core.quotePath=false", "status", "--porcelain", "--untracked-files=all")
		if err != nil {
			return Loss{}, err
		}
		loss.Uncommitted = splitLines(out)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return Loss{}, err
	}
	ref := "refs/heads/" + wt.Branch
	if _, err := git(ctx, wt.Repo, nil, "show-ref", "--verify", "--quiet", ref); err != nil {
		return loss, nil
	}
	out, err := git(ctx, wt.Repo, nil, "log", "--format=%h %s", "--no-show-signature", ref,
		"--not", "--exclude="+wt.Branch, "--branches", // --branches patterns go without refs/heads/
		"--remotes", "HEAD")
	if err != nil {
		return Loss{}, err
	}
	loss.Unmerged = splitLines(out)
	return loss, nil
}
