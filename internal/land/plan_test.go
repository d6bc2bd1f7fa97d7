package land

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/internal/worktree"
)

// A worktree whose base branch has not moved fast-forwards it: the uncommitted work is
// committed with the message, the branch's commits come along, the main checkout has
// it all, and a file the user changed there that the merge does not touch is kept.
func TestLandFastForward(t *testing.T) {
	wt := session(t)
	write(t, wt.Path, "a.txt", "a1\nA2\na3\n")
	git(t, wt.Path, "commit", "-qam", "session commit")
	write(t, wt.Path, "c.txt", "new\n")
	write(t, wt.Repo, "b.txt", "user's own edit\n")

	p, err := PlanMerge(context.Background(), local, wt, []string{"add c.txt please", "/cost", "and fix a2"})
	if err != nil {
		t.Fatal(err)
	}
	if p.How != FastForward || p.BaseBranch != "main" || p.MovedOn != 0 {
		t.Fatalf("plan %+v", p)
	}
	if !reflect.DeepEqual(p.Uncommitted, []string{"c.txt"}) || len(p.Commits) != 1 || !strings.HasSuffix(p.Commits[0], " session commit") {
		t.Fatalf("plan %+v", p)
	}
	if !reflect.DeepEqual(p.Files, []string{"a.txt", "c.txt"}) {
		t.Fatalf("files %v", p.Files)
	}
	if p.Message != "Add c.txt please\n\nPrompts:\n- add c.txt please\n- and fix a2\n" {
		t.Fatalf("draft %q", p.Message)
	}
	got, err := Land(context.Background(), local, p, "Add c.txt\n")
	if err != nil {
		t.Fatal(err)
	}
	if got.How != FastForward || got.Committed == "" || got.Tip != got.Committed {
		t.Fatalf("landed %+v", got)
	}
	if git(t, wt.Repo, "rev-parse", "main") != git(t, wt.Path, "rev-parse", "HEAD") {
		t.Fatal("main is not at the worktree's commit")
	}
	if read(t, wt.Repo, "c.txt") != "new\n" || read(t, wt.Repo, "a.txt") != "a1\nA2\na3\n" || read(t, wt.Repo, "b.txt") != "user's own edit\n" {
		t.Fatal("the main checkout does not hold the landed work and the user's edit")
	}
	if s := git(t, wt.Path, "status", "--porcelain"); s != "" {
		t.Fatalf("the worktree is not clean: %s", s)
	}
	if msg := git(t, wt.Path, "log", "-1", "--format=%B"); msg != "Add c.txt" {
		t.Fatalf("commit message %q", msg)
	}
	if _, err := PlanMerge(context.Background(), local, wt, nil); err == nil || !strings.Contains(err.Error(), "nothing to land") {
		t.Fatalf("landing twice: %v", err)
	}
}

// When the base branch moved on, a merge commit joins the two.
func TestLandMergeCommit(t *testing.T) {
	wt := session(t)
	write(t, wt.Repo, "b.txt", "b1 on main\n")
	git(t, wt.Repo, "commit", "-qam", "main moves on")
	write(t, wt.Path, "a.txt", "a1\nA2\na3\n")

	p, err := PlanMerge(context.Background(), local, wt, []string{"fix a2"})
	if err != nil {
		t.Fatal(err)
	}
	if p.How != MergeCommit || p.MovedOn != 1 || !reflect.DeepEqual(p.Files, []string{"a.txt"}) {
		t.Fatalf("plan %+v", p)
	}
	if _, err := Land(context.Background(), local, p, p.Message); err != nil {
		t.Fatal(err)
	}
	parents := strings.Fields(git(t, wt.Repo, "log", "-1", "--format=%P", "main"))
	if len(parents) != 2 || parents[1] != git(t, wt.Path, "rev-parse", "HEAD") {
		t.Fatalf("main's tip has parents %v", parents)
	}
	if read(t, wt.Repo, "a.txt") != "a1\nA2\na3\n" || read(t, wt.Repo, "b.txt") != "b1 on main\n" {
		t.Fatal("the merge lost a side")
	}
	if s := git(t, wt.Repo, "log", "-1", "--format=%s", "main"); s != "Merge branch 'worktree-job' into main" {
		t.Fatalf("merge message %q", s)
	}
}

