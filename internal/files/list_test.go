package files

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"
)

// writeTree creates files (slash-separated name → content) under root.
func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func git(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func TestListGitRepo(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		".gitignore":             "*.log\nbuild/\n/secret.txt\n",
		"README.md":              "",
		"cmd/app/main.go":        "",
		"internal/x.go":          "",
		"debug.log":              "",            // ignored by pattern
		"build/out.bin":          "",            // ignored directory
		"secret.txt":             "",            // ignored, anchored
		"docs/secret.txt":        "",            // not ignored: the rule is anchored
		"untracked/new.go":       "",            // untracked, not ignored: listed
		"sub/.gitignore":         "local.tmp\n", // nested .gitignore: git honours it
		"sub/local.tmp":          "",
		"sub/kept.go":            "",
		"node_modules/pkg/index": "", // not ignored here, so git lists it
	})
	git(t, root, "init", "-q")
	git(t, root, "add", "README.md", "cmd", "internal", ".gitignore", "sub/kept.go", "sub/.gitignore")
	git(t, root, "commit", "-q", "-m", "init")

	got, err := List(context.Background(), root, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		".gitignore", "README.md", "cmd/", "cmd/app/", "cmd/app/main.go", "docs/", "docs/secret.txt",
		"internal/", "internal/x.go", "node_modules/", "node_modules/pkg/", "node_modules/pkg/index",
		"sub/", "sub/.gitignore", "sub/kept.go", "untracked/", "untracked/new.go",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("List =\n%q\nwant\n%q", got, want)
	}

	// From a subdirectory, paths are relative to it.
	got, err = List(context.Background(), filepath.Join(root, "cmd"), 0)
	if err != nil || !reflect.DeepEqual(got, []string{"app/", "app/main.go"}) {
		t.Errorf("List(cmd) = %q, %v", got, err)
	}
}

// notGit keeps git from finding a repository above root, so List walks it even if
// the temporary directory lies inside a work tree.
func notGit(t *testing.T, root string) {
	t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(root))
}

func TestListWalk(t *testing.T) {
	root := t.TempDir()
	notGit(t, root)
	writeTree(t, root, map[string]string{
		".gitignore":             "# comment\n*.log\nbuild/\n/top.txt\n!keep.log\ndeep/a/b.txt\n**/gen\n",
		"main.go":                "",
		"app.log":                "",
		"keep.log":               "", // negated
		"build/out":              "",
		"top.txt":                "",
		"src/top.txt":            "", // the anchored rule is for the root only
		"src/gen/x.go":           "", // **/gen
		"deep/a/b.txt":           "",
		"deep/a/c.txt":           "",
		".hidden/x":              "",
		".env":                   "", // hidden files are kept; hidden directories are not
		"node_modules/pkg/index": "",
		".git/HEAD":              "", // a stray .git that is not a repository
	})
	got, err := List(context.Background(), root, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{".env", ".gitignore", "deep/", "deep/a/", "deep/a/c.txt", "keep.log", "main.go", "src/", "src/top.txt"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("List =\n%q\nwant\n%q", got, want)
	}
}

func TestListLimit(t *testing.T) {
	root := t.TempDir()
	notGit(t, root)
	writeTree(t, root, map[string]string{"a/1": "", "a/2": "", "b/3": "", "c": ""})
	got, err := List(context.Background(), root, 3)
	if !errors.Is(err, ErrTruncated) || len(got) != 3 {
		t.Errorf("List with limit 3 = %q, %v; want 3 paths and ErrTruncated", got, err)
	}
	got, err = List(context.Background(), root, 6) // exactly everything
	if err != nil || len(got) != 6 {
		t.Errorf("List with limit 6 = %q, %v; want all 6 paths", got, err)
	}
}

func TestListCancelled(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{"a": ""})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := List(ctx, root, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("List with a cancelled context: err = %v", err)
	}
}

func TestListMissingRoot(t *testing.T) {
	if _, err := List(context.Background(), filepath.Join(t.TempDir(), "nope"), 0); err == nil {
		t.Error("List of a missing directory gave no error")
	}
}

func TestIgnored(t *testing.T) {
	rules := parseIgnore("*.o\n/dist\ncache/\n!important.o\nlogs/**\ndocs/*.pdf\n\\#hash\n")
	tests := []struct {
		rel   string
		isDir bool
		want  bool
	}{
		{"x.o", false, true},
		{"a/b/x.o", false, true},
		{"important.o", false, false},
		{"dist", true, true},
		{"a/dist", true, false},
		{"cache", true, true},
		{"cache", false, false}, // dir-only rule, and cache is a file
		{"a/cache", true, true},
		{"logs", true, true},
		{"docs/x.pdf", false, true},
		{"docs/sub/x.pdf", false, false},
		{"#hash", false, true},
		{"main.go", false, false},
	}
	for _, tc := range tests {
		if got := ignored(rules, tc.rel, tc.isDir); got != tc.want {
			t.Errorf("ignored(%q, dir=%v) = %v, want %v", tc.rel, tc.isDir, got, tc.want)
		}
	}
}
