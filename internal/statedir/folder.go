package statedir

import (
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// MakeFolder creates dir, a folder of the state folder (history, workspaces), with
// mode 0700, and refuses one that is not the user's to keep: owned by another user,
// or writable by others. $XDG_STATE_HOME may name a shared place, and what gclaude
// keeps there (prompts, which can hold secrets; the sessions to start at launch)
// must not be another user's to read, replace or plant.
func MakeFolder(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	info, err := os.Stat(dir)
	if err != nil {
		return err
	}
	if st, ok := info.Sys().(*syscall.Stat_t); !ok || int(st.Uid) != os.Getuid() {
		return fmt.Errorf("%s belongs to another user: gclaude keeps nothing there", dir)
	}
	if info.Mode().Perm()&0o022 != 0 {
		return fmt.Errorf("%s is writable by others (mode %04o): gclaude keeps nothing there", dir, info.Mode().Perm())
	}
	if !info.IsDir() {
		return &fs.PathError{Op: "mkdir", Path: dir, Err: syscall.ENOTDIR}
	}
	return nil
}
