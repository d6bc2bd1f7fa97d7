// Package privatedir makes folders only their owner can enter, for sockets and state
// other users must not reach or plant.
//
// This is the session server's minimal copy (issue 29); the fuller one comes with the
// hostile-environment work and keeps the same signature.
package privatedir

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// Make returns parent/name as a folder of mode 0700, creating it (and parent) when
// missing. An existing parent/name is used only when lstat says it is a real directory
// (not a symbolic link) owned by this user with no group or other permission bits;
// otherwise Make makes a fresh private folder beside it (parent/name-XXXXXX) and
// returns that path, so callers that need a stable place compare the result with
// filepath.Join(parent, name).
func Make(parent, name string) (string, error) {
	if err := os.MkdirAll(parent, 0o700); err != nil {
		return "", fmt.Errorf("privatedir: %w", err)
	}
	want := filepath.Join(parent, name)
	err := os.Mkdir(want, 0o700)
	if err == nil {
		return want, nil // created by us: mode is 0700 less the umask, never more
	}
	if !os.IsExist(err) {
		return "", fmt.Errorf("privatedir: %w", err)
	}
	if private(want) == nil {
		return want, nil
	}
	fresh, err := os.MkdirTemp(parent, name+"-")
	if err != nil {
		return "", fmt.Errorf("privatedir: %w", err)
	}
	return fresh, nil
}

// private says why path is not a private folder of this user (nil when it is one):
// a real directory, owned by the effective uid, with no group or other bits.
func private(path string) error {
	fi, err := os.Lstat(path)
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return fmt.Errorf("%s is not a directory", path)
	}
	if fi.Mode().Perm()&0o077 != 0 {
		return fmt.Errorf("%s can be entered by other users (mode %#o)", path, fi.Mode().Perm())
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && int(st.Uid) != os.Geteuid() {
		return fmt.Errorf("%s belongs to another user (uid %d)", path, st.Uid)
	}
	return nil
}
