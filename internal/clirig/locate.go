package clirig

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// PinnedVersion is the CLI version the project's tests and captures are made with.
const PinnedVersion = "2.1.328"

// binUnderRoot is where `make claude-cli` installs the pinned CLI, relative to the
// module root.
var binUnderRoot = filepath.Join(".cache", "claude-cli", "node_modules", ".bin", "claude")

// ModuleRoot walks up from the working directory to the directory holding go.mod.
func ModuleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("clirig: no go.mod above the working directory")
		}
		dir = parent
	}
}

// BinaryPath locates the CLI: $CLAUDE_BIN if set, else the pinned install under the
// module root. It checks that the file exists and is executable.
func BinaryPath() (string, error) {
	path := os.Getenv("CLAUDE_BIN")
	if path == "" {
		root, err := ModuleRoot()
		if err != nil {
			return "", err
		}
		path = filepath.Join(root, binUnderRoot)
	}
	info, err := os.Stat(path) // follows the node_modules/.bin symlink
	if err != nil {
		return "", fmt.Errorf("clirig: claude CLI: %w", err)
	}
	if info.IsDir() || info.Mode().Perm()&0o111 == 0 {
		return "", fmt.Errorf("clirig: claude CLI at %s is not an executable file", path)
	}
	return path, nil
}

// Require returns the CLI's path for an end-to-end test. A missing CLI fails the test
// with instructions; with GCLAUDE_SKIP_E2E=1 in the environment the test is skipped
// instead (whether or not the CLI is installed).
func Require(t testing.TB) string {
	t.Helper()
	if os.Getenv("GCLAUDE_SKIP_E2E") == "1" {
		t.Skip("end-to-end test skipped: GCLAUDE_SKIP_E2E=1")
	}
	bin, err := BinaryPath()
	if err != nil {
		t.Fatalf("the real claude CLI is needed for this end-to-end test: %v\n"+
			"Run `make claude-cli` to install the pinned CLI %s (or point CLAUDE_BIN at one; "+
			"GCLAUDE_SKIP_E2E=1 skips these tests).", err, PinnedVersion)
	}
	if v, err := Version(bin); err != nil {
		t.Fatalf("clirig: %s --version: %v", bin, err)
	} else if v != PinnedVersion {
		t.Logf("clirig: warning: claude CLI %s is version %s, tests are written for %s", bin, v, PinnedVersion)
	}
	return bin
}

var versions sync.Map // bin path → string; --version is asked once per process

// Version runs `bin --version` (no network, no HOME needed) and returns e.g. "2.1.328".
func Version(bin string) (string, error) {
	if v, ok := versions.Load(bin); ok {
		return v.(string), nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--version")
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.TempDir()}
	out, err := cmd.Output()
	if err != nil {
		return "", err
	}
	v, _, _ := strings.Cut(strings.TrimSpace(string(out)), " ")
	versions.Store(bin, v)
	return v, nil
}
