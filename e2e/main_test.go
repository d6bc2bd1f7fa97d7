package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/gclaude/gclaude/internal/clirig"
)

// binDir holds the gclaude binary built for this run; TestMain removes it.
var binDir string

var build struct {
	once sync.Once
	path string
	err  error
}

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "gclaude-e2e-bin")
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		os.Exit(2)
	}
	binDir = dir
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

// binEnv names a gclaude binary to test instead of building one (a release build, or
// a build of a known commit while the checkout is mid-edit).
const binEnv = "GCLAUDE_E2E_BIN"

// gclaudeBinary builds gclaude from the module root the first time a test asks for it,
// so a run that selects no end-to-end test builds nothing.
func gclaudeBinary(t *testing.T) string {
	t.Helper()
	build.once.Do(func() {
		if p := os.Getenv(binEnv); p != "" {
			build.path, build.err = filepath.Abs(p)
			return
		}
		root, err := clirig.ModuleRoot()
		if err != nil {
			build.err = err
			return
		}
		goBin, err := exec.LookPath("go")
		if err != nil {
			build.err = fmt.Errorf("the go command is needed to build gclaude: %w", err)
			return
		}
		out := filepath.Join(binDir, "gclaude")
		cmd := exec.Command(goBin, "build", "-o", out, ".")
		cmd.Dir = root
		if b, err := cmd.CombinedOutput(); err != nil {
			build.err = fmt.Errorf("go build: %v\n%s", err, b)
			return
		}
		build.path = out
	})
	if build.err != nil {
		t.Fatalf("building gclaude: %v", build.err)
	}
	return build.path
}
