// Package goldentest compares rendered screens with golden files, for tests of packages
// whose goldens live in the repository's testdata (so they cannot use the per-test
// layout of charmbracelet/x/exp/golden).
package goldentest

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/aymanbagabas/go-udiff"
)

// Require compares got with the golden file at path, raw, escape sequences included.
// With update it first (re)writes the file. A difference fails the test with a diff
// whose escape sequences are made visible.
func Require(t testing.TB, path, got string, update bool) {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if string(want) != got {
		t.Fatalf("screen differs from %s:\n%s", path, udiff.Unified("golden", "got", escape(string(want)), escape(got)))
	}
}

// escape quotes each line on its own, so the diff stays line by line.
func escape(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		q := strconv.Quote(l)
		lines[i] = q[1 : len(q)-1]
	}
	return strings.Join(lines, "\n")
}
