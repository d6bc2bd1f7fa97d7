package land

import (
	"context"
	"crypto/rand"
	"fmt"
	"strconv"
	"strings"

	"github.com/gclaude/gclaude/internal/gitrun"
	"github.com/gclaude/gclaude/internal/worktree"
)

// Plan is what landing a worktree will do, to show before doing it.
type Plan struct {
	Worktree   worktree.Worktree
	BaseBranch string // the branch it merges into, checked out in the main checkout
	BaseTip    string // that branch's commit when planned
	Head       string // the worktree's commit when planned
	How        How
	// Uncommitted are the worktree's changed and new files, committed first with
	// Message (a draft the user may edit); none when everything is committed.
	Uncommitted []string
	Message     string
	Commits     []string // "abc1234 subject": the branch's commits the base lacks
	MovedOn     int      // commits the base branch gained since the worktree's branch left it
	Files       []string // the files the merge changes in the main checkout
}

// PlanMerge works out how the worktree's branch would land on the branch it was made
// from, touching nothing: the commit of what is uncommitted is made in a temporary
// index, and the merge with `git merge-tree --write-tree`. It refuses (a *Refusal) when
// the main checkout has uncommitted changes the merge would touch, is on another branch
// or a detached HEAD, when the base branch is gone, when the branches conflict, or when
// there is nothing to land. prompts are the session's prompts, for the draft message.
func PlanMerge(ctx context.Context, r gitrun.Runner, wt worktree.Worktree, prompts []string) (Plan, error) {
	p := Plan{Worktree: wt}
	var err error
	if p.Head, err = checkWorktree(ctx, r, wt); err != nil {
		return Plan{}, err
	}
	if p.BaseBranch, err = baseBranch(ctx, r, wt); err != nil {
		return Plan{}, err
	}
	if p.BaseTip, err = checkMainCheckout(ctx, r, wt, p.BaseBranch); err != nil {
		return Plan{}, err
	}
	st, err := status(ctx, r, wt.Path)
	if err != nil {
		return Plan{}, err
	}
	p.Uncommitted = st.names()
	tip := p.Head
	if len(p.Uncommitted) > 0 {
		p.Message = DraftMessage(prompts)
		if tip, err = probeCommit(ctx, r, wt.Path, p.Head); err != nil {
			return Plan{}, err
		}
	}
	if p.Commits, err = commitsOnly(ctx, r, wt.Path, p.Head, p.BaseTip); err != nil {
		return Plan{}, err
	}
	if len(p.Uncommitted) == 0 && len(p.Commits) == 0 {
		return Plan{}, &Refusal{Reason: fmt.Sprintf("nothing to land: %s has nothing %s does not have", wt.Branch, p.BaseBranch)}
	}
	if p.MovedOn, err = countCommits(ctx, r, wt.Repo, p.Head+".."+p.BaseTip); err != nil {
		return Plan{}, err
	}
	merged, err := mergedTree(ctx, r, &p, tip)
	if err != nil {
		return Plan{}, err
	}
	if p.Files, err = changedFiles(ctx, r, wt.Repo, p.BaseTip, merged); err != nil {
		return Plan{}, err
	}
	return p, checkMainDirty(ctx, r, &p)
}

// mergedTree is the tree the merge would leave, and sets how it merges; a conflict is
// a refusal naming the files.
func mergedTree(ctx context.Context, r gitrun.Runner, p *Plan, tip string) (string, error) {
	if _, err := gitrun.Git(ctx, r, p.Worktree.Repo, "merge-base", "--is-ancestor", p.BaseTip, tip); err == nil {
		p.How = FastForward
		out, err := gitrun.Git(ctx, r, p.Worktree.Repo, "rev-parse", tip+"^{tree}")
		return strings.TrimSpace(out), err
	} else if gitrun.Code(err) != 1 {
		return "", err
	}
	p.How = MergeCommit
	out, err := gitrun.Git(ctx, r, p.Worktree.Repo, "merge-tree", "--write-tree", "--name-only", "--no-messages", p.BaseTip, tip)
	fields := lines(out)
	switch {
	case err == nil && len(fields) > 0:
		return fields[0], nil
	case gitrun.Code(err) == 1 && len(fields) > 0:
		return "", &Refusal{
			Reason: fmt.Sprintf("%s and %s conflict; nothing was changed (the session can rebase onto %s)", p.Worktree.Branch, p.BaseBranch, p.BaseBranch),
			Files:  fields[1:],
			Rebase: RebasePrompt(p.Worktree.Branch, p.BaseBranch, fields[1:]),
		}
	case err == nil:
		return "", fmt.Errorf("git merge-tree wrote no tree")
	}
	return "", err
}

