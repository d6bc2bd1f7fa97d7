package worktree

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCreateMakesWorktreeLikeClaudeCode(t *testing.T) {
	root := newRepo(t)
	wt := create(t, root, "feature")
	want := Worktree{
		Repo:   root,
		Path:   filepath.Join(root, ".claude", "worktrees", "feature"),
		Branch: "worktree-feature",
		Base:   run(t, root, "rev-parse", "HEAD"),
	}
	if wt != want {
		t.Fatalf("Create = %+v, want %+v", wt, want)
	}
	if got := run(t, wt.Path, "rev-parse", "--abbrev-ref", "HEAD"); got != "worktree-feature" {
		t.Fatalf("worktree is on %q", got)
	}
	if !exists(filepath.Join(wt.Path, "src", "main.go")) {
		t.Fatal("the worktree has no checkout")
	}
	if st := run(t, root, "status", "--porcelain", "--untracked-files=all"); st != "" {
		t.Fatalf("main checkout is not clean after Create:\n%s", st)
	}
}

func TestCreateExcludesWorktreesFolderOnce(t *testing.T) {
	root := newRepo(t)
	create(t, root, "a")
	create(t, root, "b")
	data, err := os.ReadFile(filepath.Join(root, ".git", "info", "exclude"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "/.claude/worktrees/\n"); n != 1 {
		t.Fatalf("info/exclude holds the worktrees folder %d times:\n%s", n, data)
	}
}

func TestCreateFromSubfolderUsesRepositoryRoot(t *testing.T) {
	root := newRepo(t)
	wt := create(t, filepath.Join(root, "src"), "sub")
	if wt.Repo != root || wt.Path != filepath.Join(root, ".claude", "worktrees", "sub") {
		t.Fatalf("Create from a subfolder = %+v", wt)
	}
}

func TestCreateFromLinkedWorktreeGoesUnderMainCheckout(t *testing.T) {
	root := newRepo(t)
	first := create(t, root, "first")
	write(t, first.Path, "more.txt", "more\n")
	commitAll(t, first.Path, "second")
	head := run(t, first.Path, "rev-parse", "HEAD")

	second := create(t, filepath.Join(first.Path, "src"), "second")
	if second.Repo != root || second.Path != filepath.Join(root, ".claude", "worktrees", "second") {
		t.Fatalf("Create from a linked worktree = %+v", second)
	}
	if second.Base != head || !exists(filepath.Join(second.Path, "more.txt")) {
		t.Fatalf("not branched from the linked worktree's HEAD %s: %+v", head, second)
	}
	if exists(filepath.Join(first.Path, ".claude")) {
		t.Fatal("a worktrees folder was made inside the linked worktree")
	}
	if st := run(t, root, "status", "--porcelain"); st != "" {
		t.Fatalf("main checkout is not clean:\n%s", st)
	}
}

func TestCreateErrorsUserCanActOn(t *testing.T) {
	root := newRepo(t)
	create(t, root, "taken")
	run(t, root, "branch", "worktree-branchtaken")
	write(t, root, ".claude/worktrees/foldertaken/x", "x")
	notGit := t.TempDir()
	empty := t.TempDir()
	run(t, empty, "init", "--quiet")

	tests := []struct {
		name, dir, wtName string
		want              error
	}{
		{"missing folder", filepath.Join(root, "nope"), "x", ErrNoDir},
		{"a file, not a folder", filepath.Join(root, "README.md"), "x", ErrNoDir},
		{"not a repository", notGit, "x", ErrNotGit},
		{"inside .git", filepath.Join(root, ".git"), "x", ErrNotGit},
		{"no commit yet", empty, "x", ErrNoCommit},
		{"worktree exists", root, "taken", ErrExists},
		{"branch exists", root, "branchtaken", ErrExists},
		{"folder exists", root, "foldertaken", ErrExists},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Create(context.Background(), tt.dir, tt.wtName)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Create(%s, %s) = %v, want %v", tt.dir, tt.wtName, err, tt.want)
			}
		})
	}
	if got := run(t, root, "branch", "--list", "worktree-x"); got != "" {
		t.Fatal("a failed Create left a branch")
	}
}

func TestCreateRejectsBadNames(t *testing.T) {
	root := newRepo(t)
	for _, name := range []string{"", "a/b", `a\b`, "..", "a..b", "-x", ".x", "a b", "a~1", "a^", "a:b", "a?", "a*", "a[", "x.lock", "@{-1}", "a@{u}", "tab\tname", "end."} {
		t.Run(name, func(t *testing.T) {
			_, err := Create(context.Background(), root, name)
			if !errors.Is(err, ErrBadName) {
				t.Fatalf("Create(%q) = %v, want ErrBadName", name, err)
			}
		})
	}
	if out := run(t, root, "worktree", "list", "--porcelain"); strings.Count(out, "worktree ") != 1 {
		t.Fatalf("a bad name made a worktree:\n%s", out)
	}
	create(t, root, "fine_name-2.0")
}

func TestCreateRefusesSymlinkedWorktreesFolder(t *testing.T) {
	root := newRepo(t)
	outside := t.TempDir()
	if err := os.Symlink(outside, filepath.Join(root, ".claude")); err != nil {
		t.Fatal(err)
	}
	if _, err := Create(context.Background(), root, "x"); err == nil {
		t.Fatal("Create went through a symbolic link out of the repository")
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Fatalf("something was written outside the repository: %v", entries)
	}
}

func TestCreateRefusesRegisteredWorktreeWhoseFolderIsGone(t *testing.T) {
	root := newRepo(t)
	path := filepath.Join(root, ".claude", "worktrees", "ghost")
	run(t, root, "worktree", "add", "--quiet", "--detach", path)
	if err := os.RemoveAll(path); err != nil {
		t.Fatal(err)
	}
	_, err := Create(context.Background(), root, "ghost")
	if !errors.Is(err, ErrExists) || !strings.Contains(err.Error(), "git worktree prune") {
		t.Fatalf("Create over a registered worktree = %v, want ErrExists saying how to forget it", err)
	}
}

// The branch a worktree was made from is remembered for landing, in the branch's own
// config section; a detached HEAD has none to remember.
func TestCreateRecordsTheBaseBranch(t *testing.T) {
	root := newRepo(t)
	run(t, root, "switch", "-q", "-c", "topic")
	wt := create(t, root, "feature")
	if got := run(t, root, "config", BaseBranchKey(wt.Branch)); got != "topic" {
		t.Fatalf("base branch recorded as %q, want topic", got)
	}
	run(t, root, "switch", "-q", "--detach")
	detached := create(t, root, "loose")
	if _, err := git(context.Background(), root, nil, "config", BaseBranchKey(detached.Branch)); exitCode(err) != 1 {
		t.Fatalf("a worktree made from a detached HEAD has a base branch recorded (err %v)", err)
	}
}
