package safewrite

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// leftovers lists the temporary files left in dir.
func leftovers(t *testing.T, dir string) []string {
	t.Helper()
	matches, _ := filepath.Glob(filepath.Join(dir, ".*.tmp"))
	return matches
}

func TestCreateWritesANewFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.md")
	if err := Create(path, []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := read(t, path); got != "hello" {
		t.Errorf("content %q", got)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v", fi.Mode())
	}
	if l := leftovers(t, dir); len(l) > 0 {
		t.Errorf("temporary files left: %v", l)
	}
}

func TestCreateNeverOverwrites(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.md")
	if err := os.WriteFile(path, []byte("mine"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Create(path, []byte("new"), 0o644); !errors.Is(err, ErrExists) {
		t.Fatalf("err = %v, want ErrExists", err)
	}
	if got := read(t, path); got != "mine" {
		t.Errorf("the existing file was changed: %q", got)
	}
	if l := leftovers(t, dir); len(l) > 0 {
		t.Errorf("temporary files left: %v", l)
	}
}

// A symbolic link is never followed, by Create or by Replace, whether its target
// exists (~/.bashrc) or not (a dangling link would let a write create the target).
func TestSymlinksAreNotFollowed(t *testing.T) {
	for _, dangling := range []bool{false, true} {
		for name, write := range map[string]func(string, []byte, os.FileMode) error{"Create": Create, "Replace": Replace} {
			dir := t.TempDir()
			target := filepath.Join(dir, "bashrc")
			if !dangling {
				if err := os.WriteFile(target, []byte("export PATH"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			link := filepath.Join(dir, "out.md")
			if err := os.Symlink(target, link); err != nil {
				t.Fatal(err)
			}
			err := write(link, []byte("evil"), 0o644)
			var se *SymlinkError
			if !errors.As(err, &se) || !strings.Contains(err.Error(), "bashrc") {
				t.Errorf("%s (dangling %v): err = %v, want a *SymlinkError naming the target", name, dangling, err)
			}
			if b, err := os.ReadFile(target); dangling && err == nil || !dangling && string(b) != "export PATH" {
				t.Errorf("%s (dangling %v): the link's target was written: %q %v", name, dangling, b, err)
			}
			if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
				t.Errorf("%s: the link itself was replaced", name)
			}
		}
	}
}

func TestReplaceIsAtomicAndKeepsNoTemporary(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.md")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	// A reader holding the old file keeps seeing all of it: the new content is a new
	// file renamed over the name, never the old one rewritten in place.
	old, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer old.Close()
	if err := Replace(path, []byte("new content"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := read(t, path); got != "new content" {
		t.Errorf("content %q", got)
	}
	b := make([]byte, 10)
	n, _ := old.Read(b)
	if string(b[:n]) != "old" {
		t.Errorf("the old file was rewritten in place: %q", b[:n])
	}
	if l := leftovers(t, dir); len(l) > 0 {
		t.Errorf("temporary files left: %v", l)
	}
}

func TestFoldersAreRefused(t *testing.T) {
	dir := t.TempDir()
	for name, write := range map[string]func(string, []byte, os.FileMode) error{"Create": Create, "Replace": Replace} {
		var nr *NotRegularError
		if err := write(dir, []byte("x"), 0o644); !errors.As(err, &nr) {
			t.Errorf("%s over a folder: err = %v", name, err)
		}
	}
}
