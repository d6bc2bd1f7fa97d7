package process

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// ssh binds a connection's master socket at ControlPath plus a random suffix of 17
// bytes (".XXXXXXXXXXXXXXXX") before renaming it: a folder whose %C path fits but whose
// temporary one does not makes every ssh fail with "too long for Unix domain socket"
// (seen with HOME in a temporary folder). Such a folder is passed over.
func TestDefaultControlDirLeavesRoomForSSHsTemporarySocket(t *testing.T) {
	short, err := os.MkdirTemp("/tmp", "c")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(short) })
	// A runtime folder whose gclaude/ssh is 50 bytes long: 50+1+40 fits in 100, but
	// 50+1+40+17 is more than a socket path holds.
	runtime := filepath.Join(short, strings.Repeat("r", 50-len(short)-len("/gclaude/ssh")-1))
	if got := len(filepath.Join(runtime, "gclaude", "ssh")); got != 50 {
		t.Fatalf("setup: %d bytes", got)
	}
	t.Setenv("XDG_RUNTIME_DIR", runtime)
	t.Setenv("XDG_CACHE_HOME", runtime)
	t.Setenv("TMPDIR", short)
	dir, err := DefaultControlDir()
	if err != nil {
		t.Fatal(err)
	}
	if n := len(dir) + len("/") + 40 + len(".XXXXXXXXXXXXXXXX"); n > maxSocketPath {
		t.Fatalf("DefaultControlDir() = %s: ssh's temporary socket path would be %d bytes, more than %d", dir, n, maxSocketPath)
	}
	if !strings.HasPrefix(dir, short+string(filepath.Separator)) {
		t.Errorf("DefaultControlDir() = %s, want the folder in the temporary folder", dir)
	}
}

// Another local user created the shared fallback folder first (or put a symbolic link
// to a folder of theirs there) and listens on the socket name gclaude's ssh would
// use: that folder is never used; the sockets go into a fresh one of the user's own,
// mode 0700.
func TestDefaultControlDirNeverUsesAFolderOthersReach(t *testing.T) {
	shared, err := os.MkdirTemp("/tmp", "c")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(shared) })
	if err := os.Chmod(shared, 0o777|os.ModeSticky); err != nil { // as /tmp is
		t.Fatal(err)
	}
	t.Setenv("XDG_RUNTIME_DIR", "")
	t.Setenv("XDG_CACHE_HOME", "/"+strings.Repeat("c", 90)) // too long for sockets: passed over
	t.Setenv("TMPDIR", shared)
	squatted := filepath.Join(shared, "gclaude-ssh-"+strconv.Itoa(os.Getuid()))
	theirs := t.TempDir()

	plants := map[string]func(){
		"a folder everyone may enter": func() {
			if err := os.Mkdir(squatted, 0o777); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(squatted, 0o777); err != nil {
				t.Fatal(err)
			}
		},
		"a symbolic link to another folder": func() {
			if err := os.Symlink(theirs, squatted); err != nil {
				t.Fatal(err)
			}
		},
	}
	if os.Getuid() == 0 {
		plants["another user's private folder"] = func() {
			if err := os.Mkdir(squatted, 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.Chown(squatted, 4242, 4242); err != nil {
				t.Fatal(err)
			}
		}
	}
	for name, plant := range plants {
		t.Run(name, func(t *testing.T) {
			_ = os.RemoveAll(squatted)
			plant()
			dir, err := DefaultControlDir()
			if err != nil {
				t.Fatal(err)
			}
			if dir == squatted || strings.HasPrefix(dir, theirs) {
				t.Fatalf("DefaultControlDir() = %s: the folder another user controls", dir)
			}
			info, err := os.Lstat(dir)
			if err != nil || !info.IsDir() || info.Mode().Perm() != 0o700 {
				t.Fatalf("DefaultControlDir() = %s (%v, %v): want a folder of mode 0700", dir, info.Mode(), err)
			}
			if !strings.HasPrefix(dir, squatted+"-") {
				t.Errorf("DefaultControlDir() = %s: want a fresh folder beside %s", dir, squatted)
			}
		})
	}
}

// privateTempDir is a test's temporary folder with mode 0700, as a ControlPath folder
// must be (t.TempDir's own is 0755).
func privateTempDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	return dir
}

// A ControlPath folder given outright is held to the same rule.
func TestNewSSHHostRefusesAControlDirOthersReach(t *testing.T) {
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	if _, err := NewSSHHost("box", SSHSettings{ControlDir: dir}); err == nil || !strings.Contains(err.Error(), "others may reach it") {
		t.Fatalf("NewSSHHost with a folder of mode 0777: %v", err)
	}
}
