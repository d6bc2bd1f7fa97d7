package files

import (
	"context"
	"errors"
	"sort"
	"strings"
	"time"
)

// ErrTruncated comes with a partial list: the limit or the time budget was reached.
var ErrTruncated = errors.New("files: list cut short")

// budget bounds how long List spends on a tree.
const budget = 3 * time.Second

// List returns the paths under root, relative to it and slash-separated, sorted:
// files, and directories with a trailing "/". Inside a git work tree it asks git
// (tracked files and untracked ones that are not ignored); elsewhere it walks the
// tree, skipping .git, node_modules, hidden directories and what the top-level
// .gitignore ignores. At most limit paths (limit > 0) are returned; if there were
// more, or the time budget ran out, the paths found so far come with ErrTruncated.
func List(ctx context.Context, root string, limit int) ([]string, error) {
	parent := ctx
	if err := parent.Err(); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(parent, budget)
	defer cancel()
	c := &collector{limit: limit, dirs: map[string]bool{}}
	err := listGit(ctx, root, c)
	if errors.Is(err, errNotGit) {
		c.reset()
		err = walk(ctx, root, c)
	}
	sort.Strings(c.paths)
	switch {
	case parent.Err() != nil:
		err = parent.Err()
	case errors.Is(err, errFull), ctx.Err() != nil: // the limit, or our own budget
		err = ErrTruncated
	}
	return c.paths, err
}

// errFull stops a listing that reached the limit.
var errFull = errors.New("files: limit reached")

// collector gathers paths and the directories above them, up to a limit.
type collector struct {
	limit int
	paths []string
	dirs  map[string]bool
}

func (c *collector) reset() {
	c.paths = c.paths[:0]
	clear(c.dirs)
}

func (c *collector) full() bool { return c.limit > 0 && len(c.paths) >= c.limit }

// addFile adds a file and the directories above it; errFull once the limit is hit.
func (c *collector) addFile(rel string) error {
	for i := strings.IndexByte(rel, '/'); i >= 0; i = nextSlash(rel, i) {
		if err := c.addDir(rel[:i+1]); err != nil {
			return err
		}
	}
	return c.add(rel)
}

func nextSlash(s string, i int) int {
	j := strings.IndexByte(s[i+1:], '/')
	if j < 0 {
		return -1
	}
	return i + 1 + j
}

// addDir adds a directory (with its trailing slash) once.
func (c *collector) addDir(dir string) error {
	if c.dirs[dir] {
		return nil
	}
	c.dirs[dir] = true
	return c.add(dir)
}

func (c *collector) add(p string) error {
	if c.full() {
		return errFull
	}
	c.paths = append(c.paths, p)
	return nil
}
