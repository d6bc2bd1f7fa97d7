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
const PinnedVersion = "2.1.332"

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

// RequireEnv, set to 1 (as `make test` does), turns a missing CLI or tool into a test
// failure; otherwise a plain `go test` skips the tests that need them, saying why.
const RequireEnv = "GCLAUDE_REQUIRE_E2E"

// Require returns the CLI's path for an end-to-end test. With GCLAUDE_SKIP_E2E=1 the
// test is skipped; a missing CLI skips it with instructions, or fails it under
// GCLAUDE_REQUIRE_E2E=1.
func Require(t testing.TB) string {
	t.Helper()
	if os.Getenv("GCLAUDE_SKIP_E2E") == "1" {
		t.Skip("end-to-end test skipped: GCLAUDE_SKIP_E2E=1")
	}
	bin, err := BinaryPath()
	if err != nil {
		Missing(t, fmt.Sprintf("the real claude CLI: %v. Run `make claude-cli` to install the pinned CLI %s "+
			"(or point CLAUDE_BIN at one)", err, PinnedVersion))
	}
	if v, err := Version(bin); err != nil {
		t.Fatalf("clirig: %s --version: %v", bin, err)
	} else if v != PinnedVersion {
		t.Logf("clirig: warning: claude CLI %s is version %s, tests are written for %s", bin, v, PinnedVersion)
	}
	return bin
}

// RequireTool is Require for a program on PATH (tmux): skipped when GCLAUDE_SKIP_E2E=1,
// and when it is missing, skipped or failed as Require does.
func RequireTool(t testing.TB, name, install string) string {
	t.Helper()
	if os.Getenv("GCLAUDE_SKIP_E2E") == "1" {
		t.Skip("end-to-end test skipped: GCLAUDE_SKIP_E2E=1")
	}
	path, err := exec.LookPath(name)
	if err != nil {
		Missing(t, fmt.Sprintf("%s: %v. %s", name, err, install))
	}
	return path
}

// Missing ends a test that lacks something it needs: a failure under
// GCLAUDE_REQUIRE_E2E=1, a skip naming what is missing otherwise.
func Missing(t testing.TB, what string) {
	t.Helper()
	if os.Getenv(RequireEnv) == "1" {
		t.Fatalf("this end-to-end test needs %s (%s=1 makes that a failure)", what, RequireEnv)
	}
	t.Skip("end-to-end test skipped: it needs " + what)
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
