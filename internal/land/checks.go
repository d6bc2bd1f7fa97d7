package land

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/gclaude/gclaude/internal/gitrun"
	"github.com/gclaude/gclaude/internal/worktree"
)

// checkWorktree refuses a folder that is not a git checkout, and a worktree that is
// not on its own branch (a detached HEAD, another branch) or holds unresolved
// conflicts. It returns the worktree's HEAD commit.
func checkWorktree(ctx context.Context, r gitrun.Runner, wt worktree.Worktree) (string, error) {
	if wt.Path == "" || wt.Branch == "" {
		return "", &Refusal{Reason: "this session does not work in a worktree of its own: there is no branch to land (commit its changes with git)"}
	}
	if out, err := gitrun.Git(ctx, r, wt.Path, "rev-parse", "--is-inside-work-tree"); err != nil || strings.TrimSpace(out) != "true" {
		return "", &Refusal{Reason: fmt.Sprintf("%s is not a git folder (any more): there is nothing to land", wt.Path)}
	}
	head, err := gitrun.Git(ctx, r, wt.Path, "rev-parse", "--verify", "HEAD^{commit}")
	if err != nil {
		return "", err
	}
	head = strings.TrimSpace(head)
	branch, err := gitrun.Git(ctx, r, wt.Path, "symbolic-ref", "--quiet", "--short", "HEAD")
	switch branch = strings.TrimSpace(branch); {
	case err != nil && gitrun.Code(err) == 1:
		return "", &Refusal{
			Reason: fmt.Sprintf("the worktree is on a detached HEAD (%s), not on its branch %s", short(head), wt.Branch),
			Run:    []string{gitrun.ShellLine("git", "-C", wt.Path, "switch", wt.Branch)},
		}
	case err != nil:
		return "", err
	case branch != wt.Branch:
		return "", &Refusal{
			Reason: fmt.Sprintf("the worktree has %s checked out, not its branch %s", branch, wt.Branch),
			Run:    []string{gitrun.ShellLine("git", "-C", wt.Path, "switch", wt.Branch)},
		}
	}
	st, err := status(ctx, r, wt.Path)
	if err != nil {
		return "", err
	}
	if c := st.conflicted(); len(c) > 0 {
		return "", &Refusal{Reason: "the worktree has unresolved conflicts", Files: c}
	}
	return head, nil
}

// baseBranch is the branch the worktree was made from: the one Create recorded, or
// else the main checkout's branch if it holds the worktree's base commit.
func baseBranch(ctx context.Context, r gitrun.Runner, wt worktree.Worktree) (string, error) {
	out, err := gitrun.Git(ctx, r, wt.Repo, "config", "--get", worktree.BaseBranchKey(wt.Branch))
	if b := strings.TrimSpace(out); err == nil && b != "" {
		return b, nil
	}
	cur, err := gitrun.Git(ctx, r, wt.Repo, "symbolic-ref", "--quiet", "--short", "HEAD")
	if cur = strings.TrimSpace(cur); err == nil && cur != "" && wt.Base != "" {
		if _, err := gitrun.Git(ctx, r, wt.Repo, "merge-base", "--is-ancestor", wt.Base, "refs/heads/"+cur); err == nil {
			return cur, nil
		}
	}
	return "", &Refusal{
		Reason: fmt.Sprintf("gclaude cannot tell which branch %s was made from", wt.Branch),
		Run:    []string{gitrun.ShellLine("git", "-C", wt.Repo, "config", worktree.BaseBranchKey(wt.Branch), "BRANCH")},
	}
}

// checkMainCheckout refuses when the base branch is gone or is not what the main
// checkout has checked out (a detached HEAD, another branch, the branch checked out in
// another worktree). It returns the base branch's commit.
func checkMainCheckout(ctx context.Context, r gitrun.Runner, wt worktree.Worktree, base string) (string, error) {
	tip, err := gitrun.Git(ctx, r, wt.Repo, "rev-parse", "--verify", "--quiet", "refs/heads/"+base+"^{commit}")
	if err != nil {
		return "", &Refusal{Reason: fmt.Sprintf("the branch %s that %s was made from no longer exists", base, wt.Branch)}
	}
	switchTo := []string{gitrun.ShellLine("git", "-C", wt.Repo, "switch", base)}
	cur, err := gitrun.Git(ctx, r, wt.Repo, "symbolic-ref", "--quiet", "--short", "HEAD")
	switch cur = strings.TrimSpace(cur); {
	case err != nil && gitrun.Code(err) == 1:
		return "", &Refusal{Reason: fmt.Sprintf("the main checkout %s is on a detached HEAD, not on %s", wt.Repo, base), Run: switchTo}
	case err != nil:
		return "", err
	case cur != base:
		if where := checkedOutIn(ctx, r, wt.Repo, base); where != "" {
			return "", &Refusal{Reason: fmt.Sprintf("%s is checked out in %s, not in the main checkout %s (which has %s): merge there, or switch the main checkout to %s", base, where, wt.Repo, cur, base)}
		}
		return "", &Refusal{Reason: fmt.Sprintf("the main checkout %s has %s checked out, not %s", wt.Repo, cur, base), Run: switchTo}
	}
	return strings.TrimSpace(tip), nil
}

// checkedOutIn is the folder of the worktree that has branch checked out, if any.
func checkedOutIn(ctx context.Context, r gitrun.Runner, repo, branch string) string {
	out, err := gitrun.Git(ctx, r, repo, "worktree", "list", "--porcelain", "-z")
	if err != nil {
		return ""
	}
	path := ""
	for _, field := range gitrun.SplitNUL(out) {
		switch {
		case strings.HasPrefix(field, "worktree "):
			path = strings.TrimPrefix(field, "worktree ")
		case field == "branch refs/heads/"+branch:
			return filepath.Clean(path)
		}
	}
	return ""
}

func short(hash string) string {
	if len(hash) > 7 {
		return hash[:7]
	}
	return hash
}
