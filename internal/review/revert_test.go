package review

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/gclaude/gclaude/internal/gitrun"
)

// local runs the tests' git; TestE2EReviewOverSSH runs them again with a host's.
var local gitrun.Runner = gitrun.Local{}

// Reverting the middle one of three hunks takes back those lines and nothing else:
// the other hunks, committed or not, stay.
func TestRevertOneHunkAmongSeveral(t *testing.T) {
	dir := newRepo(t, map[string]string{"a.txt": numbered(40, nil)})
	base := git(t, dir, "rev-parse", "HEAD")
	write(t, dir, "a.txt", numbered(40, map[int]string{2: "first"}))
	git(t, dir, "commit", "-qam", "committed hunk")
	changed := numbered(40, map[int]string{2: "first", 20: "second", 38: "third"})
	write(t, dir, "a.txt", changed)
	d := load(t, Target{Dir: dir, Base: base})
	f := file(t, &d, "a.txt")
	if len(f.Hunks) != 3 {
		t.Fatalf("%d hunks", len(f.Hunks))
	}
	if err := RevertHunk(context.Background(), local, &d, f, 1); err != nil {
		t.Fatal(err)
	}
	if got, want := read(t, dir, "a.txt"), numbered(40, map[int]string{2: "first", 38: "third"}); got != want {
		t.Fatalf("after reverting the second hunk:\n%s\nwant\n%s", got, want)
	}
	// The committed hunk reverts too (as an uncommitted change that undoes it).
	d = load(t, Target{Dir: dir, Base: base})
	f = file(t, &d, "a.txt")
	if err := RevertHunk(context.Background(), local, &d, f, 0); err != nil {
		t.Fatal(err)
	}
	if got, want := read(t, dir, "a.txt"), numbered(40, map[int]string{38: "third"}); got != want {
		t.Fatalf("after reverting the committed hunk:\n%s", got)
	}
	if st := git(t, dir, "diff", "--cached", "--name-only"); st != "" {
		t.Fatalf("a revert touched the index: %s", st)
	}
}

// A file changed since the review was drawn is not touched, even where the change is
// far from the hunk: the user's own edit is never taken back with it.
func TestRevertRefusesAFileChangedSinceTheDiff(t *testing.T) {
	dir := newRepo(t, map[string]string{"a.txt": numbered(40, nil)})
	write(t, dir, "a.txt", numbered(40, map[int]string{5: "session"}))
	d := load(t, Target{Dir: dir})
	edited := numbered(40, map[int]string{5: "session", 35: "user"})
	write(t, dir, "a.txt", edited)
	err := RevertHunk(context.Background(), local, &d, file(t, &d, "a.txt"), 0)
	if !errors.Is(err, ErrChanged) {
		t.Fatalf("err = %v, want ErrChanged", err)
	}
	if read(t, dir, "a.txt") != edited {
		t.Fatal("the file was touched")
	}
	// A file deleted meanwhile is changed too.
	os.Remove(filepath.Join(dir, "a.txt"))
	if err := RevertHunk(context.Background(), local, &d, file(t, &d, "a.txt"), 0); !errors.Is(err, ErrChanged) {
		t.Fatalf("deleted since: err = %v", err)
	}
}

// A hunk git cannot take back (here: one that does not match the file) is refused
// with git's reason, and the file is left alone.
func TestRevertHunkThatNoLongerApplies(t *testing.T) {
	dir := newRepo(t, map[string]string{"a.txt": numbered(10, nil)})
	write(t, dir, "a.txt", numbered(10, map[int]string{5: "five"}))
	d := load(t, Target{Dir: dir})
	f := file(t, &d, "a.txt")
	f.Hunks[0].Lines[0] = " not what is there"
	err := RevertHunk(context.Background(), local, &d, f, 0)
	if !errors.Is(err, ErrNoLongerApplies) {
		t.Fatalf("err = %v, want ErrNoLongerApplies", err)
	}
	if read(t, dir, "a.txt") != numbered(10, map[int]string{5: "five"}) {
		t.Fatal("the file was touched")
	}
}

