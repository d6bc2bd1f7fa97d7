package privatedir

import (
	"os"
	"path/filepath"
	"testing"
)

func TestMakeCreatesAPrivateFolder(t *testing.T) {
	parent := filepath.Join(t.TempDir(), "run")
	got, err := Make(parent, "gclaude")
	if err != nil {
		t.Fatal(err)
	}
	if got != filepath.Join(parent, "gclaude") {
		t.Fatalf("Make = %q", got)
	}
	if err := private(got); err != nil {
		t.Fatal(err)
	}
	again, err := Make(parent, "gclaude")
	if err != nil || again != got {
		t.Fatalf("second Make = %q, %v; want the same folder", again, err)
	}
}

func TestMakeRefusesAnOpenFolderOrALink(t *testing.T) {
	parent := t.TempDir()
	open := filepath.Join(parent, "open")
	if err := os.Mkdir(open, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(open, 0o777); err != nil {
		t.Fatal(err)
	}
	target := t.TempDir()
	if err := os.Symlink(target, filepath.Join(parent, "link")); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"open", "link"} {
		got, err := Make(parent, name)
		if err != nil {
			t.Fatal(err)
		}
		if got == filepath.Join(parent, name) {
			t.Errorf("Make(%q) used the unsafe folder", name)
		}
		if err := private(got); err != nil {
			t.Errorf("Make(%q) = %q: %v", name, got, err)
		}
	}
}
