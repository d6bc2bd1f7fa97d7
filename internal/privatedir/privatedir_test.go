package privatedir

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// parent is a folder like /tmp: everyone may write, the sticky bit keeps them from
// renaming what is not theirs.
func parent(t *testing.T) string {
	t.Helper()
	p := t.TempDir()
	if err := os.Chmod(p, 0o777|os.ModeSticky); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestMakeCreatesAPrivateFolder(t *testing.T) {
	p := parent(t)
	dir, err := Make(p, "gclaude-ssh-1")
	if err != nil || dir != filepath.Join(p, "gclaude-ssh-1") {
		t.Fatalf("Make = %q, %v", dir, err)
	}
	if info, err := os.Lstat(dir); err != nil || info.Mode().Perm() != 0o700 || !info.IsDir() {
		t.Fatalf("made %v, %v; want a folder of mode 0700", info.Mode(), err)
	}
	again, err := Make(p, "gclaude-ssh-1")
	if err != nil || again != dir {
		t.Fatalf("a second Make = %q, %v; want the same private folder", again, err)
	}
}

func TestMakeCreatesMissingParents(t *testing.T) {
	p := filepath.Join(t.TempDir(), "run", "gclaude")
	dir, err := Make(p, "ssh")
	if err != nil || dir != filepath.Join(p, "ssh") {
		t.Fatalf("Make = %q, %v", dir, err)
	}
	if info, err := os.Stat(p); err != nil || info.Mode().Perm() != 0o700 {
		t.Fatalf("parent made with %v, %v; want 0700", info.Mode(), err)
	}
}

// What another user could have put at the name first: each is left alone and a
// fresh private folder is used instead.
func TestMakeNeverUsesWhatIsNotPrivate(t *testing.T) {
	tests := []struct {
		name  string
		plant func(t *testing.T, at string)
	}{
		{"a folder others may enter", func(t *testing.T, at string) {
			mkdir(t, at, 0o777)
		}},
		{"a folder the group may read", func(t *testing.T, at string) {
			mkdir(t, at, 0o750)
		}},
		{"a symbolic link to a private folder", func(t *testing.T, at string) {
			target := filepath.Join(t.TempDir(), "theirs")
			mkdir(t, target, 0o700)
			if err := os.Symlink(target, at); err != nil {
				t.Fatal(err)
			}
		}},
		{"a dangling symbolic link", func(t *testing.T, at string) {
			if err := os.Symlink(filepath.Join(t.TempDir(), "later"), at); err != nil {
				t.Fatal(err)
			}
		}},
		{"a file", func(t *testing.T, at string) {
			if err := os.WriteFile(at, nil, 0o600); err != nil {
				t.Fatal(err)
			}
		}},
		{"another user's folder", func(t *testing.T, at string) {
			if os.Getuid() != 0 {
				t.Skip("needs root to give a folder to another user")
			}
			mkdir(t, at, 0o700)
			if err := os.Chown(at, 4242, 4242); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := parent(t)
			planted := filepath.Join(p, "gclaude-ssh-1")
			tt.plant(t, planted)
			before, _ := os.Lstat(planted)
			dir, err := Make(p, "gclaude-ssh-1")
			if err != nil {
				t.Fatal(err)
			}
			if dir == planted || filepath.Dir(dir) != p || !strings.HasPrefix(filepath.Base(dir), "gclaude-ssh-1-") {
				t.Fatalf("Make = %q; want a fresh folder beside %s", dir, planted)
			}
			if err := Check(dir); err != nil {
				t.Fatal(err)
			}
			after, _ := os.Lstat(planted)
			if before.Mode() != after.Mode() {
				t.Errorf("the planted %s changed: %v → %v", tt.name, before.Mode(), after.Mode())
			}
		})
	}
}

// A parent others may rename things in keeps nothing private: refused.
func TestMakeRefusesAParentOthersControl(t *testing.T) {
	p := t.TempDir()
	if err := os.Chmod(p, 0o777); err != nil {
		t.Fatal(err)
	}
	if dir, err := Make(p, "x"); err == nil {
		t.Fatalf("Make = %q in a world-writable folder without the sticky bit", dir)
	}
}

func TestMakeRefusesNamesThatAreNotOneFolder(t *testing.T) {
	for _, name := range []string{"", ".", "..", "a/b"} {
		if _, err := Make(t.TempDir(), name); err == nil {
			t.Errorf("Make(%q) made something", name)
		}
	}
}

func mkdir(t *testing.T, path string, mode os.FileMode) {
	t.Helper()
	if err := os.Mkdir(path, mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil { // past the umask
		t.Fatal(err)
	}
}
