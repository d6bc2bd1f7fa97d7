package land

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/internal/worktree"
)

// fakeGH puts a gh on PATH that records its arguments and stdin in log and answers as
// script says (a shell case on "$1 $2").
func fakeGH(t *testing.T, script string) (log string) {
	t.Helper()
	bin := t.TempDir()
	log = filepath.Join(bin, "gh.log")
	body := "#!/bin/sh\nprintf '%s\\n' \"$*\" >> " + log + "\ncase \"$1 $2\" in\n" + script + "\nesac\n"
	if err := os.WriteFile(filepath.Join(bin, "gh"), []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	if hostBin != "" { // over ssh: the host's gh is this one
		onHost := filepath.Join(hostBin, "gh")
		if err := os.WriteFile(onHost, []byte("#!/bin/sh\nexec '"+filepath.Join(bin, "gh")+"' \"$@\"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Remove(onHost) })
	}
	return log
}

// signedIn is a gh that is installed, signed in, and opens pull requests.
const signedIn = `"--version "*) echo "gh version 2.0.0";;
"auth status") exit 0;;
"pr create") cat >> "$(dirname "$0")/body.log"; echo "Creating pull request"; echo "https://example.com/o/r/pull/7";;`

// origin gives the session's repository a bare repository as origin.
func origin(t *testing.T, wt worktree.Worktree) string {
	t.Helper()
	bare := filepath.Join(t.TempDir(), "origin.git")
	git(t, wt.Repo, "init", "-q", "--bare", bare)
	git(t, wt.Repo, "remote", "add", "origin", bare)
	return bare
}

// /land --pr commits what is uncommitted, pushes the branch to origin and opens the
// pull request with the title and body given, into the base branch; the PR's address
// comes from gh's output.
func TestOpenPR(t *testing.T) {
	wt := session(t)
	bare := origin(t, wt)
	log := fakeGH(t, signedIn)
	write(t, wt.Path, "a.txt", "changed\n")
	p, err := PlanPR(context.Background(), local, wt, []string{"change a"})
	if err != nil {
		t.Fatal(err)
	}
	if p.Remote != "origin" || p.BaseBranch != "main" || p.Title != "Change a" || p.Message == "" {
		t.Fatalf("plan %+v", p)
	}
	pr, err := OpenPR(context.Background(), local, p, "Change a\n", "My title", "My body\n")
	if err != nil {
		t.Fatal(err)
	}
	if pr.URL != "https://example.com/o/r/pull/7" || pr.Committed == "" {
		t.Fatalf("pr %+v", pr)
	}
	if got := git(t, bare, "rev-parse", "worktree-job"); got != pr.Committed {
		t.Fatalf("origin has worktree-job at %s, want %s", got, pr.Committed)
	}
	calls, _ := os.ReadFile(log)
	if !strings.Contains(string(calls), "pr create --head worktree-job --title My title --body-file - --base main") {
		t.Fatalf("gh was called with:\n%s", calls)
	}
	body, _ := os.ReadFile(filepath.Join(filepath.Dir(log), "body.log"))
	if string(body) != "My body\n" {
		t.Fatalf("body %q", body)
	}
}

// Without gh, without a remote, or with gh signed out, nothing is pushed and the
// refusal says exactly what to run.
func TestPlanPRRefusals(t *testing.T) {
	t.Run("no gh", func(t *testing.T) {
		wt := session(t)
		origin(t, wt)
		write(t, wt.Path, "a.txt", "changed\n")
		t.Setenv("PATH", gitOnlyPath(t))
		_, err := PlanPR(context.Background(), local, wt, []string{"change a"})
		r := refusal(t, err)
		if !strings.Contains(r.Reason, "gh (GitHub's command line) is not installed") || len(r.Run) != 2 ||
			r.Run[0] != "git -C "+wt.Path+" push -u origin worktree-job" ||
			r.Run[1] != "cd "+wt.Path+" && gh pr create --head worktree-job --title 'Change a' --body 'Prompts:\n- change a\n' --base main" {
			t.Fatalf("refusal %#v", r)
		}
	})
	t.Run("no remote", func(t *testing.T) {
		wt := session(t)
		fakeGH(t, signedIn)
		write(t, wt.Path, "a.txt", "changed\n")
		_, err := PlanPR(context.Background(), local, wt, nil)
		r := refusal(t, err)
		if !strings.Contains(r.Reason, "no remote") || len(r.Run) != 2 || !strings.Contains(r.Run[0], "remote add origin URL") {
			t.Fatalf("refusal %#v", r)
		}
	})
	t.Run("signed out", func(t *testing.T) {
		wt := session(t)
		origin(t, wt)
		fakeGH(t, `"--version "*) echo "gh version 2.0.0";;
"auth status") echo "You are not logged into any GitHub hosts." >&2; exit 1;;`)
		write(t, wt.Path, "a.txt", "changed\n")
		_, err := PlanPR(context.Background(), local, wt, nil)
		if r := refusal(t, err); !strings.Contains(r.Reason, "not signed in") || r.Run[0] != "gh auth login" {
			t.Fatalf("refusal %#v", r)
		}
	})
	t.Run("nothing to push", func(t *testing.T) {
		wt := session(t)
		origin(t, wt)
		fakeGH(t, signedIn)
		_, err := PlanPR(context.Background(), local, wt, nil)
		if r := refusal(t, err); !strings.Contains(r.Reason, "nothing to open a pull request for") {
			t.Fatalf("refusal %#v", r)
		}
	})
}

// A push the remote rejects takes the commit back: the worktree is as it was and gh is
// never asked. A gh that fails after the push says what to run, the branch pushed.
func TestOpenPRFailures(t *testing.T) {
	wt := session(t)
	bare := origin(t, wt)
	log := fakeGH(t, `"--version "*) echo "gh version 2.0.0";;
"auth status") exit 0;;
"pr create") echo "GraphQL: no permission" >&2; exit 1;;`)
	if err := os.WriteFile(filepath.Join(bare, "hooks", "pre-receive"), []byte("#!/bin/sh\necho 'protected branch' >&2\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, wt.Path, "a.txt", "changed\n")
	p, err := PlanPR(context.Background(), local, wt, nil)
	if err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, wt)
	_, err = OpenPR(context.Background(), local, p, "m\n", "t", "b")
	if r := refusal(t, err); !strings.Contains(r.Reason, "git push to origin failed, nothing was pushed") || !strings.Contains(r.Reason, "pre-receive hook declined") {
		t.Fatalf("refusal %#v", r)
	}
	if snapshot(t, wt) != before {
		t.Fatal("a rejected push left the commit")
	}
	if calls, _ := os.ReadFile(log); strings.Contains(string(calls), "pr create") {
		t.Fatal("gh pr create ran after a rejected push")
	}

	os.Remove(filepath.Join(bare, "hooks", "pre-receive"))
	pr, err := OpenPR(context.Background(), local, p, "m\n", "t", "b")
	r := refusal(t, err)
	if !strings.Contains(r.Reason, "worktree-job is pushed to origin, but gh pr create failed (GraphQL: no permission)") || !strings.HasPrefix(r.Run[0], "cd "+wt.Path+" && gh pr create") {
		t.Fatalf("refusal %#v", r)
	}
	if pr.Committed == "" || git(t, bare, "rev-parse", "worktree-job") != pr.Committed {
		t.Fatal("the branch is not pushed")
	}
}

// gitOnlyPath is a PATH with git and the shell's basics but no gh.
func gitOnlyPath(t *testing.T) string {
	t.Helper()
	bin := t.TempDir()
	for _, name := range []string{"git", "cp", "rm", "sh", "ssh"} { // ssh: for TestE2ELandOverSSH
		for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
			if p := filepath.Join(dir, name); fileExists(p) {
				if err := os.Symlink(p, filepath.Join(bin, name)); err != nil {
					t.Fatal(err)
				}
				break
			}
		}
	}
	return bin
}

func fileExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir()
}
