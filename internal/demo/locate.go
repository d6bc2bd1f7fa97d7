package demo

import (
	"os"
	"path/filepath"

	"github.com/gclaude/gclaude/process"
)

// PinnedVersion is the CLI version the tour is written and tested against; `make demo`
// installs it under .cache/claude-cli in the source tree.
const PinnedVersion = "2.1.332"

// pinnedUnderRoot is where `make claude-cli` puts the pinned CLI, relative to the
// source tree's root.
var pinnedUnderRoot = filepath.Join(".cache", "claude-cli", "node_modules", ".bin", "claude")

// FindBinary picks the CLI for the demo: explicit (--claude-bin) or $CLAUDE_BIN when
// set, else the pinned CLI of a gclaude source tree around the working directory or the
// gclaude executable, else the user's own claude (see process.FindBinary).
func FindBinary(explicit string) (string, error) {
	if explicit == "" && os.Getenv("CLAUDE_BIN") == "" {
		if bin, ok := findPinned(); ok {
			return bin, nil
		}
	}
	return process.FindBinary(explicit)
}

// findPinned looks for the pinned CLI in the source tree that holds the working
// directory or the running executable (bin/gclaude).
func findPinned() (string, bool) {
	var starts []string
	if wd, err := os.Getwd(); err == nil {
		starts = append(starts, wd)
	}
	if exe, err := os.Executable(); err == nil {
		if exe, err = filepath.EvalSymlinks(exe); err == nil {
			starts = append(starts, filepath.Dir(exe))
		}
	}
	for _, start := range starts {
		for dir := start; ; dir = filepath.Dir(dir) {
			if bin, ok := pinnedIn(dir); ok {
				return bin, true
			}
			if filepath.Dir(dir) == dir {
				break
			}
		}
	}
	return "", false
}

// pinnedIn reports the pinned CLI under root, if root is a Go module holding one.
func pinnedIn(root string) (string, bool) {
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		return "", false
	}
	bin := filepath.Join(root, pinnedUnderRoot)
	info, err := os.Stat(bin) // follows the node_modules/.bin symlink
	if err != nil || info.IsDir() || info.Mode().Perm()&0o111 == 0 {
		return "", false
	}
	return bin, true
}
