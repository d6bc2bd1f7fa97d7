package process

import (
	"os"
	"path/filepath"
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
