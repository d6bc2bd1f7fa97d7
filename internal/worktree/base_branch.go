package worktree

import (
	"context"
	"strings"
)

// BaseBranchKey is the git config key that remembers which branch a worktree's branch
// was made from (`branch.worktree-NAME.gclaude-base`), the branch landing merges into.
// It lives in the branch's own config section, so deleting the branch forgets it.
func BaseBranchKey(branch string) string { return "branch." + branch + ".gclaude-base" }

// recordBaseBranch notes the branch dir has checked out as wt's base. A detached HEAD
// has none: landing then asks which branch to merge into.
func recordBaseBranch(ctx context.Context, dir string, wt Worktree) error {
	out, err := git(ctx, dir, nil, "symbolic-ref", "--quiet", "--short", "HEAD")
	base := strings.TrimSpace(out)
	if err != nil || base == "" {
		return nil
	}
	_, err = git(ctx, wt.Repo, nil, "config", BaseBranchKey(wt.Branch), base)
	return err
}
