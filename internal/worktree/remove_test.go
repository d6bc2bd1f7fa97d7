package worktree

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// branchExists says whether the repository has the branch.
func branchExists(t *testing.T, wt Worktree) bool {
	t.Helper()
	return run(t, wt.Repo, "branch", "--list", wt.Branch) != ""
}

func TestRemoveCleanWorktree(t *testing.T) {
	root := includeRepo(t)
	wt := create(t, root, "clean")
	if _, err := CopyIncluded(wt); err != nil { // ignored copies are no loss
		t.Fatal(err)
	}
	loss, err := CheckRemoval(context.Background(), wt)
	if err != nil || !loss.Empty() {
		t.Fatalf("CheckRemoval of a clean worktree = %+v, %v", loss, err)
	}
	if err := Remove(context.Background(), wt, false); err != nil {
		t.Fatal(err)
	}
	if exists(wt.Path) || branchExists(t, wt) {
		t.Fatal("the worktree folder or branch is still there")
	}
	if out := run(t, root, "worktree", "list", "--porcelain"); strings.Count(out, "worktree ") != 1 {
		t.Fatalf("the worktree is still registered:\n%s", out)
	}
}

func TestRemoveRefusesUncommittedChanges(t *testing.T) {
	root := newRepo(t)
	wt := create(t, root, "dirty")
	write(t, wt.Path, "README.md", "changed\n")
	write(t, wt.Path, "new.txt", "new\n")

	loss, err := CheckRemoval(context.Background(), wt)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{" M README.md", "?? new.txt"}; !slices.Equal(loss.Uncommitted, want) || len(loss.Unmerged) != 0 {
		t.Fatalf("CheckRemoval = %+v, want Uncommitted %q", loss, want)
	}
	err = Remove(context.Background(), wt, false)
	var le *LossError
	if !errors.Is(err, ErrWouldLose) || !errors.As(err, &le) {
		t.Fatalf("Remove of a dirty worktree = %v, want a *LossError", err)
	}
	for _, want := range []string{"2 uncommitted changes", "README.md", "new.txt", "force"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("refusal %q does not say %q", err, want)
		}
	}
	if !exists(filepath.Join(wt.Path, "new.txt")) || !branchExists(t, wt) {
		t.Fatal("a refused Remove removed something")
	}
	if err := Remove(context.Background(), wt, true); err != nil {
		t.Fatal(err)
	}
	if exists(wt.Path) || branchExists(t, wt) {
		t.Fatal("a forced Remove left the folder or branch")
	}
}

func TestRemoveRefusesUnmergedCommitsUntilMerged(t *testing.T) {
	root := newRepo(t)
	wt := create(t, root, "work")
	write(t, wt.Path, "feature.go", "package main\n")
	commitAll(t, wt.Path, "add the feature")

	loss, err := CheckRemoval(context.Background(), wt)
	if err != nil {
		t.Fatal(err)
	}
	if len(loss.Unmerged) != 1 || !strings.HasSuffix(loss.Unmerged[0], " add the feature") || len(loss.Uncommitted) != 0 {
		t.Fatalf("CheckRemoval = %+v, want the one commit", loss)
	}
	if err := Remove(context.Background(), wt, false); !errors.Is(err, ErrWouldLose) || !strings.Contains(err.Error(), "1 commit on no other branch") {
		t.Fatalf("Remove with an unmerged commit = %v", err)
	}

	run(t, root, "merge", "--quiet", "--ff-only", wt.Branch)
	if loss, err := CheckRemoval(context.Background(), wt); err != nil || !loss.Empty() {
		t.Fatalf("after the merge CheckRemoval = %+v, %v", loss, err)
	}
	if err := Remove(context.Background(), wt, false); err != nil {
		t.Fatal(err)
	}
}

func TestCheckRemovalCountsCommitsOnlyThisBranchHas(t *testing.T) {
	root := newRepo(t)
	wt := create(t, root, "kept")
	write(t, wt.Path, "a.txt", "a\n")
	commitAll(t, wt.Path, "kept elsewhere")
	run(t, root, "branch", "backup", wt.Branch) // another branch holds it
	if loss, err := CheckRemoval(context.Background(), wt); err != nil || !loss.Empty() {
		t.Fatalf("a commit another branch has counts as lost: %+v, %v", loss, err)
	}
}

func TestRemoveWhenFolderAlreadyGone(t *testing.T) {
	root := newRepo(t)
	wt := create(t, root, "gone")
	if err := os.RemoveAll(wt.Path); err != nil {
		t.Fatal(err)
	}
	if err := Remove(context.Background(), wt, false); err != nil {
		t.Fatal(err)
	}
	if branchExists(t, wt) {
		t.Fatal("the branch is still there")
	}
	if out := run(t, root, "worktree", "list", "--porcelain"); strings.Count(out, "worktree ") != 1 {
		t.Fatalf("the worktree is still registered:\n%s", out)
	}
	if err := Remove(context.Background(), wt, false); err != nil {
		t.Fatalf("removing it again = %v", err)
	}
}

func TestLossString(t *testing.T) {
	many := []string{"?? 1", "?? 2", "?? 3", "?? 4", "?? 5", "?? 6", "?? 7"}
	tests := []struct {
		loss Loss
		want string
	}{
		{Loss{}, "nothing that would be lost"},
		{Loss{Uncommitted: []string{" M a.go"}}, "1 uncommitted change ( M a.go)"},
		{Loss{Unmerged: []string{"abc123 fix", "def456 more"}}, "2 commits on no other branch (abc123 fix; def456 more)"},
		{Loss{Uncommitted: many, Unmerged: []string{"abc123 fix"}},
			"7 uncommitted changes (?? 1; ?? 2; ?? 3; ?? 4; ?? 5; and 2 more) and 1 commit on no other branch (abc123 fix)"},
	}
	for _, tt := range tests {
		if got := tt.loss.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
}

func TestRemoveRefusesWhatCreateDidNotMake(t *testing.T) {
	root := newRepo(t)
	wt := create(t, root, "real")
	run(t, root, "branch", "precious")
	for _, bad := range []Worktree{
		{Repo: root, Path: wt.Path, Branch: "precious"},
		{Repo: root, Path: root, Branch: wt.Branch},
		{Repo: root, Path: filepath.Join(root, "src"), Branch: "worktree-src"},
		{Repo: "", Path: wt.Path, Branch: wt.Branch},
	} {
		if err := Remove(context.Background(), bad, true); err == nil {
			t.Errorf("Remove(%+v) went ahead", bad)
		}
	}
	if !exists(wt.Path) || !exists(filepath.Join(root, "src")) || run(t, root, "branch", "--list", "precious") == "" {
		t.Fatal("a refused Remove removed something")
	}
}
