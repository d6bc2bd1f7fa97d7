//go:build linux

package procstat

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
)

// RSS is the resident memory of process pid, in bytes, from /proc/PID/status.
// A process that is gone is ErrGone.
func RSS(pid int) (int64, error) {
	if pid <= 0 {
		return 0, fmt.Errorf("process %d: %w", pid, ErrGone)
	}
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/status")
	if errors.Is(err, fs.ErrNotExist) {
		return 0, fmt.Errorf("process %d: %w", pid, ErrGone)
	}
	if err != nil {
		return 0, err
	}
	defer f.Close()
	n, err := parseVmRSS(f)
	if err != nil {
		return 0, fmt.Errorf("process %d: %w", pid, err)
	}
	return n, nil
}
