// Package privatedir makes folders only the current user can reach, for what gclaude
// keeps in shared places (ssh's ControlPath sockets, the session server's socket):
// another local user who created the folder first, or put a symbolic link at its
// name, must never get gclaude to connect to, or write into, something of theirs.
package privatedir

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// Make returns parent/name, created with mode 0700, or that folder as it already is
// when Check finds it private. Anything else at that name (a symbolic link, another
// user's folder, a folder others may enter, a file) is left alone and a fresh private
// folder is made beside it with os.MkdirTemp(parent, name+"-"). A parent that others
// could rename things in (writable by them without the sticky bit, or owned by
// someone else) is refused: nothing made in it would stay private.
func Make(parent, name string) (string, error) {
	if name == "" || name != filepath.Base(name) || name == "." || name == ".." {
		return "", fmt.Errorf("privatedir: %q is not a folder name", name)
	}
	if err := os.MkdirAll(parent, 0o700); err != nil {
		return "", fmt.Errorf("privatedir: %w", err)
	}
	if err := checkParent(parent); err != nil {
		return "", err
	}
	dir := filepath.Join(parent, name)
	err := os.Mkdir(dir, 0o700)
	if err != nil && !errors.Is(err, fs.ErrExist) {
		return "", fmt.Errorf("privatedir: %w", err)
	}
	// Checked even when just made: the umask, or a race with another user, decides
	// nothing.
	if Check(dir) == nil {
		return dir, nil
	}
	fresh, err := os.MkdirTemp(parent, name+"-")
	if err != nil {
		return "", fmt.Errorf("privatedir: %s is not private, and no other folder could be made: %w", dir, err)
	}
	if err := Check(fresh); err != nil {
		return "", err
	}
	return fresh, nil
}

// Check says why dir is not private: it must be a folder itself (lstat: not a
// symbolic link to one), owned by the current user, with no permission for group
// or others.
func Check(dir string) error {
	info, err := os.Lstat(dir)
	if err != nil {
		return fmt.Errorf("privatedir: %w", err)
	}
	switch {
	case info.Mode()&fs.ModeSymlink != 0:
		return fmt.Errorf("privatedir: %s is a symbolic link", dir)
	case !info.IsDir():
		return fmt.Errorf("privatedir: %s is not a folder", dir)
	}
	if uid, ok := owner(info); !ok || uid != os.Getuid() {
		return fmt.Errorf("privatedir: %s belongs to another user (uid %d)", dir, uid)
	}
	if perm := info.Mode().Perm(); perm&0o077 != 0 {
		return fmt.Errorf("privatedir: %s has mode %04o: others may reach it", dir, perm)
	}
	return nil
}

// checkParent refuses a parent in which another user could move our folder away
// and put theirs in its place.
func checkParent(parent string) error {
	info, err := os.Stat(parent)
	if err != nil {
		return fmt.Errorf("privatedir: %w", err)
	}
	if !info.IsDir() {
		return fmt.Errorf("privatedir: %s is not a folder", parent)
	}
	uid, ok := owner(info)
	if !ok || (uid != os.Getuid() && uid != 0) {
		return fmt.Errorf("privatedir: %s belongs to another user (uid %d)", parent, uid)
	}
	if info.Mode().Perm()&0o022 != 0 && info.Mode()&fs.ModeSticky == 0 {
		return fmt.Errorf("privatedir: others may rename what is in %s (mode %04o, no sticky bit)", parent, info.Mode().Perm())
	}
	return nil
}

// owner is the uid that owns the file info describes.
func owner(info fs.FileInfo) (int, bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return -1, false
	}
	return int(st.Uid), true
}
