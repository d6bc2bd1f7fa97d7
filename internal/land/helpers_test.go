package land

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/internal/gitrun"
	"github.com/gclaude/gclaude/internal/worktree"
)

// local runs the tests' git and gh; TestE2ELandOverSSH runs them again with a host's.
var local gitrun.Runner = gitrun.Local{}

// isolate gives git a configuration of the test's own: an identity, no signing, no
// system file.
func isolate(t *testing.T) {
	t.Helper()
	cfg := filepath.Join(t.TempDir(), "gitconfig")
	if err := os.WriteFile(cfg, []byte("[user]\n\tname = Test\n\temail = test@example.com\n[commit]\n\tgpgsign = false\n[init]\n\tdefaultBranch = main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GIT_CONFIG_GLOBAL", cfg)
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
}

// session is a repository on main with a few files and a worktree made from it, as
// a worktree session has.
func session(t *testing.T) worktree.Worktree {
	t.Helper()
	isolate(t)
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	git(t, root, "init", "-q", "-b", "main")
	write(t, root, "a.txt", "a1\na2\na3\n")
	write(t, root, "b.txt", "b1\n")
	git(t, root, "add", "-A")
	git(t, root, "commit", "-q", "-m", "base")
	wt, err := worktree.Create(context.Background(), root, "job")
	if err != nil {
		t.Fatal(err)
	}
	return wt
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Env = gitrun.Environ()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

func write(t *testing.T, dir, name, content string) {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, dir, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// snapshot is everything landing may not change when it refuses or fails: both
// checkouts' HEAD, status and index, and every branch.
func snapshot(t *testing.T, wt worktree.Worktree) string {
	t.Helper()
	var b strings.Builder
	for _, dir := range []string{wt.Repo, wt.Path} {
		b.WriteString(git(t, dir, "rev-parse", "HEAD") + "\n")
		b.WriteString(git(t, dir, "status", "--porcelain=v1", "--untracked-files=all") + "\n")
		b.WriteString(git(t, dir, "ls-files", "--stage") + "\n")
		b.WriteString(git(t, dir, "diff") + "\n")
	}
	b.WriteString(git(t, wt.Repo, "for-each-ref") + "\n")
	return b.String()
}

// refusal asserts err is a *Refusal and returns it.
func refusal(t *testing.T, err error) *Refusal {
	t.Helper()
	r, ok := err.(*Refusal)
	if !ok {
		t.Fatalf("err = %v (%T), want a *Refusal", err, err)
	}
	return r
}
