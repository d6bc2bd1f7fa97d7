// Package worktree makes, checks and removes git worktrees the way Claude Code does
// (`<repository>/.claude/worktrees/NAME` on branch `worktree-NAME`), so that a session
// can work on its own branch without touching the main checkout's files.
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

// Worktree is one linked worktree.
type Worktree struct {
	Repo   string // the main checkout's root
	Path   string // the worktree's folder
	Branch string // its branch, without refs/heads/
	Base   string // the commit it was branched from (full hash)
}

// Short is a commit id as git abbreviates it.
func Short(commit string) string { return commit[:min(len(commit), 10)] }

// Folder is where worktrees live, relative to the main checkout's root.
const Folder = ".claude/worktrees"

// BranchPrefix starts every worktree branch's name.
const BranchPrefix = "worktree-"

// Create makes the worktree NAME of the repository that holds dir, branched from the
// commit dir has checked out. dir may be a subfolder, or a linked worktree itself: the
// new one still goes under the main checkout. The main checkout's `git status` stays
// clean: the worktrees folder is added to the repository's info/exclude. The branch dir
// has checked out is recorded as the new branch's base (BaseBranchKey).
func Create(ctx context.Context, dir, name string) (Worktree, error) {
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return Worktree{}, fmt.Errorf("%s: %w", dir, ErrNoDir)
	}
	repo, err := findRepo(ctx, dir)
	if err != nil {
		return Worktree{}, err
	}
	if err := checkName(ctx, dir, name); err != nil {
		return Worktree{}, err
	}
	base, err := git(ctx, dir, nil, "rev-parse", "--verify", "--quiet", "HEAD^{commit}")
	if err != nil {
		return Worktree{}, fmt.Errorf("%s: %w", dir, ErrNoCommit)
	}
	wt := Worktree{
		Repo:   repo.root,
		Path:   filepath.Join(repo.root, filepath.FromSlash(Folder), name),
		Branch: BranchPrefix + name,
		Base:   strings.TrimSpace(base),
	}
	if err := checkFree(ctx, wt); err != nil {
		return Worktree{}, err
	}
	if err := refuseSymlinkedFolder(repo.root); err != nil {
		return Worktree{}, err
	}
	if err := excludeFolder(repo.commonDir); err != nil {
		return Worktree{}, err
	}
	if _, err := git(ctx, repo.root, nil, "worktree", "add", "--quiet", "-b", wt.Branch, wt.Path, wt.Base); err != nil {
		return Worktree{}, err
	}
	if err := recordBaseBranch(ctx, dir, wt); err != nil {
		return Worktree{}, err
	}
	return wt, nil
}

// checkFree is ErrExists when the folder, the branch or a registered worktree of
// that name is already there.
func checkFree(ctx context.Context, wt Worktree) error {
	if _, err := os.Lstat(wt.Path); err == nil {
		return fmt.Errorf("worktree folder %s %w", wt.Path, ErrExists)
	}
	if _, err := git(ctx, wt.Repo, nil, "show-ref", "--verify", "--quiet", "refs/heads/"+wt.Branch); err == nil {
		return fmt.Errorf("branch %s %w", wt.Branch, ErrExists)
	}
	registered, err := listWorktrees(ctx, wt.Repo)
	if err != nil {
		return err
	}
	for _, p := range registered {
		if filepath.Clean(p) == wt.Path {
			return fmt.Errorf("worktree %s %w (registered, its folder is gone: `git worktree prune` forgets it)", wt.Path, ErrExists)
		}
	}
	return nil
}

// refuseSymlinkedFolder refuses to create worktrees when .claude or .claude/worktrees
// is a symbolic link: the worktree would land wherever it points, outside the repository.
func refuseSymlinkedFolder(root string) error {
	p := root
	for _, part := range strings.Split(Folder, "/") {
		p = filepath.Join(p, part)
		fi, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		if fi.Mode()&fs.ModeSymlink != 0 || !fi.IsDir() {
			return fmt.Errorf("%s is not a folder (a symbolic link or a file): worktrees are not created through it", p)
		}
	}
	return nil
}
