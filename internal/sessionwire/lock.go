package sessionwire

import (
	"fmt"
	"os"
	"time"

	"golang.org/x/sys/unix"
)

// lockWait bounds waiting for another screen that is starting the server.
const lockWait = 15 * time.Second

// Lock takes the exclusive lock at path (flock), waiting up to lockWait, and returns
// its release. A lock held by a process that died is free: the kernel drops it.
func Lock(path string) (func(), error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, fmt.Errorf("session server lock: %w", err) // wraps os.ErrNotExist when its folder is gone
	}
	deadline := time.Now().Add(lockWait)
	for {
		err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
		if err == nil {
			return func() { _ = unix.Flock(int(f.Fd()), unix.LOCK_UN); _ = f.Close() }, nil
		}
		if err != unix.EWOULDBLOCK && err != unix.EINTR {
			_ = f.Close()
			return nil, fmt.Errorf("session server lock %s: %w", path, err)
		}
		if time.Now().After(deadline) {
			_ = f.Close()
			return nil, fmt.Errorf("session server lock %s: still held after %v by another gclaude starting or stopping the server", path, lockWait)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
