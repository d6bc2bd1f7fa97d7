package land

import (
	"context"
	"fmt"
	"strings"

	"github.com/gclaude/gclaude/internal/gitrun"
)

// committed is a commit landing made in the worktree, and how to take it back.
type committed struct {
	dir     string
	oldHead string
	index   string // the worktree's index before, as a tree
	made    bool
}

// commitAll commits everything uncommitted in dir with message, running the repository's
// hooks. On failure the index is put back as it was (the files were never touched).
func commitAll(ctx context.Context, r gitrun.Runner, dir, head, message string) (committed, error) {
	c := committed{dir: dir, oldHead: head}
	if strings.TrimSpace(message) == "" {
		return c, &Refusal{Reason: "the commit message is empty"}
	}
	tree, err := gitrun.Git(ctx, r, dir, "write-tree")
	if err != nil {
		return c, err
	}
	c.index = strings.TrimSpace(tree)
	if _, err := gitrun.Git(ctx, r, dir, "add", "-A"); err != nil {
		c.restoreIndex(ctx, r)
		return c, err
	}
	if _, err := gitrun.GitIn(ctx, r, dir, []byte(message), "commit", "--quiet", "--cleanup=strip", "-F", "-"); err != nil {
		c.restoreIndex(ctx, r)
		return c, fmt.Errorf("committing in the worktree failed, nothing was landed: %w", err)
	}
	c.made = true
	return c, nil
}

// undo takes the commit back: the branch to where it was, the index as it was, the
// files untouched. A failure to undo is added to err, never hidden.
func (c committed) undo(ctx context.Context, r gitrun.Runner, err error) error {
	if !c.made {
		return err
	}
	ctx = context.WithoutCancel(ctx)
	if _, uerr := gitrun.Git(ctx, r, c.dir, "reset", "--quiet", "--soft", c.oldHead); uerr != nil {
		return fmt.Errorf("%w; and taking back the worktree's commit failed too: %v", err, uerr)
	}
	if uerr := c.restoreIndex(ctx, r); uerr != nil {
		return fmt.Errorf("%w; and restoring the worktree's index failed too: %v", err, uerr)
	}
	return err
}

func (c committed) restoreIndex(ctx context.Context, r gitrun.Runner) error {
	_, err := gitrun.Git(context.WithoutCancel(ctx), r, c.dir, "read-tree", c.index)
	return err
}