// Uncommitted changes in the main checkout to a file the merge would change stop it,
// named, and nothing is touched; once they are committed it lands.
func TestPlanRefusesDirtyMainCheckout(t *testing.T) {
	wt := session(t)
	write(t, wt.Path, "a.txt", "a1\nsession\na3\n")
	write(t, wt.Repo, "a.txt", "a1\na2\na3\nuser\n")
	write(t, wt.Path, "new.txt", "session\n")
	write(t, wt.Repo, "new.txt", "user's untracked\n")
	before := snapshot(t, wt)
	_, err := PlanMerge(context.Background(), local, wt, nil)
	r := refusal(t, err)
	if !reflect.DeepEqual(r.Files, []string{"a.txt", "new.txt"}) || !strings.Contains(r.Reason, "uncommitted changes") {
		t.Fatalf("refusal %+v", r)
	}
	if after := snapshot(t, wt); after != before {
		t.Fatalf("planning changed something:\n%s\n---\n%s", before, after)
	}
	if read(t, wt.Repo, "a.txt") != "a1\na2\na3\nuser\n" {
		t.Fatal("the user's change is gone")
	}
	if matches, _ := filepath.Glob(filepath.Join(wt.Repo, ".git", "worktrees", "job", "gclaude-land-*")); len(matches) > 0 {
		t.Fatalf("a temporary index is left: %v", matches)
	}
	// Staged changes in the main checkout stop a merge commit even in other files.
	git(t, wt.Repo, "checkout", "a.txt")
	os.Remove(filepath.Join(wt.Repo, "new.txt"))
	write(t, wt.Repo, "b.txt", "staged\n")
	git(t, wt.Repo, "add", "b.txt")
	git(t, wt.Repo, "stash", "-q")
	write(t, wt.Repo, "z.txt", "z\n")
	git(t, wt.Repo, "add", "z.txt")
	git(t, wt.Repo, "commit", "-qm", "main moves on")
	git(t, wt.Repo, "stash", "pop", "-q", "--index")
	_, err = PlanMerge(context.Background(), local, wt, nil)
	if r := refusal(t, err); !reflect.DeepEqual(r.Files, []string{"b.txt"}) || !strings.Contains(r.Reason, "staged") {
		t.Fatalf("refusal %+v", r)
	}
	git(t, wt.Repo, "commit", "-qm", "the user commits")
	p, err := PlanMerge(context.Background(), local, wt, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Land(context.Background(), local, p, "land\n"); err != nil {
		t.Fatal(err)
	}
	if read(t, wt.Repo, "a.txt") != "a1\nsession\na3\n" {
		t.Fatal("not landed")
	}
}

// Branches that conflict are refused before anything is touched, naming the files and
// offering the rebase; the main checkout is as it was.
func TestPlanRefusesConflict(t *testing.T) {
	wt := session(t)
	write(t, wt.Repo, "a.txt", "a1\nmain\na3\n")
	git(t, wt.Repo, "commit", "-qam", "main")
	write(t, wt.Path, "a.txt", "a1\nsession\na3\n")
	before := snapshot(t, wt)
	_, err := PlanMerge(context.Background(), local, wt, nil)
	r := refusal(t, err)
	if !reflect.DeepEqual(r.Files, []string{"a.txt"}) || !strings.Contains(r.Reason, "conflict") {
		t.Fatalf("refusal %+v", r)
	}
	if after := snapshot(t, wt); after != before {
		t.Fatalf("planning changed something:\n%s\n---\n%s", before, after)
	}
	want := "Rebase this worktree's branch worktree-job onto main (`git rebase main`), committing any uncommitted changes first, and resolve the conflicts in a.txt. Keep the intent of both sides, run the tests, and tell me when it is done."
	if got := r.Rebase; got != want {
		t.Fatalf("rebase prompt %q", got)
	}
}

// Each state of the checkouts that landing cannot work with is a refusal that says
// what is wrong, and what to run where there is a command for it.
func TestPlanRefusals(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, wt *worktree.Worktree)
		want  string
		run   string
	}{
		{"main on another branch", func(t *testing.T, wt *worktree.Worktree) {
			git(t, wt.Repo, "switch", "-q", "-c", "other")
		}, "has other checked out, not main", "switch main"},
		{"main detached", func(t *testing.T, wt *worktree.Worktree) {
			git(t, wt.Repo, "switch", "-q", "--detach")
		}, "detached HEAD, not on main", "switch main"},
		{"base checked out in another worktree", func(t *testing.T, wt *worktree.Worktree) {
			git(t, wt.Repo, "switch", "-q", "-c", "other")
			git(t, wt.Repo, "worktree", "add", "-q", filepath.Join(t.TempDir(), "elsewhere"), "main")
		}, "main is checked out in ", ""},
		{"base deleted", func(t *testing.T, wt *worktree.Worktree) {
			git(t, wt.Repo, "switch", "-q", "-c", "other")
			git(t, wt.Repo, "branch", "-q", "-D", "main")
		}, "the branch main that worktree-job was made from no longer exists", ""},
		{"worktree detached", func(t *testing.T, wt *worktree.Worktree) {
			git(t, wt.Path, "switch", "-q", "--detach")
		}, "the worktree is on a detached HEAD", "switch worktree-job"},
		{"worktree on another branch", func(t *testing.T, wt *worktree.Worktree) {
			git(t, wt.Path, "switch", "-q", "-c", "mine")
		}, "the worktree has mine checked out, not its branch worktree-job", "switch worktree-job"},
		{"not a worktree session", func(t *testing.T, wt *worktree.Worktree) {
			*wt = worktree.Worktree{Repo: wt.Repo}
		}, "does not work in a worktree of its own", ""},
		{"folder gone", func(t *testing.T, wt *worktree.Worktree) {
			wt.Path = t.TempDir()
		}, "is not a git folder", ""},
		{"base unknown", func(t *testing.T, wt *worktree.Worktree) {
			git(t, wt.Repo, "config", "--unset", worktree.BaseBranchKey(wt.Branch))
			git(t, wt.Repo, "switch", "-q", "--orphan", "unrelated")
		}, "cannot tell which branch worktree-job was made from", "config branch.worktree-job.gclaude-base BRANCH"},
		{"nothing to land", func(*testing.T, *worktree.Worktree) {}, "nothing to land", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wt := session(t)
			if tc.name != "nothing to land" {
				write(t, wt.Path, "a.txt", "changed\n")
			}
			tc.setup(t, &wt)
			_, err := PlanMerge(ctx, local, wt, nil)
			r := refusal(t, err)
			if !strings.Contains(r.Reason, tc.want) || (tc.run != "") != (len(r.Run) > 0) || (tc.run != "" && !strings.Contains(r.Run[0], tc.run)) {
				t.Fatalf("refusal %+v, want %q and a command with %q", r, tc.want, tc.run)
			}
		})
	}
}

