package worktree

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// includeRepo is a repository whose .gitignore ignores .env*, secrets/ and build/, and
// whose .worktreeinclude asks for .env*, secrets/ and notes.txt.
func includeRepo(t *testing.T) string {
	t.Helper()
	root := newRepo(t)
	write(t, root, ".gitignore", ".env*\nsecrets/\nbuild/\n")
	write(t, root, IncludeFile, "# copied into new worktrees\n.env*\nsecrets/\nnotes.txt\n")
	write(t, root, "tracked.env.txt", "tracked\n") // matches nothing ignored: stays tracked
	commitAll(t, root, "ignore rules")
	write(t, root, ".env", "TOKEN=1\n")
	if err := os.Chmod(filepath.Join(root, ".env"), 0o600); err != nil {
		t.Fatal(err)
	}
	write(t, root, "secrets/key.pem", "key\n")
	write(t, root, "sub/.env.local", "LOCAL=1\n")
	write(t, root, "notes.txt", "untracked but not ignored\n")
	write(t, root, "build/out.bin", "ignored but not included\n")
	if err := os.Symlink("/etc/hostname", filepath.Join(root, ".env.link")); err != nil {
		t.Fatal(err)
	}
	return root
}

func TestCopyIncludedCopiesIgnoredMatchingFiles(t *testing.T) {
	root := includeRepo(t)
	wt := create(t, root, "inc")
	copied, err := CopyIncluded(wt)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(copied)
	want := []string{".env", "secrets/key.pem", "sub/.env.local"}
	if !slices.Equal(copied, want) {
		t.Fatalf("copied %q, want %q", copied, want)
	}
	for _, rel := range want {
		got, err := os.ReadFile(filepath.Join(wt.Path, rel))
		orig, _ := os.ReadFile(filepath.Join(root, rel))
		if err != nil || string(got) != string(orig) {
			t.Fatalf("%s in the worktree = %q, %v; want %q", rel, got, err, orig)
		}
	}
	if fi, err := os.Stat(filepath.Join(wt.Path, ".env")); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf(".env mode = %v, %v; want 0600 kept", fi.Mode(), err)
	}
	for _, rel := range []string{"notes.txt", "build/out.bin", ".env.link"} {
		if exists(filepath.Join(wt.Path, rel)) {
			t.Errorf("%s was copied", rel)
		}
	}
	if st := run(t, wt.Path, "status", "--porcelain"); st != "" {
		t.Fatalf("copied files show in the worktree's status:\n%s", st)
	}
}

func TestCopyIncludedSkipsOtherWorktreesFiles(t *testing.T) {
	root := includeRepo(t)
	first := create(t, root, "first")
	if _, err := CopyIncluded(first); err != nil {
		t.Fatal(err)
	}
	// A folder left under the worktrees folder without its .git is no nested
	// repository: git lists its files, and they must not be copied either.
	write(t, root, ".claude/worktrees/leftover/.env", "LEFT=1\n")
	second := create(t, root, "second")
	copied, err := CopyIncluded(second)
	if err != nil {
		t.Fatal(err)
	}
	for _, rel := range copied {
		if strings.HasPrefix(rel, ".claude/") {
			t.Fatalf("copied another worktree's file %s", rel)
		}
	}
	if exists(filepath.Join(second.Path, ".claude")) {
		t.Fatal("the second worktree got a copy of the first")
	}
}

func TestCopyIncludedNeverWritesThroughSymlinksOrOverFiles(t *testing.T) {
	root := includeRepo(t)
	wt := create(t, root, "guarded")
	outside := t.TempDir()
	if err := os.Symlink(outside, filepath.Join(wt.Path, "secrets")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(wt.Path, ".env"), []byte("MINE=1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	copied, err := CopyIncluded(wt)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(copied, []string{"sub/.env.local"}) {
		t.Fatalf("copied %q, want only sub/.env.local", copied)
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Fatalf("wrote outside the worktree through a symbolic link: %v", entries)
	}
	if got, _ := os.ReadFile(filepath.Join(wt.Path, ".env")); string(got) != "MINE=1\n" {
		t.Fatalf("an existing file was replaced: %q", got)
	}
}

func TestCopyIncludedWithoutIncludeFileCopiesNothing(t *testing.T) {
	root := newRepo(t)
	write(t, root, ".gitignore", ".env\n")
	commitAll(t, root, "ignore")
	write(t, root, ".env", "X=1\n")
	wt := create(t, root, "plain")
	copied, err := CopyIncluded(wt)
	if err != nil || len(copied) != 0 || exists(filepath.Join(wt.Path, ".env")) {
		t.Fatalf("CopyIncluded without %s = %q, %v", IncludeFile, copied, err)
	}
}