// checkMainDirty refuses when the main checkout's uncommitted changes (untracked files
// included) are in files the merge changes, and, for a merge commit, when anything is
// staged there (git merge would refuse it).
func checkMainDirty(ctx context.Context, r gitrun.Runner, p *Plan) error {
	st, err := status(ctx, r, p.Worktree.Repo)
	if err != nil {
		return err
	}
	if hit := st.touching(p.Files); len(hit) > 0 {
		return &Refusal{
			Reason: fmt.Sprintf("the main checkout %s has uncommitted changes to files the merge would change (commit or stash them, then land again)", p.Worktree.Repo),
			Files:  hit,
		}
	}
	if staged := st.staged(); p.How == MergeCommit && len(staged) > 0 {
		return &Refusal{
			Reason: fmt.Sprintf("the main checkout %s has staged changes, and a merge commit would take them in (commit or unstage them, then land again)", p.Worktree.Repo),
			Files:  staged,
		}
	}
	return nil
}

// probeCommit is a commit of everything uncommitted in dir on top of head, made with
// a temporary index: the real index, the files and the branch are not touched. It only
// feeds merge-tree; nothing refers to it.
func probeCommit(ctx context.Context, r gitrun.Runner, dir, head string) (string, error) {
	paths, err := gitrun.Git(ctx, r, dir, "rev-parse", "--path-format=absolute", "--git-path", "index", "--git-path", "gclaude-land-"+rand.Text()+".index")
	if err != nil {
		return "", err
	}
	p := lines(paths)
	if len(p) != 2 {
		return "", fmt.Errorf("git rev-parse --git-path gave %q", paths)
	}
	index, idx := p[0], p[1]
	env := []string{"GIT_INDEX_FILE=" + idx}
	defer func() {
		_, _ = r.Run(context.WithoutCancel(ctx), gitrun.Command{Dir: dir, Args: []string{"rm", "-f", "--", idx}})
	}()
	// A copy of the real index keeps what is staged and the files' stamps, so that
	// add -A only reads the files that changed. (git replaces the index by renaming a
	// new one over it: the copy is never half written.)
	if _, err := r.Run(ctx, gitrun.Command{Dir: dir, Args: []string{"cp", "--", index, idx}}); err != nil {
		return "", err
	}
	if _, err := r.Run(ctx, gitrun.Command{Dir: dir, Env: env, Args: []string{"git", "add", "-A"}}); err != nil {
		return "", err
	}
	tree, err := r.Run(ctx, gitrun.Command{Dir: dir, Env: env, Args: []string{"git", "write-tree"}})
	if err != nil {
		return "", err
	}
	who := []string{"GIT_AUTHOR_NAME=gclaude", "GIT_AUTHOR_EMAIL=gclaude@localhost", "GIT_COMMITTER_NAME=gclaude", "GIT_COMMITTER_EMAIL=gclaude@localhost"}
	out, err := r.Run(ctx, gitrun.Command{Dir: dir, Env: who, Stdin: []byte("land plan\n"),
		Args: []string{"git", "-c", "commit.gpgSign=false", "commit-tree", strings.TrimSpace(string(tree)), "-p", head}})
	return strings.TrimSpace(string(out)), err
}

// commitsOnly lists head's commits that base lacks, newest first.
func commitsOnly(ctx context.Context, r gitrun.Runner, dir, head, base string) ([]string, error) {
	out, err := gitrun.Git(ctx, r, dir, "log", "--no-show-signature", "--format=%h %s", head, "--not", base)
	return lines(out), err
}

func countCommits(ctx context.Context, r gitrun.Runner, dir, rng string) (int, error) {
	out, err := gitrun.Git(ctx, r, dir, "rev-list", "--count", rng)
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(strings.TrimSpace(out))
}

// changedFiles are the paths that differ between two trees.
func changedFiles(ctx context.Context, r gitrun.Runner, dir, from, to string) ([]string, error) {
	out, err := gitrun.Git(ctx, r, dir, "-c", "core.quotePath=false", "diff", "--name-only", "-z", "--no-renames", from, to, "--")
	return gitrun.SplitNUL(out), err
}
