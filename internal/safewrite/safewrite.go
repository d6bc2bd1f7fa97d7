// Package safewrite writes a whole file so that nobody ever sees half of it, never
// follows a symbolic link, and never replaces a file unless told to.
package safewrite

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrExists means the file is already there and was left alone.
var ErrExists = errors.New("already exists")

// SymlinkError means the path is a symbolic link; nothing was written, to it or
// through it.
type SymlinkError struct {
	Path, Target string
}

func (e *SymlinkError) Error() string {
	return fmt.Sprintf("%s is a symbolic link (to %s); it was not followed", e.Path, e.Target)
}

// NotRegularError means the path is a folder, device or the like.
type NotRegularError struct{ Path string }

func (e *NotRegularError) Error() string { return e.Path + " is not a regular file" }

// Create writes data to a new file at path, atomically: the data goes to a temporary
// file in the same folder, which is then hard-linked to path. link(2) fails when path
// exists in any form (a symbolic link included, which it does not follow), so an
// existing file is never replaced, even one created a moment ago: the result is then
// ErrExists (or *SymlinkError). On a file system without hard links it falls back to a
// check followed by a rename, which leaves a window of a moment.
func Create(path string, data []byte, perm fs.FileMode) error {
	if err := refuseExisting(path); err != nil {
		return err
	}
	tmp, err := writeTemp(path, data, perm)
	if err != nil {
		return err
	}
	defer os.Remove(tmp) // after a link, the temporary name goes; the file stays
	err = os.Link(tmp, path)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, fs.ErrExist):
		return refuseExisting(path) // created meanwhile: say what is there now
	}
	// No hard links here (some network and FUSE file systems): check, then rename.
	if err := refuseExisting(path); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// Replace writes data to path atomically (temporary file, then rename over it),
// whether or not a regular file is there. A symbolic link or anything but a regular
// file at path is refused: rename would replace the link itself, which is never what
// was meant by "replace the file".
func Replace(path string, data []byte, perm fs.FileMode) error {
	if err := refuseOdd(path); err != nil {
		return err
	}
	tmp, err := writeTemp(path, data, perm)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		_ = os.Remove(tmp)
		return err
	}
	return nil
}

// refuseExisting is ErrExists (or the reason it is odd) when anything is at path.
func refuseExisting(path string) error {
	if err := refuseOdd(path); err != nil {
		return err
	}
	if _, err := os.Lstat(path); err == nil {
		return fmt.Errorf("%s %w", path, ErrExists)
	}
	return nil
}

// refuseOdd rejects a symbolic link or a non-regular file at path.
func refuseOdd(path string) error {
	fi, err := os.Lstat(path)
	switch {
	case err != nil:
		return nil // nothing there (or unreadable: the write will say why)
	case fi.Mode()&fs.ModeSymlink != 0:
		target, _ := os.Readlink(path)
		return &SymlinkError{Path: path, Target: target}
	case !fi.Mode().IsRegular():
		return &NotRegularError{Path: path}
	}
	return nil
}

// writeTemp writes data to a new temporary file next to path and returns its name.
func writeTemp(path string, data []byte, perm fs.FileMode) (string, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return "", err
	}
	name := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(perm)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.Remove(name)
		return "", err
	}
	return name, nil
}
