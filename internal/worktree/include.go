package worktree

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// IncludeFile lists, in gitignore syntax, the ignored files of the main checkout
// that a new worktree gets a copy of (.env files, local settings).
const IncludeFile = ".worktreeinclude"

// CopyIncluded copies into the worktree the files of the main checkout that are
// untracked, ignored by git and matched by .worktreeinclude, as Claude Code does, and
// returns their paths relative to the root, with slashes. Git itself does the matching.
// Symbolic links are skipped, and so is anything that would be written outside the
// worktree or over a file already in it. No .worktreeinclude: nothing is copied.
func CopyIncluded(wt Worktree) ([]string, error) {
	ctx := context.Background()
	patterns := filepath.Join(wt.Repo, IncludeFile)
	if fi, err := os.Lstat(patterns); err != nil || !fi.Mode().IsRegular() {
		return nil, nil
	}
	candidates, err := includedFiles(ctx, wt.Repo, patterns)
	if err != nil {
		return nil, err
	}
	src, err := os.OpenRoot(wt.Repo)
	if err != nil {
		return nil, err
	}
	defer src.Close()
	dst, err := os.OpenRoot(wt.Path)
	if err != nil {
		return nil, err
	}
	defer dst.Close()
	var copied []string
	for _, rel := range candidates {
		ok, err := copyOne(src, dst, rel)
		if err != nil {
			return copied, fmt.Errorf("copying %s into the worktree: %w", rel, err)
		}
		if ok {
			copied = append(copied, rel)
		}
	}
	return copied, nil
}

// includedFiles lists the untracked files matching the patterns file, then keeps those
// git ignores. Files in worktrees (under the worktrees folder) are never candidates.
func includedFiles(ctx context.Context, repo, patterns string) ([]string, error) {
	out, err := git(ctx, repo, nil, "ls-files", "-z", "--others", "--ignored", "--exclude-from="+patterns)
	if err != nil {
		return nil, err
	}
	var matched []string
	for _, rel := range splitNUL(out) {
		if strings.HasPrefix(rel, Folder+"/") || !filepath.IsLocal(filepath.FromSlash(rel)) {
			continue // in a worktree's folder (git skips live ones itself), or a path to distrust
		}
		matched = append(matched, rel)
	}
	if len(matched) == 0 {
		return nil, nil
	}
	out, err = git(ctx, repo, []byte(strings.Join(matched, "\x00")+"\x00"), "check-ignore", "-z", "--stdin")
	if err != nil && exitCode(err) != 1 { // 1: none of them is ignored
		return nil, err
	}
	return splitNUL(out), nil
}

// copyOne copies one regular file from src to the same place in dst, creating its
// folders. It copies nothing (false) when the source is not a regular file, when a
// folder on the way in dst is a symbolic link or not a folder, or when something is
// already at the destination. os.Root keeps every access inside the two roots.
func copyOne(src, dst *os.Root, rel string) (bool, error) {
	name := filepath.FromSlash(rel)
	fi, err := src.Lstat(name)
	if err != nil || !fi.Mode().IsRegular() {
		return false, nil
	}
	if !plainFolders(dst, path.Dir(rel)) {
		return false, nil
	}
	if _, err := dst.Lstat(name); !errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if dir := filepath.Dir(name); dir != "." {
		if err := dst.MkdirAll(dir, 0o755); err != nil {
			return false, err
		}
	}
	in, err := src.Open(name)
	if err != nil {
		return false, err
	}
	defer in.Close()
	out, err := dst.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, fi.Mode().Perm())
	if err != nil {
		return false, err
	}
	_, err = io.Copy(out, in)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = dst.Remove(name)
		return false, err
	}
	return true, nil
}

// plainFolders is true when every existing folder on the slash path dir in root is a
// real folder, not a symbolic link (which could lead elsewhere in the worktree).
func plainFolders(root *os.Root, dir string) bool {
	if dir == "." {
		return true
	}
	p := ""
	for _, part := range strings.Split(dir, "/") {
		p = path.Join(p, part)
		fi, err := root.Lstat(filepath.FromSlash(p))
		if errors.Is(err, fs.ErrNotExist) {
			return true
		}
		if err != nil || !fi.IsDir() {
			return false
		}
	}
	return true
}
