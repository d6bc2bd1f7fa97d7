package files

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// skippedDirs are never walked into.
var skippedDirs = map[string]bool{".git": true, "node_modules": true}

// walk adds the paths under root, for trees that are not git work trees. The
// caller's context carries the time budget.
func walk(ctx context.Context, root string, c *collector) error {
	var rules []ignoreRule
	if data, err := os.ReadFile(filepath.Join(root, ".gitignore")); err == nil {
		rules = parseIgnore(string(data))
	}
	n := 0
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == root {
				return err
			}
			return nil // an unreadable corner of the tree is left out
		}
		if p == root {
			return nil
		}
		if n++; n%256 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return nil
		}
		rel = filepath.ToSlash(rel)
		name := d.Name()
		if d.IsDir() {
			if skippedDirs[name] || strings.HasPrefix(name, ".") || ignored(rules, rel, true) {
				return filepath.SkipDir
			}
			return c.addDir(rel + "/")
		}
		if ignored(rules, rel, false) {
			return nil
		}
		return c.add(rel)
	})
}
