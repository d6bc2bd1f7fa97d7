package worktree

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Remove removes the worktree's folder and deletes its branch. Unless force, it first
// checks what would be lost and refuses with a *LossError (errors.Is ErrWouldLose)
// naming it; git itself also refuses a worktree that changed in between. A folder or
// branch that is already gone is not an error.
func Remove(ctx context.Context, wt Worktree, force bool) error {
	if err := checkOurs(wt); err != nil {
		return err
	}
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

// checkOurs refuses to remove anything but a worktree of the shape Create makes: a
// damaged or hand-edited workspace file must not get the main checkout's branch
// deleted, nor a folder outside the worktrees folder removed.
func checkOurs(wt Worktree) error {
	name, ok := strings.CutPrefix(wt.Branch, BranchPrefix)
	want := filepath.Join(wt.Repo, filepath.FromSlash(Folder), name)
	if !ok || name == "" || wt.Repo == "" || filepath.Clean(wt.Path) != want {
		return fmt.Errorf("%+v is not a worktree made here (%s/NAME on branch %sNAME): not removed", wt, Folder, BranchPrefix)
	}
	return nil
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