// A base recorded by nobody (a worktree Claude Code made) is the main checkout's
// branch when it holds the worktree's base commit.
func TestBaseBranchFallsBackToTheMainCheckout(t *testing.T) {
	wt := session(t)
	git(t, wt.Repo, "config", "--unset", worktree.BaseBranchKey(wt.Branch))
	write(t, wt.Path, "a.txt", "changed\n")
	p, err := PlanMerge(context.Background(), local, wt, nil)
	if err != nil || p.BaseBranch != "main" {
		t.Fatalf("plan %+v, %v", p, err)
	}
}

// A plan shown before the repository changed is not carried out.
func TestLandRefusesAStalePlan(t *testing.T) {
	wt := session(t)
	write(t, wt.Path, "a.txt", "changed\n")
	p, err := PlanMerge(context.Background(), local, wt, nil)
	if err != nil {
		t.Fatal(err)
	}
	write(t, wt.Repo, "z.txt", "z\n")
	git(t, wt.Repo, "add", "z.txt")
	git(t, wt.Repo, "commit", "-qm", "main moves on")
	before := snapshot(t, wt)
	if _, err := Land(context.Background(), local, p, "m\n"); !errors.Is(err, ErrStale) {
		t.Fatalf("err = %v, want ErrStale", err)
	}
	if snapshot(t, wt) != before {
		t.Fatal("a stale plan changed something")
	}
}

// A merge that fails in the main checkout (here its pre-merge-commit hook) is aborted,
// and the worktree's commit is taken back: both checkouts are as they were.
func TestLandUndoesEverythingWhenTheMergeFails(t *testing.T) {
	wt := session(t)
	write(t, wt.Repo, "b.txt", "main\n")
	git(t, wt.Repo, "commit", "-qam", "main moves on")
	write(t, wt.Path, "a.txt", "a1\nsession\na3\n")
	write(t, wt.Path, "n.txt", "new\n")
	git(t, wt.Path, "add", "n.txt")
	write(t, wt.Path, "n.txt", "new, then changed\n")
	hook(t, wt, "pre-merge-commit", "echo 'merge hook says no' >&2; exit 1")
	p, err := PlanMerge(context.Background(), local, wt, nil)
	if err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, wt)
	_, err = Land(context.Background(), local, p, "m\n")
	if err == nil || !strings.Contains(err.Error(), "merge hook says no") {
		t.Fatalf("err = %v", err)
	}
	if after := snapshot(t, wt); after != before {
		t.Fatalf("a failed land left changes:\n%s\n---\n%s", before, after)
	}
}

// A commit its hook refuses lands nothing and leaves the index as it was.
func TestLandStopsWhenTheCommitFails(t *testing.T) {
	wt := session(t)
	write(t, wt.Path, "a.txt", "changed\n")
	write(t, wt.Path, "n.txt", "new\n")
	git(t, wt.Path, "add", "n.txt")
	hook(t, wt, "pre-commit", "echo 'lint failed' >&2; exit 1")
	p, err := PlanMerge(context.Background(), local, wt, nil)
	if err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, wt)
	if _, err := Land(context.Background(), local, p, "m\n"); err == nil || !strings.Contains(err.Error(), "lint failed") {
		t.Fatalf("err = %v", err)
	}
	if snapshot(t, wt) != before {
		t.Fatal("a failed commit left changes")
	}
	if _, err := Land(context.Background(), local, p, "  \n"); err == nil || !strings.Contains(err.Error(), "message is empty") {
		t.Fatalf("empty message: %v", err)
	}
}

// hook installs a hook script in the repository every worktree shares.
func hook(t *testing.T, wt worktree.Worktree, name, body string) {
	t.Helper()
	p := filepath.Join(wt.Repo, ".git", "hooks", name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
}
