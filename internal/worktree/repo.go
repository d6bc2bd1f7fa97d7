package worktree

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// repoDirs are the two folders of a repository that matter here.
type repoDirs struct {
	root      string // the main checkout's root, where worktrees go
	commonDir string // the git directory every worktree shares (info/exclude lives there)
}

// findRepo finds the repository holding dir: ErrNotGit outside of one (or inside a
// .git folder, which has no checkout), an error for a bare repository.
func findRepo(ctx context.Context, dir string) (repoDirs, error) {
	out, err := git(ctx, dir, nil, "rev-parse", "--path-format=absolute", "--is-inside-work-tree", "--git-common-dir")
	if err != nil {
		if strings.Contains(err.Error(), "not a git repository") {
			return repoDirs{}, fmt.Errorf("%s: %w", dir, ErrNotGit)
		}
		return repoDirs{}, err
	}
	lines := splitLines(out)
	if len(lines) != 2 || lines[0] != "true" {
		return repoDirs{}, fmt.Errorf("%s: %w", dir, ErrNotGit)
	}
	paths, err := listWorktrees(ctx, dir)
	if err != nil {
		return repoDirs{}, err
	}
	if len(paths) == 0 || paths[0] == "" {
		return repoDirs{}, fmt.Errorf("%s: the repository is bare, it has no main checkout to put worktrees in", dir)
	}
	return repoDirs{root: resolve(paths[0]), commonDir: resolve(lines[1])}, nil
}

// listWorktrees lists the registered worktrees' folders, the main checkout first ("" when
// the repository is bare).
func listWorktrees(ctx context.Context, dir string) ([]string, error) {
	out, err := git(ctx, dir, nil, "worktree", "list", "--porcelain", "-z")
	if err != nil {
		return nil, err
	}
	var paths []string
	for _, field := range splitNUL(out) {
		switch {
		case strings.HasPrefix(field, "worktree "):
			paths = append(paths, strings.TrimPrefix(field, "worktree "))
		case field == "bare" && len(paths) > 0:
			paths[len(paths)-1] = ""
		}
	}
	return paths, nil
}

// resolve makes a path absolute with its symbolic links resolved, so that paths from
// git and from the caller compare equal (on macOS /tmp is /private/tmp).
func resolve(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		p = r
	}
	if a, err := filepath.Abs(p); err == nil {
		p = a
	}
	return filepath.Clean(p)
}

// excludeFolder adds the worktrees folder to the repository's info/exclude once, so
// that worktrees do not show as untracked files in the main checkout.
func excludeFolder(commonDir string) error {
	const line = "/" + Folder + "/"
	path := filepath.Join(commonDir, "info", "exclude")
	data, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	for _, l := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(l) == line {
			return nil
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	add := line + "\n"
	if len(data) > 0 && !strings.HasSuffix(string(data), "\n") {
		add = "\n" + add
	}
	_, err = f.WriteString("# worktrees made by gclaude and Claude Code\n" + add)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
