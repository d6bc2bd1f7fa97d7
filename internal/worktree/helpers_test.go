package worktree

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMain gives every git command of the tests the same identity and no user or
// system configuration, so the tests do not depend on the machine's git setup.
func TestMain(m *testing.M) {
	for k, v := range map[string]string{
		"GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com",
		"GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.com",
		"GIT_CONFIG_GLOBAL": os.DevNull, "GIT_CONFIG_NOSYSTEM": "1",
	} {
		os.Setenv(k, v)
	}
	os.Exit(m.Run())
}

// run runs git in dir and fails the test when it fails.
func run(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, err := git(context.Background(), dir, nil, args...)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(out)
}

// write writes a file under dir, creating its folders.
func write(t *testing.T, dir, rel, content string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// newRepo makes a repository with one commit (README.md and src/main.go) and returns
// its root, symbolic links resolved.
func newRepo(t *testing.T) string {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	run(t, root, "init", "--quiet", "-b", "main")
	write(t, root, "README.md", "hello\n")
	write(t, root, "src/main.go", "package main\n")
	commitAll(t, root, "first")
	return root
}

// commitAll commits everything in dir.
func commitAll(t *testing.T, dir, msg string) {
	t.Helper()
	run(t, dir, "add", "-A")
	run(t, dir, "commit", "--quiet", "-m", msg)
}

// create is Create that fails the test on an error.
func create(t *testing.T, dir, name string) Worktree {
	t.Helper()
	wt, err := Create(context.Background(), dir, name)
	if err != nil {
		t.Fatal(err)
	}
	return wt
}

// exists says whether something is at p (a symbolic link counts).
func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// gitAvailable fails the test when git is missing: these tests need it and never skip.
func init() {
	if _, err := exec.LookPath("git"); err != nil {
		panic("the worktree tests need git on PATH")
	}
}
