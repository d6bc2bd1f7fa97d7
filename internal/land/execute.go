package land

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/gclaude/gclaude/internal/gitrun"
)

// Landed is what Land did.
type Landed struct {
	How       How
	Committed string // the commit made of the uncommitted work ("" when there was none)
	Tip       string // the base branch's commit now
}

// Land carries out p: it plans again and stops (ErrStale) if anything changed since p
// was shown, commits the worktree's uncommitted work with message, and merges the
// branch into the base branch in the main checkout. If the merge fails, the main
// checkout is left as it was (an interrupted merge is aborted) and the commit is taken
// back: nothing is half done.
func Land(ctx context.Context, r gitrun.Runner, p Plan, message string) (Landed, error) {
	now, err := PlanMerge(ctx, r, p.Worktree, nil)
	if err != nil {
		return Landed{}, err
	}
	if now.BaseTip != p.BaseTip || now.Head != p.Head || now.How != p.How || !slices.Equal(now.Uncommitted, p.Uncommitted) {
		return Landed{}, ErrStale
	}
	wt := p.Worktree
	c := committed{}
	if len(p.Uncommitted) > 0 {
		if c, err = commitAll(ctx, r, wt.Path, p.Head, message); err != nil {
			return Landed{}, err
		}
	}
	tip, err := gitrun.Git(ctx, r, wt.Path, "rev-parse", "HEAD")
	if err != nil {
		return Landed{}, c.undo(ctx, r, err)
	}
	tip = strings.TrimSpace(tip)
	// A hook may have changed what was committed: the merge must still be clean.
	if p.How == MergeCommit {
		if _, err := gitrun.Git(ctx, r, wt.Repo, "merge-tree", "--write-tree", "--no-messages", p.BaseTip, tip); err != nil {
			return Landed{}, c.undo(ctx, r, fmt.Errorf("the commit conflicts with %s after all, nothing was landed: %w", p.BaseBranch, err))
		}
	}
	args := []string{"merge", "--quiet", "--ff-only", tip}
	if p.How == MergeCommit {
		args = []string{"merge", "--quiet", "--no-ff", "--no-edit", "-m", "Merge branch '" + wt.Branch + "' into " + p.BaseBranch, tip}
	}
	if _, err := gitrun.Git(ctx, r, wt.Repo, args...); err != nil {
		err = fmt.Errorf("git merge in the main checkout failed, nothing was landed: %w", err)
		return Landed{}, c.undo(ctx, r, restoreMain(ctx, r, wt.Repo, p.BaseTip, err))
	}
	out := Landed{How: p.How}
	if c.made {
		out.Committed = tip
	}
	head, err := gitrun.Git(ctx, r, wt.Repo, "rev-parse", "HEAD")
	out.Tip = strings.TrimSpace(head)
	return out, err
}

// restoreMain aborts a merge git left half done in the main checkout, and checks that
// its branch is back where it was.
func restoreMain(ctx context.Context, r gitrun.Runner, repo, tip string, err error) error {
	ctx = context.WithoutCancel(ctx)
	if _, merr := gitrun.Git(ctx, r, repo, "rev-parse", "--verify", "--quiet", "MERGE_HEAD"); merr == nil {
		if _, aerr := gitrun.Git(ctx, r, repo, "merge", "--abort"); aerr != nil {
			return fmt.Errorf("%w; and git merge --abort failed too: %v", err, aerr)
		}
	}
	head, herr := gitrun.Git(ctx, r, repo, "rev-parse", "HEAD")
	if herr != nil || strings.TrimSpace(head) != tip {
		return fmt.Errorf("%w; and the main checkout's branch is not back at %s: look at it with git status", err, short(tip))
	}
	return err
}
