package worktree

import (
	"context"
	"errors"
	"io/fs"
	"os"
)

// Remove removes the worktree's folder and deletes its branch. Unless force, it first
// checks what would be lost and refuses with a *LossError (errors.Is ErrWouldLose)
// naming it; git itself also refuses a worktree that changed in between. A folder or
// branch that is already gone is not an error.
func Remove(ctx context.Context, wt Worktree, force bool) error {
	if !force {
		loss, err := CheckRemoval(ctx, wt)
		if err != nil {
			return err
		}
		if !loss.Empty() {
			return &LossError{Worktree: wt, Loss: loss}
		}
	}
	if err := removeFolder(ctx, wt, force); err != nil {
		return err
	}
	ref := "refs/heads/" + wt.Branch
	if _, err := git(ctx, wt.Repo, nil, "show-ref", "--verify", "--quiet", ref); err != nil {
		return nil // no such branch (any more)
	}
	_, err := git(ctx, wt.Repo, nil, "branch", "-D", "--quiet", wt.Branch)
	return err
}

// removeFolder has git remove the worktree (folder and registration). When the folder
// is already gone, only the registration is left: git forgets it by pruning.
func removeFolder(ctx context.Context, wt Worktree, force bool) error {
	if _, err := os.Lstat(wt.Path); errors.Is(err, fs.ErrNotExist) {
		_, err := git(ctx, wt.Repo, nil, "worktree", "prune")
		return err
	}
	args := []string{"worktree", "remove"}
	if force {
		args = append(args, "--force")
	}
	_, err := git(ctx, wt.Repo, nil, append(args, wt.Path)...)
	return err
}
