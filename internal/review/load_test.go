package review

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// A worktree's review holds what it committed on its branch, what it has not
// committed, new untracked files (not ignored ones), renames, deletions, binary files
// and mode changes, each as the right kind of file.
func TestLoadWorktreeAgainstItsBase(t *testing.T) {
	dir := newRepo(t, map[string]string{
		"a.go": numbered(30, nil), "old.txt": "moved\nalong\n", "gone.txt": "bye\n",
		"run.sh": "echo hi\n", "logo.bin": "\x00\x01\x02", ".gitignore": "*.log\n",
	})
	base := git(t, dir, "rev-parse", "HEAD")
	write(t, dir, "a.go", numbered(30, map[int]string{2: "committed"}))
	git(t, dir, "commit", "-qam", "on the branch")
	write(t, dir, "a.go", numbered(30, map[int]string{2: "committed", 25: "uncommitted"}))
	git(t, dir, "mv", "old.txt", "new.txt")
	git(t, dir, "rm", "-q", "gone.txt")
	if err := os.Chmod(filepath.Join(dir, "run.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, dir, "logo.bin", "\x00\x09\x09")
	write(t, dir, "fresh/new.txt", "hello\n")
	write(t, dir, "debug.log", "ignored\n")

	d := load(t, Target{Dir: filepath.Join(dir, "fresh"), Base: base})
	if d.Root != dir || d.Base != base {
		t.Fatalf("root %q base %q", d.Root, d.Base)
	}
	a := file(t, &d, "a.go")
	if a.Status != Modified || len(a.Hunks) != 2 || a.Added != 2 || a.Removed != 2 {
		t.Fatalf("a.go: %+v", a)
	}
	if a.Hunks[0].Lines[1] != "-line 2" || a.Hunks[0].Lines[2] != "+committed" {
		t.Fatalf("a.go's first hunk (the committed change): %q", a.Hunks[0].Lines)
	}
	if r := file(t, &d, "new.txt"); r.Status != Renamed || r.OldPath != "old.txt" || r.Similarity != 100 || len(r.Hunks) != 0 {
		t.Fatalf("rename: %+v", r)
	}
	if g := file(t, &d, "gone.txt"); g.Status != Deleted || g.NewPath != "" || g.Removed != 1 {
		t.Fatalf("deletion: %+v", g)
	}
	if m := file(t, &d, "run.sh"); !m.ModeChanged() || m.OldMode != "100644" || m.NewMode != "100755" || len(m.Hunks) != 0 {
		t.Fatalf("mode change: %+v", m)
	}
	if b := file(t, &d, "logo.bin"); !b.Binary || len(b.NewBlob) != 40 {
		t.Fatalf("binary: %+v", b)
	}
	n := file(t, &d, "fresh/new.txt")
	if n.Status != Added || !n.Untracked || n.Added != 1 || n.OldBlob != zeroBlob {
		t.Fatalf("untracked: %+v", n)
	}
	for _, f := range d.Files {
		if f.Path() == "debug.log" {
			t.Fatal("an ignored file is in the review")
		}
	}
	if s := d.Summary(); s.Files != 6 {
		t.Fatalf("summary %+v, want 6 files", s)
	}
}

// Any other folder shows its uncommitted changes; a repository without a commit
// shows everything as new; a folder outside git says so.
func TestLoadPlainFolders(t *testing.T) {
	dir := newRepo(t, map[string]string{"a.txt": "one\n"})
	write(t, dir, "a.txt", "two\n")
	d := load(t, Target{Dir: dir})
	if len(d.Files) != 1 || d.Files[0].Hunks[0].Lines[0] != "-one" {
		t.Fatalf("uncommitted: %+v", d.Files)
	}

	empty, _ := filepath.EvalSymlinks(t.TempDir())
	git(t, empty, "init", "-q")
	write(t, empty, "first.txt", "x\n")
	d = load(t, Target{Dir: empty})
	if len(d.Files) != 1 || d.Files[0].Status != Added || d.Base != emptyTree {
		t.Fatalf("no commit yet: %+v", d)
	}

	_, err := Load(context.Background(), local, Target{Dir: t.TempDir()})
	if !errors.Is(err, ErrNotGit) {
		t.Fatalf("outside git: %v", err)
	}
	_, err = Load(context.Background(), local, Target{Dir: dir, Base: "0123456789012345678901234567890123456789"})
	if err == nil {
		t.Fatal("a base commit that is not there is not an error")
	}
}

// Paths git quotes, or that hold spaces, come out as they are on disk.
func TestLoadOddPaths(t *testing.T) {
	names := []string{"sp ace.txt", "ta\tb.txt", "é.txt", `quo"te.txt`}
	files := map[string]string{}
	for _, n := range names {
		files[n] = "a\n"
	}
	dir := newRepo(t, files)
	for _, n := range names {
		write(t, dir, n, "b\n")
	}
	write(t, dir, "new sp ace.txt", "c\n")
	d := load(t, Target{Dir: dir})
	for _, n := range append(names, "new sp ace.txt") {
		f := file(t, &d, n)
		if len(f.Hunks) != 1 {
			t.Fatalf("%q: %+v", n, f)
		}
	}
}
