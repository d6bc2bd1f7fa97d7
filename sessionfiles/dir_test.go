package sessionfiles

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestProjectKey(t *testing.T) {
	long := "/tmp/TestExplore1234016101/001/project/" + strings.Repeat("long_dir.name ", 12) + "/ünï😀"
	tests := []struct {
		path, want string
	}{
		{"/home/me/src/app", "-home-me-src-app"},
		{"/tmp/a.b c_d/x.y", "-tmp-a-b-c-d-x-y"},
		{"/Users/Me/My Project (2)", "-Users-Me-My-Project--2-"},
		{"/tmp/ünï", "-tmp--n-"},
		{"/tmp/😀", "-tmp---"}, // one code point, two UTF-16 units
		{"", ""},
		// Measured with the real CLI 2.1.328 (see TestCLIProjectFolder).
		{long, "-tmp-TestExplore1234016101-001-project-" + strings.Repeat("long-dir-name-", 11) + "long-di-7exx3b"},
	}
	for _, tc := range tests {
		if got := ProjectKey(tc.path); got != tc.want {
			t.Errorf("ProjectKey(%q) = %q, want %q", tc.path, got, tc.want)
		}
	}
}

func TestProjectKeyLengths(t *testing.T) {
	for _, n := range []int{199, 200, 201, 500} {
		key := ProjectKey("/" + strings.Repeat("x", n-1))
		if n <= maxKeyLen {
			if len(key) != n {
				t.Errorf("length %d: key length %d, want unchanged", n, len(key))
			}
			continue
		}
		head, hash, ok := strings.Cut(key[maxKeyLen:], "-")
		if !ok || head != "" || hash == "" || strings.Trim(hash, "0123456789abcdefghijklmnopqrstuvwxyz") != "" {
			t.Errorf("length %d: key %q lacks a base-36 hash suffix after 200 characters", n, key)
		}
	}
}

func TestDirResolvesSymlinks(t *testing.T) {
	home := t.TempDir()
	real := filepath.Join(t.TempDir(), "real.dir")
	if err := os.Mkdir(real, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(real, link); err != nil {
		t.Skip("no symlinks:", err)
	}
	realResolved, _ := filepath.EvalSymlinks(real)
	want := filepath.Join(home, ".claude", "projects", ProjectKey(realResolved))
	if got := Dir(home, link); got != want {
		t.Errorf("Dir via symlink = %q, want %q", got, want)
	}
}

func TestDirLongPathFallsBackToPrefix(t *testing.T) {
	home := t.TempDir()
	cwd := "/nonexistent/" + strings.Repeat("segment/", 40)
	key := ProjectKey(cwd)
	other := key[:maxKeyLen] + "-otherhash"
	if err := os.MkdirAll(filepath.Join(home, ".claude", "projects", other), 0o755); err != nil {
		t.Fatal(err)
	}
	if got, want := Dir(home, cwd), filepath.Join(home, ".claude", "projects", other); got != want {
		t.Errorf("Dir = %q, want the existing folder %q", got, want)
	}
}