// Whole files go back as they were: a new file is deleted (tracked or not), a deleted
// one comes back, a rename moves back, a mode and a binary file are restored; the
// hunk of a new file is the whole file.
func TestRevertWholeFiles(t *testing.T) {
	dir := newRepo(t, map[string]string{
		"gone.txt": "bye\n", "old.txt": "moved\n", "run.sh": "echo\n", "logo.bin": "\x00\x01",
	})
	base := git(t, dir, "rev-parse", "HEAD")
	write(t, dir, "added.txt", "committed new\n")
	git(t, dir, "add", "added.txt")
	git(t, dir, "commit", "-qm", "add")
	git(t, dir, "rm", "-q", "gone.txt")
	git(t, dir, "mv", "old.txt", "new.txt")
	if err := os.Chmod(filepath.Join(dir, "run.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, dir, "logo.bin", "\x00\x07\x07")
	write(t, dir, "untracked.txt", "u\n")
	write(t, dir, "untracked.bin", "\x00\x05")
	d := load(t, Target{Dir: dir, Base: base})
	for _, p := range []string{"added.txt", "gone.txt", "new.txt", "run.sh", "logo.bin", "untracked.bin"} {
		if err := RevertFile(context.Background(), local, &d, file(t, &d, p)); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
	}
	if err := RevertHunk(context.Background(), local, &d, file(t, &d, "untracked.txt"), 0); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"added.txt", "new.txt", "untracked.txt", "untracked.bin"} {
		if exists(dir, p) {
			t.Errorf("%s is still there", p)
		}
	}
	if read(t, dir, "gone.txt") != "bye\n" || read(t, dir, "old.txt") != "moved\n" || read(t, dir, "logo.bin") != "\x00\x01" {
		t.Fatal("a file did not come back as it was")
	}
	if fi, err := os.Stat(filepath.Join(dir, "run.sh")); err != nil || fi.Mode().Perm() != 0o644 {
		t.Fatalf("run.sh mode: %v %v", fi.Mode(), err)
	}
}

// Names with spaces, tabs and quotes survive the patch a hunk revert writes.
func TestRevertHunkInOddlyNamedFiles(t *testing.T) {
	names := []string{"sp ace.txt", "ta\tb.txt", `quo"te.txt`, "é.txt"}
	files := map[string]string{}
	for _, n := range names {
		files[n] = numbered(20, nil)
	}
	dir := newRepo(t, files)
	for _, n := range names {
		write(t, dir, n, numbered(20, map[int]string{3: "x", 17: "y"}))
	}
	d := load(t, Target{Dir: dir})
	for _, n := range names {
		if err := RevertHunk(context.Background(), local, &d, file(t, &d, n), 1); err != nil {
			t.Fatalf("%q: %v", n, err)
		}
		if got := read(t, dir, n); got != numbered(20, map[int]string{3: "x"}) {
			t.Fatalf("%q:\n%s", n, got)
		}
	}
}

// A symbolic link's change reverts (git diffs the link's text, not what it points to),
// and whitespace comes back exactly as it was, whatever apply.whitespace says.
func TestRevertLinksAndWhitespace(t *testing.T) {
	dir := newRepo(t, map[string]string{"target.txt": "t\n", "ws.txt": "a  \nb\t\nc\n"})
	if err := os.Symlink("target.txt", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	git(t, dir, "add", "link")
	git(t, dir, "commit", "-qm", "link")
	os.Remove(filepath.Join(dir, "link"))
	if err := os.Symlink("elsewhere.txt", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	write(t, dir, "ws.txt", "a\nb\nc\n")
	git(t, dir, "config", "apply.whitespace", "fix")
	d := load(t, Target{Dir: dir})
	if err := RevertHunk(context.Background(), local, &d, file(t, &d, "link"), 0); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.Readlink(filepath.Join(dir, "link")); got != "target.txt" {
		t.Fatalf("link points to %q", got)
	}
	if err := RevertHunk(context.Background(), local, &d, file(t, &d, "ws.txt"), 0); err != nil {
		t.Fatal(err)
	}
	if got := read(t, dir, "ws.txt"); got != "a  \nb\t\nc\n" {
		t.Fatalf("whitespace came back as %q", got)
	}
}
