package clirig

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/gclaude/gclaude/internal/demo"
)

// The pin lives in the Makefile (what `make claude-cli` installs) and in two constants
// (what the tests and the demo expect): they must name the same version.
func TestPinnedVersionMatchesMakefile(t *testing.T) {
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	makefile, err := os.ReadFile(filepath.Join(root, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^CLI_VERSION\s*:=\s*(\S+)`).FindSubmatch(makefile)
	if m == nil {
		t.Fatal("no CLI_VERSION := … in the Makefile")
	}
	pin := string(m[1])
	for name, v := range map[string]string{"clirig.PinnedVersion": PinnedVersion, "demo.PinnedVersion": demo.PinnedVersion} {
		if v != pin {
			t.Errorf("the Makefile pins %s, %s is %s", pin, name, v)
		}
	}
}
